//! Set structure: creating, deleting and duplicating tracks, return tracks and scenes,
//! keeping every coupling Live keeps (one clip slot per scene on every regular track,
//! one send per return track on every mixer).

use super::set::FakeLive;
use super::store::{owned_single, Kind};
use barline_core::live::path::id_atoms;
use barline_core::live::{Atom, LiveId};
use std::collections::BTreeMap;

/// The scene settings a new scene copies from the scene above it.
const SCENE_TIMING: [&str; 5] = [
    "tempo",
    "tempo_enabled",
    "time_signature_numerator",
    "time_signature_denominator",
    "time_signature_enabled",
];

/// Palette indices given to new tracks in turn (Live picks varied colours).
const NEW_TRACK_COLORS: [usize; 8] = [2, 9, 16, 23, 26, 5, 12, 19];

impl FakeLive {
    fn song_list(&self, list: &str) -> Vec<LiveId> {
        self.model.n(self.model.song).list(list).to_vec()
    }

    /// Checks an insertion index: −1 appends, otherwise 0…count.
    fn insert_index(index: i64, count: usize, what: &str) -> Result<usize, String> {
        match index {
            -1 => Ok(count),
            i if i >= 0 && (i as usize) <= count => Ok(i as usize),
            i => Err(format!(
                "{what} index {i} out of range: use -1 or 0…{count}"
            )),
        }
    }

    fn existing_index(index: i64, count: usize, what: &str) -> Result<usize, String> {
        if index >= 0 && (index as usize) < count {
            Ok(index as usize)
        } else if count == 0 {
            Err(format!("{what} index {index} out of range: there are none"))
        } else {
            Err(format!(
                "{what} index {index} out of range: 0…{}",
                count - 1
            ))
        }
    }

    pub(crate) fn create_track(&mut self, kind: Kind, index: i64) -> Result<Vec<Atom>, String> {
        let tracks = self.song_list("tracks");
        let at = Self::insert_index(index, tracks.len(), "track")?;
        let label = if kind == Kind::MidiTrack {
            "MIDI"
        } else {
            "Audio"
        };
        let color = NEW_TRACK_COLORS[(self.next_id as usize) % NEW_TRACK_COLORS.len()];
        let track = self.new_track(kind, &format!("{}-{label}", at + 1), color);
        self.set_int(track, super::routing::FRESH, 1);
        let song = self.model.song;
        self.push_child(song, "tracks", track, Some(at));
        self.changed(song, "tracks");
        self.changed(song, "visible_tracks");
        Ok(id_atoms(track))
    }

    pub(crate) fn create_return_track(&mut self) -> Result<Vec<Atom>, String> {
        let returns = self.song_list("return_tracks");
        let letter = (b'A' + (returns.len() % 26) as u8) as char;
        let track = self.new_track(
            Kind::ReturnTrack,
            &format!("{letter}-Return"),
            20 + returns.len() % 10,
        );
        self.set_int(track, super::routing::FRESH, 1);
        let song = self.model.song;
        // Every regular and return track (the new one included) gets the new send.
        let mut owners = self.song_list("tracks");
        owners.extend(returns);
        for t in owners {
            let mixer = self.model.n(t).single("mixer_device");
            self.add_send(mixer, self.model.n(song).list("return_tracks").len());
            self.changed(mixer, "sends");
        }
        self.push_child(song, "return_tracks", track, None);
        let own_mixer = self.model.n(track).single("mixer_device");
        let count = self.model.n(song).list("return_tracks").len();
        while self.model.n(own_mixer).list("sends").len() < count {
            let i = self.model.n(own_mixer).list("sends").len();
            self.add_send(own_mixer, i);
        }
        self.changed(song, "return_tracks");
        Ok(id_atoms(track))
    }

    pub(crate) fn create_scene(&mut self, index: i64) -> Result<Vec<Atom>, String> {
        let scenes = self.song_list("scenes");
        let at = Self::insert_index(index, scenes.len(), "scene")?;
        let scene = self.new_scene("");
        // The new scene takes the tempo and signature settings of the one above (row 54).
        if let Some(above) = at.checked_sub(1).and_then(|i| scenes.get(i)) {
            let from = self.model.n(*above).clone();
            self.edit(scene, |n| {
                for p in SCENE_TIMING {
                    match from.props.get(p) {
                        Some(v) => n.props.insert(p.to_string(), v.clone()),
                        None => n.props.remove(p),
                    };
                }
            });
        }
        let song = self.model.song;
        self.push_child(song, "scenes", scene, Some(at));
        for t in self.song_list("tracks") {
            let slot = self.new_clip_slot(t);
            self.push_child(t, "clip_slots", slot, Some(at));
            self.changed(t, "clip_slots");
        }
        self.changed(song, "scenes");
        Ok(id_atoms(scene))
    }

    pub(crate) fn delete_track(&mut self, index: i64) -> Result<Vec<Atom>, String> {
        let tracks = self.song_list("tracks");
        let i = Self::existing_index(index, tracks.len(), "track")?;
        let victim = tracks[i];
        // Deleting a group track deletes its members, as in Live.
        let mut doomed = vec![victim];
        let mut k = 0;
        while k < doomed.len() {
            let g = doomed[k];
            doomed.extend(
                tracks
                    .iter()
                    .filter(|t| self.model.n(**t).single("group_track") == g),
            );
            k += 1;
        }
        if doomed.len() >= tracks.len() {
            return Err("a Set needs at least one track: cannot delete the last one".into());
        }
        let song = self.model.song;
        for t in doomed {
            self.delete_child(song, "tracks", t);
        }
        self.reselect("selected_track", "tracks", i);
        self.changed(song, "tracks");
        self.changed(song, "visible_tracks");
        Ok(vec![])
    }

