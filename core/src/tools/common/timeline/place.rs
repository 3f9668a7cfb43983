//! A copy of a clip laid at a start with a length (duplicate's `arrangementStart` and
//! `arrangementLength`, docs/design/tool-rules.md §18): the copy is shaped with the rules of
//! [`set_length`](crate::tools::common::timeline::set_length) so that it covers exactly its own range.

use crate::live::{LiveId, LivePort};
use crate::tools::common::clip::timing::EPS;
use crate::tools::common::timeline::length::{fit, loop_copy_count, Placed};
use crate::tools::common::timeline::{
    clear, copy_to, delete, holding, move_to, rejected, shape, ArrangementClip, Stop,
};
use crate::tools::framework::error::ToolError;
use crate::tools::framework::lom;

/// A clip to lay copies of on one track's timeline: one of the track's session clips
/// or one of its arrangement clips.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CopySource {
    /// The clip copied.
    pub clip: LiveId,
    /// Its length on the timeline (a session clip's `length`, an arrangement clip's
    /// span), so the shape of each copy is decided before anything is placed.
    pub length: f64,
    /// The track whose timeline receives the copies.
    pub track: LiveId,
    /// Regular index of that track.
    pub track_index: usize,
}

impl CopySource {
    fn on(self, clip: LiveId) -> ArrangementClip {
        ArrangementClip {
            clip,
            track: self.track,
            track_index: self.track_index,
        }
    }

    /// A copy of the clip kept in the holding area after every range that ends by
    /// `beyond`: an arrangement clip may be trimmed or deleted by its own copies laid
    /// over it, the kept copy stays whole. Delete it with [`delete`](crate::tools::common::timeline::delete)
    /// when done.
    pub fn stash(self, live: &mut dyn LivePort, beyond: f64) -> Result<CopySource, ToolError> {
        let h = holding(live, beyond)?;
        let kept =
            copy_to(live, self.track, self.clip, h)?.ok_or_else(|| not_copied(self.clip, h))?;
        Ok(CopySource { clip: kept, ..self })
    }
}

fn not_copied(clip: LiveId, at: f64) -> ToolError {
    rejected(format!(
        "Live did not copy clip {clip} to the arrangement at beat {at}"
    ))
}

/// Lays a copy of `from` at `at`, `length` beats long on the timeline, with the rules
/// of [`set_length`](crate::tools::common::timeline::set_length): whatever lay in `[at, at + length)` is
/// replaced (Live's overlap rule) and nothing outside it is touched, so a shorter copy
/// is trimmed in the holding area before it is moved into place. A lengthening that
/// would need more than [`MAX_COPIES`](crate::tools::common::timeline::MAX_COPIES) loop copies is refused
/// before anything is placed.
pub fn place_copy(
    live: &mut dyn LivePort,
    from: CopySource,
    at: f64,
    length: f64,
    stop: Stop<'_>,
) -> Result<Placed, ToolError> {
    if length < from.length - EPS {
        let h = holding(live, at + from.length)?;
        let held =
            copy_to(live, from.track, from.clip, h)?.ok_or_else(|| not_copied(from.clip, at))?;
        if !shape::to_piece(live, held, 0.0, length)? {
            clear(live, from.on(held), h + length, from.length - length)?;
        }
        let Some(placed) = move_to(live, from.on(held), at)? else {
            delete(live, from.track, held)?;
            return Err(not_copied(from.clip, at));
        };
        return Ok(Placed {
            clips: vec![(placed, at)],
            warnings: Vec::new(),
        });
    }
    let lengthened = length > from.length + EPS && from.length > EPS;
    if lengthened && lom::flag(live, from.clip, "looping")? {
        loop_copy_count(from.clip, from.length, length)?;
    }
    let placed =
        copy_to(live, from.track, from.clip, at)?.ok_or_else(|| not_copied(from.clip, at))?;
    fit(live, from.on(placed), (at, from.length), length, stop)
}
