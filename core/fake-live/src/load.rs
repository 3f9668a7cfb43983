//! Building a Set from fixture JSON. Every object is made by the same constructors the
//! creating functions use, then the fixture's property values are applied.

use super::fixture::{apply_props, array, err, object, FixtureError};
use super::load_config::read_config;
use super::note_json;
use super::schema::Class;
use super::set::{FakeConfig, FakeLive};
use super::store::{Kind, Node, Notes, Value};
use barline_core::live::LiveId;
use serde_json::{Map, Value as J};

pub(crate) const TRACK_KEYS: &[&str] = &[
    "kind",
    "group",
    "devices",
    "clip_slots",
    "arrangement_clips",
    "mixer",
];
pub(crate) const CLIP_KEYS: &[&str] = &["length", "notes"];
pub(crate) const DEVICE_KEYS: &[&str] =
    &["device", "parameters", "chains", "return_chains", "sample"];
pub(crate) const CHAIN_KEYS: &[&str] = &["devices", "mixer"];
pub(crate) const MIXER_PARAMS: &[&str] = &[
    "volume",
    "panning",
    "track_activator",
    "left_split_stereo",
    "right_split_stereo",
    "cue_volume",
    "crossfader",
];

impl FakeLive {
    /// A Set with only the roots: Application (+ view), Song (+ view) with Live's
    /// defaults for a new Set.
    pub(crate) fn skeleton(config: FakeConfig) -> FakeLive {
        let mut live = FakeLive::bare(config);
        let app = live.add(Node::new(Class::Application, Kind::Plain, LiveId::NONE));
        let app_view = live.add(
            Node::new(Class::ApplicationView, Kind::Plain, app)
                .with("focused_document_view", Value::Str("Session".into())),
        );
        live.set_single(app, "view", app_view);
        live.edit(app, |n| {
            n.lists.insert("control_surfaces".into(), Vec::new())
        });
        let mut song = Node::new(Class::Song, Kind::Plain, LiveId::NONE);
        for (k, v) in [
            ("tempo", Value::Float(120.0)),
            ("signature_numerator", Value::Int(4)),
            ("signature_denominator", Value::Int(4)),
            ("root_note", Value::Int(0)),
            ("scale_name", Value::Str("Major".into())),
            ("scale_mode", Value::Int(0)),
            ("loop", Value::Int(0)),
            ("loop_start", Value::Float(0.0)),
            ("loop_length", Value::Float(16.0)),
            ("current_song_time", Value::Float(0.0)),
            ("is_playing", Value::Int(0)),
            ("clip_trigger_quantization", Value::Int(4)),
            ("groove_amount", Value::Float(1.0)),
            ("swing_amount", Value::Float(0.0)),
            ("name", Value::Str(String::new())),
        ] {
            song.props.insert(k.into(), v);
        }
        for l in ["tracks", "return_tracks", "scenes", "cue_points"] {
            song.lists.insert(l.into(), Vec::new());
        }
        let song = live.add(song);
        let view = live
            .add(Node::new(Class::SongView, Kind::Plain, song).with("follow_song", Value::Int(1)));
        live.set_single(song, "view", view);
        live.model.song = song;
        live.model.app = app;
        live
    }
}

/// Parses and builds a Set.
pub(crate) fn load(json: &str) -> Result<FakeLive, FixtureError> {
    let root: J = serde_json::from_str(json)
        .map_err(|e| err("(document)", format!("not valid JSON: {e}")))?;
    let set = object(&root, "(document)")?;
    let mut live = FakeLive::skeleton(read_config(set)?);
    live.load_files(set)?;
    live.load_song(set)?;
    live.load_scenes(set)?;
    let returns = live.add_return_tracks(set)?;
    let master = live.new_track(Kind::MasterTrack, "Main", 0);
    live.edit(master, |n| n.set_int("color_index", 0));
    live.set_single(live.model.song, "master_track", master);
    let tracks = live.add_tracks(set)?;
    for (track, obj, at) in &tracks {
        live.fill_track(*track, obj, at)?;
    }
    for (track, t, at) in &returns {
        live.fill_track(*track, object(t, at)?, at)?;
    }
    if let Some(m) = set.get("master_track") {
        live.fill_track(master, object(m, "master_track")?, "master_track")?;
    }
    live.load_cue_points(set)?;
    live.load_refs(set)?;
    Ok(live)
}

/// A track made from the fixture but not yet filled: its id, its JSON and where in the
/// fixture it stands (for error messages).
type Pending<'a, T> = (LiveId, &'a T, String);