    /// Live keeps a selection: when the selected track or scene goes, the one now at
    /// its position (or the last one) is selected (assumed; README "Not modelled yet").
    fn reselect(&mut self, key: &str, list: &str, index: usize) {
        let view = self.model.n(self.model.song).single("view");
        if self.exists(self.model.n(view).single(key)) {
            return;
        }
        let items = self.song_list(list);
        if let Some(next) = items.get(index.min(items.len().saturating_sub(1))).copied() {
            self.set_single(view, key, next);
            self.changed(view, key);
        }
    }

    pub(crate) fn delete_return_track(&mut self, index: i64) -> Result<Vec<Atom>, String> {
        let returns = self.song_list("return_tracks");
        let i = Self::existing_index(index, returns.len(), "return track")?;
        let song = self.model.song;
        self.delete_child(song, "return_tracks", returns[i]);
        let mut owners = self.song_list("tracks");
        owners.extend(self.song_list("return_tracks"));
        for t in owners {
            let mixer = self.model.n(t).single("mixer_device");
            if let Some(send) = self.model.n(mixer).list("sends").get(i).copied() {
                self.delete_child(mixer, "sends", send);
                self.changed(mixer, "sends");
            }
        }
        self.changed(song, "return_tracks");
        Ok(vec![])
    }

    pub(crate) fn delete_scene(&mut self, index: i64) -> Result<Vec<Atom>, String> {
        let scenes = self.song_list("scenes");
        let i = Self::existing_index(index, scenes.len(), "scene")?;
        if scenes.len() == 1 {
            return Err("a Set needs at least one scene: cannot delete the last one".into());
        }
        let song = self.model.song;
        self.delete_child(song, "scenes", scenes[i]);
        for t in self.song_list("tracks") {
            if let Some(slot) = self.model.n(t).list("clip_slots").get(i).copied() {
                self.delete_child(t, "clip_slots", slot);
                self.changed(t, "clip_slots");
            }
        }
        self.reselect("selected_scene", "scenes", i);
        self.changed(song, "scenes");
        Ok(vec![])
    }

    /// Copies an object and everything it owns under fresh ids, re-pointing links
    /// inside the copy; returns the copy (not yet placed in any list).
    pub(crate) fn clone_subtree(&mut self, root: LiveId, new_parent: LiveId) -> LiveId {
        let ids = self.model.subtree(root);
        let map: BTreeMap<LiveId, LiveId> = ids.iter().map(|id| (*id, self.alloc())).collect();
        let remap = |x: &LiveId| map.get(x).copied().unwrap_or(*x);
        for old in &ids {
            let mut node = self.model.n(*old).clone();
            node.parent = if old == &root {
                new_parent
            } else {
                remap(&node.parent)
            };
            for l in node.lists.values_mut() {
                l.iter_mut().for_each(|x| *x = remap(x));
            }
            for (k, v) in node.singles.iter_mut() {
                if owned_single(k) || map.contains_key(v) {
                    *v = remap(v);
                }
            }
            self.model.insert(map[old], node);
        }
        map[&root]
    }

    pub(crate) fn duplicate_track(&mut self, index: i64) -> Result<Vec<Atom>, String> {
        let tracks = self.song_list("tracks");
        let i = Self::existing_index(index, tracks.len(), "track")?;
        let song = self.model.song;
        let copy = self.clone_subtree(tracks[i], song);
        self.set_int(copy, super::routing::FRESH, 1);
        self.push_child(song, "tracks", copy, Some(i + 1));
        self.changed(song, "tracks");
        self.changed(song, "visible_tracks");
        Ok(vec![])
    }

    pub(crate) fn duplicate_scene(&mut self, index: i64) -> Result<Vec<Atom>, String> {
        let scenes = self.song_list("scenes");
        let i = Self::existing_index(index, scenes.len(), "scene")?;
        let song = self.model.song;
        let copy = self.clone_subtree(scenes[i], song);
        self.push_child(song, "scenes", copy, Some(i + 1));
        for t in self.song_list("tracks") {
            // every track has one slot per scene; a missing one gets a fresh slot
            let slot = match self.model.n(t).list("clip_slots").get(i).copied() {
                Some(old) => self.clone_subtree(old, t),
                None => self.new_clip_slot(t),
            };
            self.push_child(t, "clip_slots", slot, Some(i + 1));
            self.changed(t, "clip_slots");
        }
        self.changed(song, "scenes");
        Ok(vec![])
    }

    /// Inserts a scene after the selected one holding copies of the playing clips.
    pub(crate) fn capture_and_insert_scene(&mut self) -> Result<Vec<Atom>, String> {
        let scenes = self.song_list("scenes");
        let view = self.model.n(self.model.song).single("view");
        let selected = self.model.n(view).single("selected_scene");
        let at = scenes
            .iter()
            .position(|s| *s == selected)
            .map(|i| i + 1)
            .unwrap_or(scenes.len());
        self.create_scene(at as i64)?;
        for t in self.song_list("tracks") {
            let slots = self.model.n(t).list("clip_slots").to_vec();
            let playing = slots.iter().find(|s| {
                let c = self.model.n(**s).single("clip");
                self.model.node(c).is_some_and(|c| c.flag("is_playing"))
            });
            if let (Some(src), Some(&dst)) = (playing.copied(), slots.get(at)) {
                let clip = self.model.n(src).single("clip");
                let copy = self.clone_subtree(clip, dst);
                self.set_single(dst, "clip", copy);
                self.changed(dst, "has_clip");
            }
        }
        Ok(vec![])
    }
}
