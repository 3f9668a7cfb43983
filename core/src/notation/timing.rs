//! Time items (docs/design/notation.md §4.3 "Time item", 4.4, 4.6): where the positions of a beat spec
//! are, the warnings about them, and the emission of the buffer there. bar|beat 2
//! adds restated bars in lists, positions before 1|1 (pickups), bar-value steps and
//! the gallop of a duration stream; core texts never reach those paths.

use super::ast::BeatSpec;
use super::error::{ErrorKind, NotationError};
use super::interpreter::{Interpreter, Scanned};
use super::numbers::{floor, rem};
use super::warnings as w;

impl Interpreter {
    /// A time position: one time item per beat spec, each at the bar last written
    /// in the list up to it.
    pub(super) fn time_points(&mut self, bar: f64, scanned: &Scanned) -> Result<(), NotationError> {
        let mut current = bar;
        let pipe = scanned.text.find('|').unwrap_or(0);
        for (i, spec) in scanned.beats.iter().enumerate() {
            let extra = scanned.extras.get(i);
            if let Some(restated) = extra.and_then(|e| e.bar) {
                current = restated;
            }
            let written = extra.and_then(|e| {
                scanned
                    .text
                    .get(pipe + e.text.0 as usize..pipe + e.text.1 as usize)
            });
            self.time_item(current, spec, written)?;
        }
        Ok(())
    }

    /// One beat or one repeat; `written` is the beat spec as written (for W16).
    fn time_item(
        &mut self,
        bar: f64,
        spec: &BeatSpec,
        written: Option<&str>,
    ) -> Result<(), NotationError> {
        let b = self.meter.beats_per_bar;
        match *spec {
            BeatSpec::Beat { beat } => {
                let abs = (bar - 1.0) * b + (beat - 1.0);
                self.warn_before_start(abs, bar, written);
                if self.pending() == 0 {
                    let (bar0, beat0) = borrow(bar, beat, b);
                    self.warnings.push(w::no_pitches(bar0, beat0));
                } else {
                    self.reserve(1.0)?;
                    self.warn_late_change();
                    self.emit_at(abs, 0)?;
                    self.patterns.advance(1);
                }
            }
            BeatSpec::Repeat { start, count, step } => {
                if step.is_some_and(|s| s.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater)) {
                    // Only a bar-value step can get here (`@1bar-n/1`).
                    return Err(NotationError::new(
                        ErrorKind::Interpretation,
                        "Repeat step size must be greater than 0".into(),
                    ));
                }
                let gallop = step.is_none() && self.patterns.duration.is_some();
                let step = step.unwrap_or(self.duration);
                let base = (bar - 1.0) * b + (start - 1.0);
                if count > 100.0 {
                    self.warnings.push(w::excessive_repeat(count));
                }
                self.warn_before_start(base, bar, written);
                if self.pending() == 0 {
                    let (bar0, beat0) = normalise(base, b);
                    self.warnings.push(if count == 1.0 {
                        w::no_pitches(bar0, beat0)
                    } else {
                        w::repeat_no_pitches(bar0, beat0)
                    });
                } else {
                    self.reserve(count)?;
                    self.warn_late_change();
                    let mut position = base;
                    // `count` is at most MAX_NOTES here, so the loop is bounded.
                    for i in 0..count as u64 {
                        let a = if gallop {
                            position
                        } else {
                            base + i as f64 * step
                        };
                        let (bar_i, beat_i) = normalise(a, b);
                        self.emit_at((bar_i - 1.0) * b + (beat_i - 1.0), i)?;
                        if gallop {
                            position += self.patterns.stream_duration(i).unwrap_or(step);
                        }
                    }
                    self.patterns.advance(count as u64);
                }
            }
        }
        self.open = false;
        self.late_change = false;
        self.idle_change = false;
        Ok(())
    }

    /// Position `i` of the current item at `abs` musical beats.
    fn emit_at(&mut self, abs: f64, i: u64) -> Result<(), NotationError> {
        if self.patterns.active() {
            self.emit_patterned(abs, i)
        } else {
            self.emit(abs);
            Ok(())
        }
    }

    /// W16 when the item's first position lies before 1|1.
    fn warn_before_start(&mut self, abs: f64, bar: f64, written: Option<&str>) {
        if abs < 0.0 {
            if let Some(spec) = written {
                self.warnings.push(w::before_start(bar, spec));
            }
        }
    }
}

/// `(bar, beat)` of `abs` musical beats from 1|1 (4.6), with a floored remainder
/// so that positions before 1|1 land in bar 0 or lower.
pub(super) fn normalise(abs: f64, beats_per_bar: f64) -> (f64, f64) {
    let r = rem(abs, beats_per_bar);
    let r = if r < 0.0 { r + beats_per_bar } else { r };
    (floor(abs / beats_per_bar) + 1.0, r + 1.0)
}

/// A beat below 1 written as such: one bar back per bar's worth of beats (the W1
/// text names the position as a reader counts it).
fn borrow(mut bar: f64, mut beat: f64, beats_per_bar: f64) -> (f64, f64) {
    if !beat.is_finite() || beats_per_bar.is_nan() || beats_per_bar <= 0.0 {
        return (bar, beat);
    }
    let mut steps = 0;
    while beat < 1.0 && steps < 64 {
        beat += beats_per_bar;
        bar -= 1.0;
        steps += 1;
    }
    if beat < 1.0 {
        let k = ((1.0 - beat) / beats_per_bar).ceil();
        beat += k * beats_per_bar;
        bar -= k;
    }
    (bar, beat)
}