impl FakeLive {
    fn load_files(&mut self, set: &Map<String, J>) -> Result<(), FixtureError> {
        for (i, f) in array(set, "files", "files")?.iter().enumerate() {
            self.files.push(
                f.as_str()
                    .ok_or_else(|| err(&format!("files[{i}]"), "must be a path string"))?
                    .to_string(),
            );
        }
        Ok(())
    }

    fn load_song(&mut self, set: &Map<String, J>) -> Result<(), FixtureError> {
        if let Some(s) = set.get("song") {
            let song = self.model.song;
            let obj = object(s, "song")?;
            let mut node = self.model.n(song).clone();
            apply_props(&mut node, obj, &[], "song")?;
            self.model.insert(song, node);
        }
        Ok(())
    }

    fn load_scenes(&mut self, set: &Map<String, J>) -> Result<(), FixtureError> {
        let song = self.model.song;
        for (i, s) in array(set, "scenes", "scenes")?.iter().enumerate() {
            let at = format!("scenes[{i}]");
            let scene = self.new_scene("");
            self.apply(scene, object(s, &at)?, &[], &at)?;
            self.push_child(song, "scenes", scene, None);
        }
        if self.model.n(song).list("scenes").is_empty() {
            return Err(err("scenes", "a Set has at least one scene"));
        }
        Ok(())
    }

    /// Makes every return track, then gives each return mixer its sends; they are
    /// filled from the fixture later, once the regular tracks exist.
    fn add_return_tracks<'a>(
        &mut self,
        set: &'a Map<String, J>,
    ) -> Result<Vec<Pending<'a, J>>, FixtureError> {
        let song = self.model.song;
        let returns = array(set, "return_tracks", "return_tracks")?;
        let mut return_ids = Vec::new();
        for (i, t) in returns.iter().enumerate() {
            let at = format!("return_tracks[{i}]");
            let track = self.new_track(Kind::ReturnTrack, "", 0);
            self.push_child(song, "return_tracks", track, None);
            return_ids.push((track, t, at));
        }
        // Sends exist once all return tracks do: one per return on every return mixer
        // (each got one per return that existed when it was built).
        for (track, _, _) in &return_ids {
            let mixer = self.model.n(*track).single("mixer_device");
            for i in self.model.n(mixer).list("sends").len()..returns.len() {
                self.add_send(mixer, i);
            }
        }
        Ok(return_ids)
    }

    /// Makes every regular track of its kind, so groups can be referred to by index
    /// when the tracks are filled.
    fn add_tracks<'a>(
        &mut self,
        set: &'a Map<String, J>,
    ) -> Result<Vec<Pending<'a, Map<String, J>>>, FixtureError> {
        let song = self.model.song;
        let mut built = Vec::new();
        for (i, t) in array(set, "tracks", "tracks")?.iter().enumerate() {
            let at = format!("tracks[{i}]");
            let obj = object(t, &at)?;
            let kind = match obj.get("kind").and_then(J::as_str) {
                Some("midi") => Kind::MidiTrack,
                Some("audio") => Kind::AudioTrack,
                Some("group") => Kind::GroupTrack,
                _ => {
                    return Err(err(
                        &at,
                        "\"kind\" must be \"midi\", \"audio\" or \"group\"",
                    ))
                }
            };
            let track = self.new_track(kind, "", 0);
            self.push_child(song, "tracks", track, None);
            built.push((track, obj, at));
        }
        Ok(built)
    }

    fn load_cue_points(&mut self, set: &Map<String, J>) -> Result<(), FixtureError> {
        for (i, c) in array(set, "cue_points", "cue_points")?.iter().enumerate() {
            let at = format!("cue_points[{i}]");
            let obj = object(c, &at)?;
            let time = obj
                .get("time")
                .and_then(J::as_f64)
                .ok_or_else(|| err(&at, "\"time\" (beats) is required"))?;
            let cue = self.add_cue_point("", time);
            self.apply(cue, obj, &[], &at)?;
        }
        Ok(())
    }
}

impl FakeLive {
    pub(super) fn apply(
        &mut self,
        id: LiveId,
        obj: &Map<String, J>,
        structural: &[&str],
        at: &str,
    ) -> Result<(), FixtureError> {
        let mut node = self.model.n(id).clone();
        apply_props(&mut node, obj, structural, at)?;
        self.model.insert(id, node);
        Ok(())
    }

