//! `barline-create-scene` (docs/design/tool-rules.md §9): insert empty scenes at an index
//! (appending empty scenes first when the index is past the end), or capture the playing
//! session clips into a new scene after the selected one. Everything is checked before
//! the first write.

use crate::live::path::parse_id_atoms;
use crate::live::{Atom, LiveId};
use crate::tools::common::names;
use crate::tools::common::overview;
use crate::tools::common::refs;
use crate::tools::common::scene::props::{self as scene_props, SceneProps};
use crate::tools::common::session_grid;
use crate::tools::framework::call::{Bulk, Call, OneOrMany};
use crate::tools::framework::coerce::{text_of, Flag, Index, Int, Num, Text};
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::lom;
use crate::tools::framework::tool::{Tool, ToolMeta};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// `barline-create-scene`.
pub struct CreateScene;

/// Most scenes `sceneIndex + count` may reach (docs/design/tool-rules.md §9).
pub const MAX_SCENES: i64 = 1_000;

/// Arguments of create-scene.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateSceneParams {
    /// Position from 0; capture: after this one.
    pub scene_index: Option<Index>,
    /// How many.
    pub count: Option<Int<1, 1000>>,
    /// Capture playing clips.
    pub capture: Option<Flag>,
    /// Names, comma-separated.
    pub name: Option<Text>,
    /// Colour (spelled out: a doc line starting with `#` would become a title).
    #[schemars(description = "#RRGGBB, comma-separated.")]
    pub color: Option<Text>,
    /// BPM; -1 = none.
    pub tempo: Option<Num<-1, 999>>,
    /// "N/D" or "disabled".
    pub time_signature: Option<Text>,
}

/// A clip found in a captured scene.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CapturedClip {
    /// The clip's id.
    pub id: String,
    /// Its regular track.
    pub track_index: i64,
}

/// One created scene.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedScene {
    /// The new scene's id.
    pub id: String,
    /// Its 0-based index.
    pub scene_index: i64,
    /// Clips in the captured scene (capture only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clips: Option<Vec<CapturedClip>>,
}

impl Tool for CreateScene {
    type Params = CreateSceneParams;
    type Output = OneOrMany<CreatedScene>;
    const META: ToolMeta = ToolMeta {
        small_removed: &["count", "capture", "tempo", "timeSignature", "color"],
        small_description: Some("Create an empty scene."),
        ..ToolMeta::create(
            "barline-create-scene",
            "Create Scene",
            "Create empty scenes, or capture the playing clips into one.",
        )
    };

    fn run(
        call: &mut Call<'_>,
        p: CreateSceneParams,
    ) -> Result<OneOrMany<CreatedScene>, ToolError> {
        let signature = text_of(&p.time_signature);
        let props = SceneProps::parse(p.tempo.map(Num::get), signature, text_of(&p.color))?;
        let name = text_of(&p.name);
        if p.capture.is_some_and(|c| c.0) {
            if p.count.is_some() {
                call.warn("count is ignored with capture");
            }
            return capture(call, p.scene_index, name, &props).map(OneOrMany::One);
        }
        let Some(index) = p.scene_index else {
            return Err(ToolError::bad_input(
                "give sceneIndex (where to insert), or capture: true",
            ));
        };
        let count = p.count.map(Int::get).unwrap_or(1);
        if index.get() + count > MAX_SCENES {
            return Err(ToolError::bad_input(format!(
                "sceneIndex {} + count {count} is more than {MAX_SCENES}: a Set holds at most {MAX_SCENES} scenes",
                index.get()
            )));
        }
        create(call, index.index(), count as usize, name, &props)
    }
}

