//! `barline-read-scene` (docs/design/tool-rules.md §8): one scene's name, colour, tempo and signature
//! overrides, trigger state and clips. [`summary`] is the reader itself, so the Live Set
//! read can nest it.

use crate::tools::common::refs::{self, Kind};
use crate::tools::common::scene::props as scene_props;
use crate::tools::common::scene::reader::{summary, SceneDetail, SceneInfo};
use crate::tools::common::session_grid::{self};
use crate::tools::framework::call::Call;
use crate::tools::framework::coerce::{Id, Include, Index};
use crate::tools::framework::error::ToolError;
use crate::tools::framework::tool::{Tool, ToolMeta};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// `barline-read-scene`.
pub struct ReadScene;

/// Arguments of read-scene.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadSceneParams {
    /// Scene id.
    pub scene_id: Option<Id>,
    /// From 0.
    pub scene_index: Option<Index>,
    /// Extra detail; * = all; notes, sample, timing go to clips.
    #[serde(default)]
    pub include: Include<SceneDetail>,
}

impl Tool for ReadScene {
    type Params = ReadSceneParams;
    type Output = SceneInfo;
    const META: ToolMeta = ToolMeta {
        too_large_hint: "Drop notes from include, or read single clips with barline-read-clip.",
        ..ToolMeta::read(
            "barline-read-scene",
            "Read Scene",
            "Read a scene and its clips; more with include.",
        )
    };

    fn run(call: &mut Call<'_>, p: ReadSceneParams) -> Result<SceneInfo, ToolError> {
        let scene = match (&p.scene_id, p.scene_index) {
            (Some(id), index) => {
                if index.is_some() {
                    call.warn("sceneIndex ignored because sceneId was given");
                }
                refs::by_id(call, id.as_str(), Kind::Scene)?.0
            }
            (None, Some(index)) => refs::scene_by_index(call, index.get() as u64)?,
            (None, None) => return Err(ToolError::bad_input("give sceneId or sceneIndex")),
        };
        let index = scene_props::scene_index(call, scene)?;
        let clips = session_grid::scene_clips(call.live, scene)?;
        summary(call, scene, index, &clips, p.include.options())
    }
}
