//! `barline-update-live-set` (docs/design/tool-rules.md §4): tempo, time signature,
//! scale, then one locator operation ([`locator_edits`], whose playhead job may ask the
//! host to wait and resume, [`locator_job`]). Everything that needs no write is checked
//! first, so bad input changes nothing (docs/design/tool-contract.md §3.1).

pub mod locator_edits;
pub mod locator_extension;
pub mod locator_job;

use crate::live::{Atom, LiveId};
use crate::tools::common::{overview, scale, time};
use crate::tools::framework::call::Call;
use crate::tools::framework::coerce::{Choice, Choices, Num, Text};
use crate::tools::framework::error::ToolError;
use crate::tools::framework::format::num;
use crate::tools::framework::lom;
use crate::tools::framework::tool::{Hints, Tool, ToolMeta};
use crate::tools::live_set::update_live_set::locator_edits::Edit;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// `barline-update-live-set`.
pub struct UpdateLiveSet;

/// Locator operations.
pub struct LocatorOps;

impl Choices for LocatorOps {
    const ALL: &'static [&'static str] = &["create", "delete", "rename"];
}

/// Arguments of update-live-set.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateLiveSetParams {
    /// BPM.
    pub tempo: Option<Num<20, 999>>,
    /// "N/D", e.g. "6/8".
    pub time_signature: Option<Text>,
    /// "Root Scale", e.g. "F Minor"; "" = off.
    pub scale: Option<Text>,
    /// create (renames one already there), rename, delete.
    pub locator_operation: Option<Choice<LocatorOps>>,
    /// e.g. "locator-2".
    pub locator_id: Option<Text>,
    /// Locator position, bar|beat.
    pub locator_time: Option<Text>,
    /// New name; delete: all with this name.
    pub locator_name: Option<Text>,
}

/// What update-live-set returns: only what was set, plus the Song id.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LiveSetUpdated {
    /// The Song's id.
    pub id: String,
    /// Tempo Live kept, in BPM.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "rounded"
    )]
    pub tempo: Option<f64>,
    /// Time signature now in force.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_signature: Option<String>,
    /// The scale set, spelled canonically; "" when scale mode was turned off.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scale: Option<String>,
    /// Notes about what was set.
    #[serde(rename = "$meta", skip_serializing_if = "Option::is_none")]
    pub meta: Option<Vec<String>>,
    /// Pitch classes of the scale set, comma-separated, flats.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scale_pitches: Option<String>,
    /// Outcome of the locator operation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "locator_edits::outcome_schema")]
    pub locator: Option<Value>,
}

/// Tempo as results carry floats read from Live (docs/design/tool-contract.md §1.13).
fn rounded<S: serde::Serializer>(x: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
    x.map(num).serialize(s)
}

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