fn create(
    call: &mut Call<'_>,
    index: usize,
    count: usize,
    name: Option<&str>,
    props: &SceneProps,
) -> Result<OneOrMany<CreatedScene>, ToolError> {
    let song = overview::song(call.live)?;
    let existing = lom::count(call.live, song, "scenes")?;
    // docs/design/tool-rules.md §9: an index past the end is made reachable with empty
    // scenes first.
    let missing = index.saturating_sub(existing);
    for done in 0..missing {
        if done > 0 && call.deadline_near() {
            return Err(ToolError::new(
                ErrorCode::Timeout,
                format!(
                    "stopped after appending {done} of the {missing} empty scenes needed to reach sceneIndex {index}, to stay within the time limit; no scene was created at sceneIndex {index}"
                ),
            ));
        }
        let made = call.live.call(song, "create_scene", &[Atom::Int(-1)])?;
        if let Some(empty) = parse_id_atoms(&made).filter(|id| !id.is_none()) {
            scene_props::clear_inherited(call.live, empty, false, false)?;
        }
        if parse_id_atoms(&made).is_none_or(LiveId::is_none) {
            return Err(ToolError::new(
                ErrorCode::LiveRejected,
                format!(
                    "Live refused to append an empty scene ({done} of the {missing} needed to reach sceneIndex {index} were appended)"
                ),
            ));
        }
    }
    let names = names::names_for(call, name, count);
    let mut bulk = Bulk::new();
    for (i, name) in names.iter().enumerate() {
        // docs/design/tool-contract.md §1.15: stop before the time limit, keeping what
        // was created.
        if i > 0 && call.deadline_near() {
            call.warn_stopped(i, count, "scenes");
            break;
        }
        let at = index + i;
        let made = call
            .live
            .call(song, "create_scene", &[Atom::Int(at as i64)])?;
        let scene = match parse_id_atoms(&made).filter(|id| !id.is_none()) {
            Some(s) => s,
            None => {
                bulk.skip(ToolError::new(
                    ErrorCode::LiveRejected,
                    format!("Live refused to create a scene at sceneIndex {at}"),
                ));
                continue;
            }
        };
        scene_props::clear_inherited(
            call.live,
            scene,
            props.tempo.is_some(),
            props.signature.is_some(),
        )?;
        // The scene exists now: a later problem is a warning, never a failure
        // (docs/design/tool-contract.md §1.9).
        if let Err(e) = props.apply(call, scene, i, name.as_deref()) {
            call.warn(format!("scene at sceneIndex {at}: {}", e.message));
        }
        call.ids().issue(&scene.to_string());
        bulk.ok(CreatedScene {
            id: scene.to_string(),
            scene_index: at as i64,
            clips: None,
        });
    }
    bulk.finish(call)
}

fn capture(
    call: &mut Call<'_>,
    after: Option<Index>,
    name: Option<&str>,
    props: &SceneProps,
) -> Result<CreatedScene, ToolError> {
    let song = overview::song(call.live)?;
    // Checked before the first write: the scene to capture after must exist.
    let chosen = after
        .map(|i| refs::scene_by_index(call, i.get() as u64).map(|s| (i.index(), s)))
        .transpose()?;
    let view = lom::resolve(call.live, "live_set view")
        .ok_or_else(|| ToolError::new(ErrorCode::Internal, "live_set view does not resolve"))?;
    let selected = match chosen {
        Some((i, scene)) => {
            call.live.set(
                view,
                "selected_scene",
                &[Atom::Symbol(format!("id {scene}"))],
            )?;
            i
        }
        None => {
            let atoms = call.live.get(view, "selected_scene")?;
            let scene = parse_id_atoms(&atoms)
                .filter(|id| !id.is_none())
                .ok_or_else(|| {
                    ToolError::new(
                        ErrorCode::LiveRejected,
                        "Live reports no selected scene; give sceneIndex to capture after",
                    )
                })?;
            crate::tools::common::scene::props::scene_index(call, scene)?
        }
    };
    let before = lom::count(call.live, song, "scenes")?;
    call.live.call(song, "capture_and_insert_scene", &[])?;
    let after_count = lom::count(call.live, song, "scenes")?;
    let at = selected + 1;
    let scene = (after_count == before + 1)
        .then(|| lom::resolve(call.live, &format!("live_set scenes {at}")))
        .flatten()
        .ok_or_else(|| {
            ToolError::new(
                ErrorCode::LiveRejected,
                "Live refused capture_and_insert_scene; no scene was created",
            )
        })?;
    let names = names::names_for(call, name, 1);
    if let Err(e) = props.apply(call, scene, 0, names[0].as_deref()) {
        call.warn(format!("scene at sceneIndex {at}: {}", e.message));
    }
    let clips = session_grid::scene_clips(call.live, scene)?;
    let ids = call.ids();
    ids.issue(&scene.to_string());
    let clips = clips
        .into_iter()
        .map(|(track, clip)| {
            ids.issue(&clip.to_string());
            CapturedClip {
                id: clip.to_string(),
                track_index: track as i64,
            }
        })
        .collect();
    Ok(CreatedScene {
        id: scene.to_string(),
        scene_index: at as i64,
        clips: Some(clips),
    })
}
