//! The fixture's reference pass: `this_device` and the view's selections name objects
//! by path, so they are resolved only once the whole Set is built.

use super::fixture::{err, object, FixtureError};
use super::schema::Class;
use super::set::FakeLive;
use serde_json::{Map, Value as J};

impl FakeLive {
    /// Points `this_device` and the Song view's selections at the objects the fixture
    /// names, then selects the first track and scene where the fixture named none.
    pub(super) fn load_refs(&mut self, set: &Map<String, J>) -> Result<(), FixtureError> {
        if let Some(p) = set.get("this_device") {
            let path = p
                .as_str()
                .ok_or_else(|| err("this_device", "must be a path string"))?;
            let id = self.resolve_path(path);
            if self.model.node(id).map(|n| n.class) != Some(Class::Device) {
                return Err(err("this_device", format!("\"{path}\" is not a device")));
            }
            self.model.this_device = id;
        }
        if let Some(v) = set.get("view") {
            let view = self.model.n(self.model.song).single("view");
            for (k, p) in object(v, "view")? {
                let path = p
                    .as_str()
                    .ok_or_else(|| err("view", format!("\"{k}\" must be a path")))?;
                let id = self.resolve_path(path);
                let want = match k.as_str() {
                    "selected_track" => Class::Track,
                    "selected_scene" => Class::Scene,
                    "detail_clip" => Class::Clip,
                    "highlighted_clip_slot" => Class::ClipSlot,
                    _ => return Err(err("view", format!("unknown view key \"{k}\""))),
                };
                if self.model.node(id).map(|n| n.class) != Some(want) {
                    return Err(err(
                        "view",
                        format!("{k}: \"{path}\" does not name a {want:?}"),
                    ));
                }
                self.set_single(view, k, id);
            }
        }
        // Live always has a selected track and scene: the first ones unless told.
        let view = self.model.n(self.model.song).single("view");
        for (key, list) in [("selected_track", "tracks"), ("selected_scene", "scenes")] {
            let first = self.model.n(self.model.song).list(list).first().copied();
            if let (true, Some(first)) = (self.model.n(view).single(key).is_none(), first) {
                self.set_single(view, key, first);
            }
        }
        Ok(())
    }
}
