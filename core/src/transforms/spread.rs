//! `legato(tol)` asks, for each note, for the first later note whose start differs by
//! more than `tol`. Scanning forward is quadratic when many notes start together, so a
//! min/max segment tree over the recorded starts answers each question in O(log n).

/// Minimum and maximum of every power-of-two block of the starts.
pub(crate) struct Spread {
    len: usize,
    size: usize,
    min: Vec<f64>,
    max: Vec<f64>,
}

impl Spread {
    /// The tree over `starts` (O(n)).
    pub(crate) fn new(starts: &[f64]) -> Self {
        let size = starts.len().next_power_of_two().max(1);
        let mut min = vec![f64::INFINITY; 2 * size];
        let mut max = vec![f64::NEG_INFINITY; 2 * size];
        for (i, &s) in starts.iter().enumerate() {
            min[size + i] = s;
            max[size + i] = s;
        }
        for node in (1..size).rev() {
            min[node] = min[2 * node].min(min[2 * node + 1]);
            max[node] = max[2 * node].max(max[2 * node + 1]);
        }
        Spread {
            len: starts.len(),
            size,
            min,
            max,
        }
    }

    /// The first index ≥ `from` whose start lies below `lo` or above `hi`.
    pub(crate) fn first_outside(&self, from: usize, lo: f64, hi: f64) -> Option<usize> {
        self.find(1, 0, self.size, from, lo, hi)
    }

    fn find(
        &self,
        node: usize,
        a: usize,
        b: usize,
        from: usize,
        lo: f64,
        hi: f64,
    ) -> Option<usize> {
        if b <= from || a >= self.len || !(self.max[node] > hi || self.min[node] < lo) {
            return None;
        }
        if b - a == 1 {
            return Some(a);
        }
        let mid = (a + b) / 2;
        self.find(2 * node, a, mid, from, lo, hi)
            .or_else(|| self.find(2 * node + 1, mid, b, from, lo, hi))
    }

    /// The first `k > j` with `|starts[k] − starts[j]| > tol`, exactly as that
    /// comparison rounds: the tree proposes candidates with a little slack and each
    /// one is checked with the exact expression.
    pub(crate) fn next_apart(&self, starts: &[f64], j: usize, tol: f64) -> Option<usize> {
        let s = starts[j];
        let slack = 1e-9 * (s.abs() + tol.abs() + 1.0);
        let (lo, hi) = (s - tol + slack, s + tol - slack);
        let mut from = j + 1;
        while let Some(k) = self.first_outside(from, lo, hi) {
            if (starts[k] - s).abs() > tol {
                return Some(k);
            }
            from = k + 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_a_forward_scan() {
        let starts = [0.0, 0.0, 0.01, 0.5, 0.49, 1.0, -2.0, 1.0, 1.000001, 3.0];
        let tree = Spread::new(&starts);
        for j in 0..starts.len() {
            for tol in [-1.0, 0.0, 0.005, 0.01, 0.5, 0.51, 5.0, f64::NAN] {
                let scan = (j + 1..starts.len()).find(|&k| (starts[k] - starts[j]).abs() > tol);
                assert_eq!(tree.next_apart(&starts, j, tol), scan, "j {j} tol {tol}");
            }
        }
    }
}
