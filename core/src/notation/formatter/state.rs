//! The formatter's running state and its token writer (docs/design/notation.md §6.5): a
//! state token is written only when the note's value differs from the last one written.

use super::numfmt::{fmt_decimal, fmt_int, Spelling};
use super::{push_pitch_name, Placed};
use crate::notation::dialect::Dialect;
use crate::notation::note::Meter;

/// Output text plus the state `S` of docs/design/notation.md §6.5.
pub(super) struct Writer<'o> {
    pub(super) out: &'o mut String,
    pub(super) meter: Meter,
    pub(super) spelling: Spelling,
    velocity: f64,
    deviation: f64,
    /// Musical beats.
    pub(super) duration: f64,
    probability: f64,
    /// Velocity, deviation, duration and probability of the last note passed to
    /// [`Writer::state_for`]: the state already fits a note equal to it.
    last: [f64; 4],
    pub(super) dialect: Dialect,
    /// bar|beat 2 states velocity and duration on the first note whatever they are,
    /// so its text never depends on a reader's default duration.
    force: bool,
    /// The next token starts a new line (bar|beat 2: one batch or pad per line).
    line_break: bool,
}

impl<'o> Writer<'o> {
    /// A writer with the interpreter's initial state (v100, t1, p1).
    pub(super) fn new(out: &'o mut String, meter: Meter, dialect: Dialect) -> Self {
        let mut spelling = Spelling::new();
        if dialect == Dialect::V2 {
            spelling.v2_unit = Some(meter.beat_unit());
        }
        Writer {
            out,
            meter,
            spelling,
            dialect,
            force: dialect == Dialect::V2,
            line_break: false,
            velocity: 100.0,
            deviation: 0.0,
            duration: 1.0,
            probability: 1.0,
            last: [f64::NAN; 4],
        }
    }

    /// Starts a new token (a space unless it is the first, or a line break).
    pub(super) fn token(&mut self) -> &mut String {
        self.separate();
        self.out
    }

    /// Starts a new token and returns the output with the spelling memo.
    pub(super) fn token_with_spelling(&mut self) -> (&mut String, &mut Spelling) {
        self.separate();
        (self.out, &mut self.spelling)
    }

    fn separate(&mut self) {
        if !self.out.is_empty() {
            self.out.push(if self.line_break { '\n' } else { ' ' });
        }
        self.line_break = false;
    }

    /// Ends a batch (standard mode) or a pad (drum mode): bar|beat 2 starts a line.
    pub(super) fn end_line(&mut self) {
        self.line_break = self.dialect == Dialect::V2;
    }

    /// Writes a pitch name token.
    pub(super) fn pitch(&mut self, pitch: u8) {
        let out = self.token();
        push_pitch_name(out, pitch);
    }

    /// Writes the state changes needed for `note`, in the order velocity, duration,
    /// probability (docs/design/notation.md §6.5).
    pub(super) fn state_for(&mut self, note: &Placed) {
        let values = [
            note.velocity,
            note.deviation,
            note.duration,
            note.probability,
        ];
        // Consecutive notes often share their state. A NaN compares unequal and so
        // takes the full path below, as it must (it may write a token every time).
        if values == self.last && !self.force {
            return;
        }
        self.last = values;
        let force = std::mem::take(&mut self.force);
        let (v, d) = (note.velocity, note.deviation);
        if d > 0.0 {
            let lo = v.clamp(1.0, 127.0);
            let hi = (lo + d).min(127.0);
            let cur_lo = self.velocity.clamp(1.0, 127.0);
            let cur_hi = (cur_lo + self.deviation).min(127.0);
            if force || (lo, hi) != (cur_lo, cur_hi) {
                let out = self.token();
                out.push('v');
                fmt_int(out, lo);
                if hi != lo {
                    out.push('-');
                    fmt_int(out, hi);
                }
                self.velocity = lo;
                self.deviation = hi - lo;
            }
        } else if force || v != self.velocity || self.deviation > 0.0 {
            let out = self.token();
            out.push('v');
            fmt_int(out, v);
            self.velocity = v;
            self.deviation = 0.0;
        }
        let m = if self.meter.explicit {
            note.duration * self.meter.inverse_scale
        } else {
            note.duration
        };
        if force || (m - self.duration).abs() > 0.001 {
            let v2 = self.dialect == Dialect::V2;
            let (out, spelling) = self.token_with_spelling();
            if v2 {
                out.push('n');
                spelling.note_value(out, note.duration);
            } else {
                out.push('t');
                spelling.unsigned(out, m);
            }
            self.duration = m;
        }
        let q = note.probability;
        if (q - self.probability).abs() > 0.001 {
            let out = self.token();
            out.push('p');
            fmt_decimal(out, q);
            self.probability = q;
        }
    }
}
