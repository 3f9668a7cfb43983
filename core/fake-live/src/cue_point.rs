//! CuePoint (locators): listed in creation order (core/fake-live/README.md row 50);
//! `set_or_delete_cue` toggles a locator at the playhead's visible position snapped
//! to the Arrangement grid (row 49).

use super::schema::Class;
use super::set::FakeLive;
use super::store::{Kind, Node, Value};
use barline_core::live::{Atom, LiveId};

pub(crate) fn call(
    live: &mut FakeLive,
    id: LiveId,
    name: &str,
    _a: &[Atom],
) -> Result<Vec<Atom>, String> {
    match name {
        "jump" => {
            let t = live.model.n(id).float("time");
            live.pending_song_time = Some(t);
            Ok(vec![])
        }
        _ => Err(format!("CuePoint has no function \"{name}\"")),
    }
}

/// The Arrangement grid a new cue lands on: 1/16 note (a quarter beat), the grid at
/// the zoom the measurements used (row 49).
const CUE_GRID: f64 = 0.25;

/// The nearest grid line (152.4 → 152.5, 5.1 → 5.0).
fn snap_to_grid(t: f64) -> f64 {
    (t / CUE_GRID).round() * CUE_GRID
}

impl FakeLive {
    /// Adds a locator after the existing ones (Live lists them in creation order).
    pub(crate) fn add_cue_point(&mut self, name: &str, time: f64) -> LiveId {
        let song = self.model.song;
        let cue = self.add(
            Node::new(Class::CuePoint, Kind::Plain, song)
                .with("name", Value::Str(name.into()))
                .with("time", Value::Float(time)),
        );
        self.push_child(song, "cue_points", cue, None);
        cue
    }

    pub(crate) fn set_or_delete_cue(&mut self) -> Result<Vec<Atom>, String> {
        let song = self.model.song;
        let now = snap_to_grid(self.model.n(song).float("current_song_time"));
        let existing = self
            .model
            .n(song)
            .list("cue_points")
            .iter()
            .copied()
            .find(|c| (self.model.n(*c).float("time") - now).abs() < 1e-9);
        match existing {
            Some(c) => self.delete_child(song, "cue_points", c),
            None => {
                self.add_cue_point("", now);
            }
        }
        self.changed(song, "cue_points");
        Ok(vec![])
    }
}
