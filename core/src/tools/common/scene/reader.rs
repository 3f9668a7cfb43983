//! Reading a scene as read-scene reports it (docs/design/tool-rules.md §8): name, colour, tempo and
//! signature overrides, trigger state and clips. read-scene and the scene list of
//! read-live-set both read through [`summary`].

use crate::live::LiveId;
use crate::tools::common::clip::reader::{self as clip_reader, ClipDetail, ClipInfo};
use crate::tools::common::session_grid::SlotClip;
use crate::tools::framework::call::Call;
use crate::tools::framework::coerce::Choices;
use crate::tools::framework::error::ToolError;
use crate::tools::framework::format::Rounded;
use crate::tools::framework::lom;
use crate::tools::framework::result_fields::Nested;
use schemars::JsonSchema;
use serde::Serialize;

/// The `include` options of read-scene.
pub struct SceneDetail;

impl Choices for SceneDetail {
    const ALL: &'static [&'static str] = &["clips", "notes", "sample", "timing", "color", "*"];
}

/// What read-scene returns (docs/design/tool-rules.md §8).
#[derive(Debug, Default, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SceneInfo {
    /// The scene's id.
    pub id: String,
    /// Its name, or its 1-based number when the name is empty.
    pub name: String,
    /// Its 0-based index.
    pub scene_index: i64,
    /// `#RRGGBB` (with `color`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
    /// Scene tempo in BPM, when enabled.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tempo: Option<Rounded>,
    /// Scene signature `"N/D"`, when enabled.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_signature: Option<String>,
    /// True when the scene is triggered (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub triggered: Option<bool>,
    /// The clips of this scene's slots on regular tracks (with `clips`), without `view`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clips: Option<Vec<Nested<ClipInfo>>>,
    /// How many of this scene's slots hold a clip (without `clips`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clip_count: Option<i64>,
}

/// Reads one scene as read-scene reports it. `include` may hold any option names (a
/// nesting reader passes its own list): only read-scene's options are used, never `"*"`,
/// and clips receive only read-clip's options among them
/// (docs/design/tool-contract.md §1.7). The scene's and clips' ids go into the issued-id
/// registry.
///
/// `index` and `clips` (from [`session_grid`]) are found by the caller, so a Set-wide
/// read can probe the session grid once for all scenes. Cost: a fixed number of gets
/// for the scene and read-clip's cost per listed clip.
pub fn summary(
    call: &mut Call<'_>,
    scene: LiveId,
    index: usize,
    clips: &[SlotClip],
    include: &[&str],
) -> Result<SceneInfo, ToolError> {
    let has = |o: &str| o != "*" && include.contains(&o) && SceneDetail::ALL.contains(&o);
    let clip_include: Vec<&str> = ClipDetail::ALL.iter().copied().filter(|o| has(o)).collect();
    let mut o = SceneInfo {
        id: scene.to_string(),
        name: lom::text(call.live, scene, "name")?,
        scene_index: index as i64,
        ..Default::default()
    };
    if o.name.is_empty() {
        o.name = (index + 1).to_string();
    }
    if has("color") {
        o.color = Some(lom::color_hex(lom::int(call.live, scene, "color")?));
    }
    if lom::flag(call.live, scene, "tempo_enabled")? {
        o.tempo = Some(Rounded(lom::number(call.live, scene, "tempo")?));
    }
    if lom::flag(call.live, scene, "time_signature_enabled")? {
        let n = lom::int(call.live, scene, "time_signature_numerator")?;
        let d = lom::int(call.live, scene, "time_signature_denominator")?;
        o.time_signature = Some(format!("{n}/{d}"));
    }
    if lom::flag(call.live, scene, "is_triggered")? {
        o.triggered = Some(true);
    }
    call.ids().issue(&scene.to_string());
    if has("clips") {
        let mut list = Vec::with_capacity(clips.len());
        for &(_, clip) in clips {
            let mut info =
                clip_reader::summary(call.live, clip, &clip_include, &mut call.warnings)?;
            info.view = None;
            call.ids().issue(&clip.to_string());
            list.push(Nested(info));
        }
        o.clips = Some(list);
    } else {
        o.clip_count = Some(clips.len() as i64);
    }
    Ok(o)
}
