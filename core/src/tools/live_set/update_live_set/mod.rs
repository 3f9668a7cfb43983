//! `barline-update-live-set` (docs/design/tool-rules.md §4): tempo, time signature,
//! scale, then one locator operation ([`locator_edits`], whose playhead job may ask the
//! host to wait and resume, [`locator_job`]). Everything that needs no write is checked
//! first, so bad input changes nothing (docs/design/tool-contract.md §3.1).

mod args;
pub mod locator_edits;
pub mod locator_extension;
pub mod locator_job;

use crate::live::{Atom, LiveId};
use crate::tools::common::{overview, scale, time};
use crate::tools::framework::call::Call;
use crate::tools::framework::error::ToolError;
use crate::tools::framework::format::num;
use crate::tools::framework::lom;
use crate::tools::framework::tool::{Hints, Tool, ToolMeta};
use crate::tools::live_set::update_live_set::locator_edits::Edit;
use args::{LiveSetUpdated, UpdateLiveSetParams};

/// `barline-update-live-set`.
pub struct UpdateLiveSet;

const SCALE_NOTE: &str = "The scale applies to selected clips and is the default for new clips.";
impl Tool for UpdateLiveSet {
    type Params = UpdateLiveSetParams;
    type Output = LiveSetUpdated;
    const META: ToolMeta = ToolMeta {
        hints: Hints::OVERWRITE,
        small_removed: &[
            "locatorOperation",
            "locatorId",
            "locatorTime",
            "locatorName",
        ],
        small_description: Some("Update tempo, time signature or scale."),
        ..ToolMeta::read(
            "barline-update-live-set",
            "Update Live Set",
            "Set tempo, time signature, scale; create, rename, delete locators.",
        )
    };

    fn run(call: &mut Call<'_>, p: UpdateLiveSetParams) -> Result<LiveSetUpdated, ToolError> {
        if let Some(state) = call.resume.take() {
            return locator_job::resume(call, state);
        }
        let song = overview::song(call.live)?;
        // Everything checked before the first write (bad input changes nothing,
        // docs/design/tool-contract.md §3.1).
        let new_sig = p
            .time_signature
            .as_ref()
            .map(|t| time::parse_signature(t.as_str()).map_err(ToolError::bad_input))
            .transpose()?;
        let new_scale = match p.scale.as_ref().map(|s| s.as_str().trim()) {
            None => None,
            Some("") => Some(None),
            Some(text) => Some(Some(scale::parse(text)?)),
        };
        let sig = match new_sig {
            Some(s) => s,
            None => overview::signature(call.live, song)?,
        };
        let edit = Edit::check(call, song, &p, sig)?;

        let mut out = LiveSetUpdated {
            id: song.to_string(),
            tempo: None,
            time_signature: None,
            scale: None,
            meta: None,
            scale_pitches: None,
            locator: None,
        };
        if let Some(bpm) = p.tempo {
            out.tempo = Some(set_tempo(call, song, bpm.get())?);
        }
        if let Some((n, d)) = new_sig {
            call.live
                .set(song, "signature_numerator", &[Atom::Int(n)])?;
            call.live
                .set(song, "signature_denominator", &[Atom::Int(d)])?;
            let (n, d) = overview::signature(call.live, song)?;
            out.time_signature = Some(format!("{n}/{d}"));
        }
        match new_scale {
            None => {}
            Some(None) => {
                call.live.set(song, "scale_mode", &[Atom::Int(0)])?;
                out.scale = Some(String::new());
            }
            Some(Some(s)) => {
                call.live
                    .set(song, "root_note", &[Atom::Int(s.pitch_class)])?;
                call.live
                    .set(song, "scale_name", &[Atom::Symbol(s.name.into())])?;
                call.live.set(song, "scale_mode", &[Atom::Int(1)])?;
                let intervals = lom::ints(call.live, song, "scale_intervals")?;
                out.scale = Some(s.text());
                out.meta = Some(vec![SCALE_NOTE.into()]);
                out.scale_pitches = Some(scale::pitches(s.pitch_class, &intervals));
            }
        }

        let Some(edit) = edit else {
            if p.locator_id.is_some() || p.locator_time.is_some() || p.locator_name.is_some() {
                call.warn("locator parameters ignored without locatorOperation");
            }
            return Ok(out);
        };
        locator_edits::start(call, song, edit, out, sig)
    }
}

/// Sets the tempo and reads back what Live kept (read after write,
/// docs/design/tool-contract.md §3.4).
fn set_tempo(call: &mut Call<'_>, song: LiveId, bpm: f64) -> Result<f64, ToolError> {
    call.live.set(song, "tempo", &[Atom::Float(bpm)])?;
    let kept = lom::number(call.live, song, "tempo")?;
    if (kept - bpm).abs() > 0.001 {
        call.warn(format!(
            "Live kept tempo {} instead of {}",
            num(kept),
            num(bpm)
        ));
    }
    Ok(kept)
}
