//! What every update-clip step after the split reads ([`ClipUpdate`]) and how a step
//! failure remembers whether Live had already changed.

use crate::live::LiveId;
use crate::tools::clip::update_clip::plan::{ClipTimes, Plan};
use crate::tools::framework::error::ToolError;

use crate::tools::clip::update_clip::args::UpdateClipParams;

/// A failed step, and whether Live had already changed when it failed.
pub struct StepError {
    /// What went wrong.
    pub error: ToolError,
    /// Live had already changed.
    pub changed: bool,
}

/// Tracks whether a step wrote to Live, so failures after a write become warnings.
pub struct Progress {
    /// Live has changed in this clip's update.
    pub changed: bool,
}

impl Progress {
    /// The step error for `error`, remembering whether Live had changed.
    pub fn fail(&self, error: ToolError) -> StepError {
        StepError {
            error,
            changed: self.changed,
        }
    }
}

/// One clip or split segment being updated, with the call's arguments and plan: what
/// every step after the split reads.
pub struct ClipUpdate<'a> {
    /// The call's arguments.
    pub args: &'a UpdateClipParams,
    /// What was checked before the first write.
    pub plan: &'a Plan,
    /// The clip's place in `ids` (its name and colour, its transforms context).
    pub index: usize,
    /// The clip or segment.
    pub clip: LiveId,
    /// A MIDI clip (else audio).
    pub midi: bool,
    /// The signature the call's clip-time values and notes are read in.
    pub sig: (i64, i64),
    /// `start`, `length` and `firstStart` in that signature.
    pub times: &'a ClipTimes,
}
