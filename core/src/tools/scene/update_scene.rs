//! `barline-update-scene` (docs/design/tool-rules.md §10): names, colours and
//! tempo/signature overrides of one or more scenes, by id. Arguments are checked before
//! anything is written; ids that do not resolve to scenes are skipped with a warning
//! (docs/design/tool-contract.md §1.9).

use crate::tools::common::names;
use crate::tools::common::refs::{self, Kind};
use crate::tools::common::scene::props::SceneProps;
use crate::tools::framework::call::{Bulk, Call, OneOrMany};
use crate::tools::framework::coerce::{text_of, List, Num, Text};
use crate::tools::framework::error::ToolError;
use crate::tools::framework::tool::{Hints, Tool, ToolMeta};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// `barline-update-scene`.
pub struct UpdateScene;

/// Arguments of update-scene.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateSceneParams {
    /// Scene ids, comma-separated.
    pub ids: List,
    /// Names, comma-separated; empty keeps one.
    pub name: Option<Text>,
    /// Colour (spelled out: a doc line starting with `#` would become a title).
    #[schemars(description = "#RRGGBB, comma-separated.")]
    pub color: Option<Text>,
    /// BPM; -1 = none.
    pub tempo: Option<Num<-1, 999>>,
    /// "N/D" or "disabled".
    pub time_signature: Option<Text>,
}

/// One updated scene.
#[derive(Debug, Serialize, JsonSchema)]
pub struct UpdatedScene {
    /// The scene's id.
    pub id: String,
}

impl Tool for UpdateScene {
    type Params = UpdateSceneParams;
    type Output = OneOrMany<UpdatedScene>;
    const META: ToolMeta = ToolMeta {
        small_removed: &["color"],
        hints: Hints::OVERWRITE,
        ..ToolMeta::read(
            "barline-update-scene",
            "Update Scene",
            "Update scenes: name, colour, tempo, signature.",
        )
    };

    fn run(
        call: &mut Call<'_>,
        p: UpdateSceneParams,
    ) -> Result<OneOrMany<UpdatedScene>, ToolError> {
        let signature = text_of(&p.time_signature);
        let props = SceneProps::parse(p.tempo.map(Num::get), signature, text_of(&p.color))?;
        // Each entry takes the id coercion of docs/design/tool-contract.md §1.1 (`"id
        // 12"` is `"12"`).
        let items: Vec<String> = p
            .ids
            .items()
            .into_iter()
            .map(|s| {
                s.strip_prefix("id ")
                    .map_or(s.clone(), |n| n.trim().to_string())
            })
            .collect();
        if items.is_empty() {
            return Err(ToolError::bad_input(
                "ids is empty: give one or more scene ids, comma-separated",
            ));
        }
        let ids = call.unique(items, "id");
        let n = ids.len();
        let names = names::names_for(call, text_of(&p.name), n);
        let mut bulk = Bulk::new();
        for (i, id) in ids.iter().enumerate() {
            // docs/design/tool-contract.md §1.15: stop before the time limit, keeping
            // what was updated.
            if i > 0 && call.deadline_near() {
                call.warn_stopped(i, n, "scenes");
                break;
            }
            let scene = match refs::by_id(call, id, Kind::Scene) {
                Ok((scene, _)) => scene,
                Err(e) => {
                    bulk.skip(e);
                    continue;
                }
            };
            if let Err(e) = props.apply(call, scene, i, names[i].as_deref()) {
                // Earlier writes to this scene may have landed: report it, do not fail.
                call.warn(format!("scene {id}: {}", e.message));
            }
            call.ids().issue(&scene.to_string());
            bulk.ok(UpdatedScene {
                id: scene.to_string(),
            });
        }
        bulk.finish(call)
    }
}
