//! The mixer steps of update-track: the send decided once per call, and pan in the
//! track's panning mode.

use crate::live::LiveId;
use crate::tools::common::track::mixer;
use crate::tools::framework::call::Call;
use crate::tools::framework::coerce::text_of;
use crate::tools::framework::error::{quoted, ToolError};

use crate::tools::track::update_track::args::UpdateTrackParams;

/// The send to set on every track: its return's index and name, and the level.
pub(super) struct SendPlan {
    /// Index of the return track.
    pub index: usize,
    /// The return track's name.
    pub name: String,
    /// The level in dB.
    pub db: f64,
}

/// The send of docs/design/tool-rules.md §7 step 5, decided once per call: both
/// parameters or neither, and a return that matches.
pub(super) fn send_plan(
    call: &mut Call<'_>,
    p: &UpdateTrackParams,
) -> Result<Option<SendPlan>, ToolError> {
    let (db, which) = match (p.send_gain_db, text_of(&p.send_return)) {
        (None, None) => return Ok(None),
        (Some(db), Some(which)) => (db.get(), which),
        _ => {
            call.warn("sendGainDb and sendReturn must be given together; send unchanged");
            return Ok(None);
        }
    };
    let returns = mixer::return_names(call.live)?;
    match mixer::find_return(&returns, which) {
        Some(index) => Ok(Some(SendPlan {
            index,
            name: returns[index].clone(),
            db,
        })),
        None => {
            call.warn(format!("no return track matches {}", quoted(which)));
            Ok(None)
        }
    }
}

/// Pan in the track's panning mode: `pan` in stereo, `leftPan`/`rightPan` in split;
/// the others warn that they have no effect.
pub(super) fn set_pans(
    call: &mut Call<'_>,
    m: LiveId,
    split: bool,
    p: &UpdateTrackParams,
) -> Result<(), ToolError> {
    if split {
        if p.pan.is_some() {
            call.warn("pan has no effect in split panning mode; set panningMode \"stereo\" or use leftPan/rightPan");
        }
        for (slot, v) in [
            ("left_split_stereo", p.left_pan),
            ("right_split_stereo", p.right_pan),
        ] {
            if let Some(v) = v {
                let param = mixer::parameter(call.live, m, slot)?;
                mixer::set_value(call.live, param, v.get())?;
            }
        }
    } else {
        if p.left_pan.is_some() || p.right_pan.is_some() {
            call.warn("leftPan/rightPan have no effect in stereo panning mode; set panningMode \"split\" or use pan");
        }
        if let Some(v) = p.pan {
            let param = mixer::parameter(call.live, m, "panning")?;
            mixer::set_value(call.live, param, v.get())?;
        }
    }
    Ok(())
}
