//! The parsed form of a transform text (docs/design/transforms.md §3.2): assignments and
//! expressions.

use super::tokens::{BarBeat, PitchToken};

/// The assigned property (docs/design/transforms.md §3.2 `parameter`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Param {
    Pitch,
    Velocity,
    Timing,
    Duration,
    Probability,
    Deviation,
    Gain,
    PitchShift,
}

impl Param {
    /// The name as written (used in warnings).
    pub(crate) fn name(self) -> &'static str {
        match self {
            Param::Pitch => "pitch",
            Param::Velocity => "velocity",
            Param::Timing => "timing",
            Param::Duration => "duration",
            Param::Probability => "probability",
            Param::Deviation => "deviation",
            Param::Gain => "gain",
            Param::PitchShift => "pitchShift",
        }
    }

    /// Whether this parameter belongs to audio clips.
    pub(crate) fn is_audio(self) -> bool {
        matches!(self, Param::Gain | Param::PitchShift)
    }
}

/// The assignment operator (docs/design/transforms.md §4.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AssignOp {
    Set,
    Add,
    Sub,
    Mul,
    Div,
}

impl AssignOp {
    /// The operator as written.
    pub(crate) fn symbol(self) -> &'static str {
        match self {
            AssignOp::Set => "=",
            AssignOp::Add => "+=",
            AssignOp::Sub => "-=",
            AssignOp::Mul => "*=",
            AssignOp::Div => "/=",
        }
    }
}

/// A binary arithmetic operator (docs/design/transforms.md §5.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

/// Fields readable as `note.*` / `next.*` (`Index`/`Count` only for `note.`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NoteField {
    Deviation,
    Velocity,
    Probability,
    Duration,
    Index,
    Pitch,
    Start,
    Count,
}

impl NoteField {
    pub(crate) fn name(self) -> &'static str {
        match self {
            NoteField::Deviation => "deviation",
            NoteField::Velocity => "velocity",
            NoteField::Probability => "probability",
            NoteField::Duration => "duration",
            NoteField::Index => "index",
            NoteField::Pitch => "pitch",
            NoteField::Start => "start",
            NoteField::Count => "count",
        }
    }
}

/// Fields readable as `clip.*`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ClipField {
    BarDuration,
    Position,
    Duration,
    Index,
    Count,
}

impl ClipField {
    pub(crate) fn name(self) -> &'static str {
        match self {
            ClipField::BarDuration => "barDuration",
            ClipField::Position => "position",
            ClipField::Duration => "duration",
            ClipField::Index => "index",
            ClipField::Count => "count",
        }
    }
}

/// A variable (docs/design/transforms.md §3.2 `variable`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Var {
    Note(NoteField),
    Next(NoteField),
    Clip(ClipField),
    /// `audio.gain` (false) or `audio.pitchShift` (true).
    Audio(bool),
}

/// Every function of docs/design/transforms.md §3.2, waveforms first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Func {
    Cos,
    Saw,
    Sin,
    Square,
    Tri,
    Swing,
    Quant,
    Round,
    Floor,
    Ceil,
    Abs,
    Clamp,
    Pow,
    Min,
    Max,
    Rand,
    Seq,
    Choose,
    Ramp,
    Curve,
    Snap,
    Step,
    Wrap,
    Reflect,
    Legato,
}

impl Func {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Func::Cos => "cos",
            Func::Saw => "saw",
            Func::Sin => "sin",
            Func::Square => "square",
            Func::Tri => "tri",
            Func::Swing => "swing",
            Func::Quant => "quant",
            Func::Round => "round",
            Func::Floor => "floor",
            Func::Ceil => "ceil",
            Func::Abs => "abs",
            Func::Clamp => "clamp",
            Func::Pow => "pow",
            Func::Min => "min",
            Func::Max => "max",
            Func::Rand => "rand",
            Func::Seq => "seq",
            Func::Choose => "choose",
            Func::Ramp => "ramp",
            Func::Curve => "curve",
            Func::Snap => "snap",
            Func::Step => "step",
            Func::Wrap => "wrap",
            Func::Reflect => "reflect",
            Func::Legato => "legato",
        }
    }
}

/// A function argument: an expression or, where docs/design/transforms.md §3.3 allows
/// one, a period token.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Arg {
    Expr(Expr),
    /// `B:Nt` (bars 0 for `Nt`), in bars and musical beats.
    Period {
        bars: f64,
        beats: f64,
    },
}

/// An expression (docs/design/transforms.md §3.2 `expr`).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Expr {
    Num(f64),
    Pitch(PitchToken),
    Var(Var),
    Neg(Box<Expr>),
    Bin(BinOp, Box<Expr>, Box<Expr>),
    Call {
        func: Func,
        args: Vec<Arg>,
        /// `sync` (waveforms) or `raw` (swing) was given.
        flag: bool,
    },
}

impl Expr {
    /// Number of nodes, for the work bound of [`super::MAX_WORK`].
    pub(crate) fn size(&self) -> usize {
        match self {
            Expr::Num(_) | Expr::Pitch(_) | Expr::Var(_) => 1,
            Expr::Neg(e) => 1 + e.size(),
            Expr::Bin(_, a, b) => 1 + a.size() + b.size(),
            Expr::Call { args, .. } => {
                1 + args
                    .iter()
                    .map(|a| match a {
                        Arg::Expr(e) => e.size(),
                        Arg::Period { .. } => 1,
                    })
                    .sum::<usize>()
            }
        }
    }
}

/// A pitch selector: one pitch or a range, as written.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct PitchSel {
    pub first: PitchToken,
    pub last: Option<PitchToken>,
}

impl PitchSel {
    /// The inclusive MIDI range.
    pub(crate) fn range(&self) -> (f64, f64) {
        (
            self.first.value,
            self.last.map_or(self.first.value, |l| l.value),
        )
    }
}

/// One line: `[selector:] parameter operator expression`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Assignment {
    pub pitch: Option<PitchSel>,
    pub time: Option<(BarBeat, BarBeat)>,
    /// Whether the time part came first (so checks run in text order).
    pub time_first: bool,
    pub param: Param,
    pub op: AssignOp,
    pub expr: Expr,
}