    fn fill_track(
        &mut self,
        track: LiveId,
        obj: &Map<String, J>,
        at: &str,
    ) -> Result<(), FixtureError> {
        self.apply(track, obj, TRACK_KEYS, at)?;
        let kind = self.kind(track);
        if let Some(g) = obj.get("group") {
            let tracks = self.model.n(self.model.song).list("tracks").to_vec();
            let group = g
                .as_u64()
                .and_then(|i| tracks.get(i as usize))
                .copied()
                .filter(|t| self.kind(*t) == Kind::GroupTrack);
            let group = group
                .ok_or_else(|| err(at, "\"group\" must be the index of a group track in tracks"))?;
            self.set_single(track, "group_track", group);
        }
        if let Some(m) = obj.get("mixer") {
            let mixer = self.model.n(track).single("mixer_device");
            self.fill_mixer(
                mixer,
                object(m, &format!("{at}.mixer"))?,
                &format!("{at}.mixer"),
            )?;
        }
        self.fill_devices(track, obj, at)?;
        let slots = self.model.n(track).list("clip_slots").to_vec();
        let given = array(obj, "clip_slots", at)?;
        if !given.is_empty() && given.len() != slots.len() {
            return Err(err(
                at,
                format!(
                    "\"clip_slots\" has {} entries; a track has one per scene ({})",
                    given.len(),
                    slots.len()
                ),
            ));
        }
        let clip_kind = if kind == Kind::AudioTrack {
            Kind::AudioClip
        } else {
            Kind::MidiClip
        };
        for (i, c) in given.iter().enumerate() {
            if c.is_null() {
                continue;
            }
            let at = format!("{at}.clip_slots[{i}]");
            if !matches!(kind, Kind::MidiTrack | Kind::AudioTrack) {
                return Err(err(&at, "only MIDI and audio tracks hold clips"));
            }
            let clip = self.fill_clip(slots[i], clip_kind, object(c, &at)?, &at)?;
            self.set_single(slots[i], "clip", clip);
        }
        self.fill_arrangement_clips(track, kind, clip_kind, obj, at)
    }

    /// Places the fixture's arrangement clips on a track, refusing a clip that
    /// overlaps another one already placed there.
    fn fill_arrangement_clips(
        &mut self,
        track: LiveId,
        kind: Kind,
        clip_kind: Kind,
        obj: &Map<String, J>,
        at: &str,
    ) -> Result<(), FixtureError> {
        for (i, c) in array(obj, "arrangement_clips", at)?.iter().enumerate() {
            let at = format!("{at}.arrangement_clips[{i}]");
            if !matches!(kind, Kind::MidiTrack | Kind::AudioTrack) {
                return Err(err(&at, "only MIDI and audio tracks hold clips"));
            }
            let clip = self.fill_clip(track, clip_kind, object(c, &at)?, &at)?;
            let (s, e) = (
                self.model.n(clip).float("start_time"),
                self.clip_end_time(clip),
            );
            let overlaps = self
                .model
                .n(track)
                .list("arrangement_clips")
                .iter()
                .any(|o| self.model.n(*o).float("start_time") < e && self.clip_end_time(*o) > s);
            if overlaps {
                return Err(err(&at, "overlaps another arrangement clip of this track"));
            }
            self.place_arrangement_clip(track, clip);
        }
        Ok(())
    }

    fn fill_clip(
        &mut self,
        parent: LiveId,
        kind: Kind,
        obj: &Map<String, J>,
        at: &str,
    ) -> Result<LiveId, FixtureError> {
        let length = obj
            .get("length")
            .and_then(J::as_f64)
            .filter(|l| *l > 0.0)
            .ok_or_else(|| err(at, "\"length\" (beats, > 0) is required"))?;
        let track = self.track_of(parent).unwrap_or(parent);
        let color = self.model.n(track).int("color");
        let clip = self.new_clip(parent, kind, length, color);
        self.apply(clip, obj, CLIP_KEYS, at)?;
        let notes_in = array(obj, "notes", at)?;
        if !notes_in.is_empty() && kind != Kind::MidiClip {
            return Err(err(at, "audio clips have no notes"));
        }
        let parsed = notes_in
            .iter()
            .enumerate()
            .map(|(i, n)| {
                note_json::parse_note(n, i, None).map_err(|e| err(&format!("{at}.notes[{i}]"), e))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut notes = Notes::default();
        notes.insert_many(parsed);
        if kind == Kind::MidiClip {
            self.edit(clip, |n| n.notes = Some(notes));
        }
        Ok(clip)
    }
}
