//! Track routing as `LiveAPI` shows it (core/fake-live/README.md rows 5–14): the
//! choices each kind of track offers, their defaults, the master and group/return
//! refusals, and routing lists that stay empty in the tick a track is created.

use super::set::FakeLive;
use super::store::Kind;
use barline_core::live::{Atom, LiveId};

/// The four routing properties; each has an `available_…s` list.
pub(crate) const ROUTING: [&str; 4] = [
    "input_routing_type",
    "input_routing_channel",
    "output_routing_type",
    "output_routing_channel",
];

/// Identifiers of the fixed choices; a track choice is `TRACK_BASE` + its id, so it
/// stays the same while tracks move (Live hashes the routing object).
const NONE: i64 = 0;
const TRACK_BASE: i64 = 1000;

/// The node flag set on a track created in the current tick (row 14).
pub(crate) const FRESH: &str = "routing_fresh";

fn choice(name: &str, ident: i64) -> (String, i64) {
    (name.to_string(), ident)
}

impl FakeLive {
    /// Live 12 calls the master track "Main"; Live 11 and older "Master" (row 6).
    fn main_name(&self) -> &'static str {
        if self.live_at_least(12, 0) {
            "Main"
        } else {
            "Master"
        }
    }

    fn song_tracks(&self, list: &str) -> Vec<LiveId> {
        self.model.n(self.model.song).list(list).to_vec()
    }

    fn track_choice(&self, t: LiveId) -> (String, i64) {
        choice(self.model.n(t).str("name"), TRACK_BASE + t.0 as i64)
    }

    /// Whether a track makes sound (audio, group, return, or MIDI with an instrument).
    fn has_audio_out(&self, t: LiveId) -> bool {
        let k = self.kind(t);
        k != Kind::MidiTrack || self.has_instrument(t)
    }

    /// Refusals of `_MxDCore` (row 12, 13): nothing on the master, no input on group
    /// and return tracks.
    fn routing_refusal(&self, track: LiveId, prop: &str) -> Option<String> {
        let kind = self.kind(track);
        let on = match kind {
            Kind::MasterTrack => "master track",
            Kind::GroupTrack if prop.contains("input") => "group tracks",
            Kind::ReturnTrack if prop.contains("input") => "return tracks",
            _ => return None,
        };
        Some(format!("'{prop}' not available on {on}"))
    }

    /// The choices `prop` (one of [`ROUTING`]) offers on `track`, and its default.
    fn routing_choices(&self, track: LiveId, prop: &str) -> (Vec<(String, i64)>, i64) {
        let kind = self.kind(track);
        let midi = kind == Kind::MidiTrack;
        let group = self.model.n(track).single("group_track");
        let others = |f: &dyn Fn(LiveId) -> bool| -> Vec<(String, i64)> {
            self.song_tracks("tracks")
                .into_iter()
                .filter(|t| *t != track && f(*t))
                .map(|t| self.track_choice(t))
                .collect()
        };
        match prop {
            "input_routing_type" if midi => (
                vec![
                    choice("All Ins", 1),
                    choice("Computer Keyboard", 2),
                    choice("No Input", NONE),
                ],
                1,
            ),
            "input_routing_type" => {
                let mut v = vec![choice("Ext. In", 1), choice("Resampling", 2)];
                v.extend(others(&|t| self.has_audio_out(t)));
                v.extend(
                    self.song_tracks("return_tracks")
                        .iter()
                        .map(|t| self.track_choice(*t)),
                );
                v.push(choice(self.main_name(), 4));
                v.push(choice("No Input", NONE));
                (v, 1)
            }
            "input_routing_channel" if midi => (
                vec![
                    choice("All Channels", 1),
                    choice("Ch. 1", 2),
                    choice("Ch. 2", 3),
                ],
                1,
            ),
            "input_routing_channel" => (vec![choice("1/2", 1), choice("1", 2), choice("2", 3)], 1),
            "output_routing_type" if !self.has_audio_out(track) => {
                // A MIDI track without an instrument sends MIDI to instrument tracks.
                let mut v = others(&|t| self.kind(t) == Kind::MidiTrack && self.has_instrument(t));
                v.push(choice("No Output", NONE));
                (v, NONE)
            }
            "output_routing_type" if kind == Kind::ReturnTrack => {
                (vec![choice("Ext. Out", 3), choice(self.main_name(), 4)], 4)
            }
            "output_routing_type" => {
                let mut v = vec![choice("Ext. Out", 3), choice(self.main_name(), 4)];
                v.extend(others(&|t| {
                    self.kind(t) == Kind::GroupTrack || self.kind(t) == Kind::AudioTrack
                }));
                v.push(choice("Sends Only", 5));
                let default = if self.exists(group) {
                    TRACK_BASE + group.0 as i64
                } else {
                    4
                };
                (v, default)
            }
            _ => (vec![choice("Track In", 1)], 1),
        }
    }

    /// `get` of a routing property or of its `available_…s` list.
    pub(crate) fn get_routing(&self, track: LiveId, prop: &str) -> Result<Vec<Atom>, String> {
        let base = prop.trim_start_matches("available_").trim_end_matches('s');
        if let Some(e) = self.routing_refusal(track, base) {
            return Err(e);
        }
        let (list, default) = self.routing_choices(track, base);
        let json = |(d, i): &(String, i64)| serde_json::json!({"display_name": d, "identifier": i});
        let text = if prop.starts_with("available_") {
            let fresh = self.model.n(track).flag(FRESH);
            let items: Vec<_> = if fresh {
                Vec::new()
            } else {
                list.iter().map(json).collect()
            };
            serde_json::json!({ prop: items })
        } else {
            let stored = self.model.n(track).props.get(&format!("route_{prop}"));
            let cur = match stored {
                Some(super::store::Value::Int(i)) if list.iter().any(|c| c.1 == *i) => *i,
                _ => default,
            };
            let item = list
                .iter()
                .find(|c| c.1 == cur)
                .cloned()
                .unwrap_or(choice("", cur));
            serde_json::json!({ prop: json(&item) })
        };
        Ok(vec![Atom::Symbol(text.to_string())])
    }

    /// `set` of a routing property: a dict naming one of the available identifiers.
    pub(crate) fn set_routing(
        &mut self,
        track: LiveId,
        prop: &str,
        value: &[Atom],
    ) -> Result<(), String> {
        if let Some(e) = self.routing_refusal(track, prop) {
            return Err(e);
        }
        let v = super::args::dict(value, 0, prop)?;
        let ident = v
            .get(prop)
            .unwrap_or(&v)
            .get("identifier")
            .and_then(|i| i.as_i64())
            .ok_or_else(|| format!("{prop} must be JSON {{\"{prop}\": {{\"identifier\": n}}}}"))?;
        let (list, _) = self.routing_choices(track, prop);
        if !list.iter().any(|c| c.1 == ident) {
            return Err(format!(
                "{prop}: identifier {ident} is not in available_{prop}s; routing unchanged"
            ));
        }
        self.set_int(track, &format!("route_{prop}"), ident);
        Ok(())
    }

    /// The next tick: routing lists of tracks created in the last one fill in.
    pub(crate) fn settle_routing(&mut self) {
        let mut all = self.song_tracks("tracks");
        all.extend(self.song_tracks("return_tracks"));
        for t in all {
            if self.model.n(t).flag(FRESH) {
                self.edit(t, |n| {
                    n.props.remove(FRESH);
                });
            }
        }
    }
}
