//! One stable sort for the whole crate.
//!
//! Every generic call of the standard library's `sort_by` compiles its own copy of the
//! sort (about 2.5 KB of WebAssembly each), and the crate sorts some twenty kinds of
//! lists. The `v8` build is compiled on Live's main thread when the device loads, so its
//! size is load time (docs/design/builds.md). Here the standard sort runs once, on
//! positions, through a comparator object; what stays generic per call site is a few
//! lines that read the items and move them into place.

use std::cmp::Ordering;

/// Sorts `items` stably by `compare`, like `slice::sort_by`.
pub fn sort_by<T>(items: &mut [T], compare: impl Fn(&T, &T) -> Ordering) {
    if items.len() < 2 {
        return;
    }
    let order = stable_order(items.len(), &|a, b| compare(&items[a], &items[b]));
    move_into_order(items, order);
}

/// Sorts `items` stably by the key `key` gives, like `slice::sort_by_key`.
pub fn sort_by_key<T, K: Ord>(items: &mut [T], key: impl Fn(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `items` stably in their natural order, like `slice::sort`.
pub fn sort<T: Ord>(items: &mut [T]) {
    sort_by(items, T::cmp);
}

/// Sorts numbers stably in IEEE total order (`f64::total_cmp`).
pub fn sort_numbers(items: &mut [f64]) {
    sort_by(items, f64::total_cmp);
}

/// The positions `0..len` in stable sorted order: the one instantiation of the
/// standard sort.
fn stable_order(len: usize, compare: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_by(|&a, &b| compare(a, b));
    order
}

/// Moves the item at `order[k]` to position `k` for every `k`, by swaps (each puts one
/// item in its final place).
fn move_into_order<T>(items: &mut [T], order: Vec<usize>) {
    let mut destination = vec![0; order.len()];
    for (to, from) in order.into_iter().enumerate() {
        destination[from] = to;
    }
    for here in 0..items.len() {
        while destination[here] != here {
            let there = destination[here];
            items.swap(here, there);
            destination.swap(here, there);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_keys_keep_their_order() {
        let mut pairs = vec![(2, 'a'), (1, 'b'), (2, 'c'), (1, 'd'), (0, 'e')];
        sort_by_key(&mut pairs, |p| p.0);
        assert_eq!(pairs, [(0, 'e'), (1, 'b'), (1, 'd'), (2, 'a'), (2, 'c')]);
    }

    #[test]
    fn agrees_with_the_standard_sort_on_many_lists() {
        // A small linear congruential generator: deterministic lists with many repeats.
        let mut seed: u64 = 7;
        for len in 0..200 {
            let list: Vec<(u8, usize)> = (0..len)
                .map(|i| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                    ((seed >> 59) as u8, i)
                })
                .collect();
            let mut ours = list.clone();
            let mut standard = list;
            sort_by_key(&mut ours, |p| p.0);
            standard.sort_by_key(|p| p.0);
            assert_eq!(ours, standard);
        }
    }

    #[test]
    fn numbers_sort_in_total_order() {
        let mut xs = [3.0, -0.0, 0.0, -1.5, f64::INFINITY, 2.0];
        sort_numbers(&mut xs);
        assert_eq!(
            xs.map(f64::to_bits),
            [-1.5, -0.0, 0.0, 2.0, 3.0, f64::INFINITY].map(f64::to_bits)
        );
    }
}
