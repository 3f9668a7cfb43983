//! The Live API requests as `LiveAPI` makes them: counting, object and member checks,
//! generic type and range checks, undo recording, and hand-off to the class modules.
//! A refusal is posted (recorded) and returned as `Err`; `port.rs` turns that into
//! what the device's port answers.

use super::history::OpCounts;
use super::paths::Child;
use super::schema::Class;
use super::set::FakeLive;
use super::values::{coerce, stored_atoms};
use super::{clip, clip_slot, cue_point, device, mixer, scene, song, track};
use barline_core::live::path::{id_atoms, id_list_atoms};
use barline_core::live::{Atom, LiveError, LiveId};

/// What Live posts when a change is made from inside an observer callback.
pub const NOTIFICATION_ERROR: &str =
    "Changes cannot be triggered by notifications. You will need to defer your response.";

impl FakeLive {
    /// The type name calls are counted under (`None` for missing objects).
    fn count_type(&self, id: LiveId) -> &'static str {
        self.type_name(id).unwrap_or("None")
    }

    /// Bumps one counter of the object's type; the key is only allocated the first
    /// time a type is seen.
    fn count(&mut self, id: LiveId, bump: fn(&mut OpCounts)) {
        self.clock.tick();
        let ty = self.count_type(id);
        match self.counters.by_type.get_mut(ty) {
            Some(c) => bump(c),
            None => bump(self.counters.by_type.entry(ty.to_string()).or_default()),
        }
    }

    pub(crate) fn no_object(id: LiveId) -> String {
        if id.is_none() {
            "no object (id 0): the path did not resolve".into()
        } else {
            format!("no object with id {id}: it was deleted or never existed")
        }
    }

    /// Reads a property without counting it (observer values, `getstring`).
    pub(crate) fn get_uncounted(&self, id: LiveId, prop: &str) -> Result<Vec<Atom>, String> {
        let n = self.model.node(id).ok_or_else(|| Self::no_object(id))?;
        if let Some(child) = self.child(id, prop) {
            return Ok(match child {
                Child::List(ids) => id_list_atoms(&ids),
                Child::Single(x) => id_atoms(x),
            });
        }
        let p = n.class.prop(n.kind, prop);
        let Some(p) = p.filter(|_| self.member_exists(n.class, prop)) else {
            return Err(format!(
                "{} has no property \"{prop}\"{}",
                self.count_type(id),
                self.version_note(n.class, prop)
            ));
        };
        let hooked = match n.class {
            Class::Song => song::get(self, id, prop),
            Class::Track => track::get(self, id, prop),
            Class::ClipSlot => clip_slot::get(self, id, prop),
            Class::Clip => clip::get(self, id, prop),
            Class::Scene => scene::get(self, id, prop),
            Class::DeviceParameter => mixer::get(self, id, prop),
            Class::Device | Class::DrumPad | Class::Chain => device::get(self, id, prop),
            _ => None,
        };
        if let Some(r) = hooked {
            return r;
        }
        Ok(stored_atoms(p, self.model.n(id).props.get(prop)))
    }

    /// The atoms an observer of `prop` receives after its name (`notes` sends none).
    pub fn observed_value(&self, id: LiveId, prop: &str) -> Result<Vec<Atom>, String> {
        match self.model.node(id) {
            Some(n) if n.class == Class::Clip && prop == "notes" => Ok(Vec::new()),
            _ => self.get_uncounted(id, prop),
        }
    }

    fn set_inner(&mut self, id: LiveId, prop: &str, value: &[Atom]) -> Result<(), String> {
        let n = self.model.node(id).ok_or_else(|| Self::no_object(id))?;
        let (class, kind) = (n.class, n.kind);
        let ty = self.count_type(id);
        let is_view_ref =
            class == Class::SongView && class.single_children(kind).iter().any(|(c, _)| *c == prop);
        let prop_def = class
            .prop(kind, prop)
            .filter(|_| self.member_exists(class, prop));
        if prop_def.is_none() && !is_view_ref {
            if self.child(id, prop).is_some() {
                return Err(format!("{ty}.{prop} is a child and cannot be set"));
            }
            let note = self.version_note(class, prop);
            return Err(format!("{ty} has no property \"{prop}\"{note}"));
        }
        if self.in_notification {
            return Err(NOTIFICATION_ERROR.into());
        }
        if matches!(class, Class::Song | Class::Clip) {
            super::limits::time_property(prop, value)?;
        }
        let before = self.model.clone();
        let hooked = match class {
            Class::Track | Class::Clip | Class::Scene | Class::Chain
                if matches!(prop, "color" | "color_index") =>
            {
                Some(self.set_color(id, prop, value))
            }
            Class::Song => song::set(self, id, prop, value),
            Class::SongView => song::set_view(self, id, prop, value),
            Class::Track => track::set(self, id, prop, value),
            Class::Clip => clip::set(self, id, prop, value),
            Class::Scene => scene::set(self, id, prop, value),
            Class::DeviceParameter => mixer::set(self, id, prop, value),
            _ => None,
        };
        let result = match hooked {
            Some(r) => r,
            None => {
                let p = prop_def.ok_or_else(|| format!("{ty} has no property \"{prop}\""))?;
                if !p.writable {
                    return Err(format!("{ty}.{prop} is read-only"));
                }
                coerce(p, value).map(|v| {
                    if let Some(n) = self.model.node_mut(id) {
                        n.props.insert(prop.to_string(), v);
                    }
                })
            }
        };
        match result {
            Ok(()) => {
                if undoable_set(class, prop) && self.history.record(before) {
                    self.counters.undo_steps += 1;
                }
                self.changed(id, prop);
                Ok(())
            }
            Err(e) => {
                self.model = before;
                Err(e)
            }
        }
    }

    fn call_inner(&mut self, id: LiveId, name: &str, args: &[Atom]) -> Result<Vec<Atom>, String> {
        let n = self.model.node(id).ok_or_else(|| Self::no_object(id))?;
        let (class, kind) = (n.class, n.kind);
        let ty = self.count_type(id);
        let func = class.func(kind, name, self.config.undo_step_functions);
        let Some(func) = func.filter(|_| self.member_exists(class, name)) else {
            let note = self.version_note(class, name);
            return Err(format!("{ty} has no function \"{name}\"{note}"));
        };
        if func.mutates && self.in_notification {
            return Err(NOTIFICATION_ERROR.into());
        }
        let before = func.mutates.then(|| self.model.clone());
        let changes_before = self.changes.len();
        let result = match class {
            Class::Application | Class::ApplicationView => song::call_app(self, id, name, args),
            Class::Song => song::call(self, id, name, args),
            Class::SongView => song::call_view(self, id, name, args),
            Class::Track => track::call(self, id, name, args),
            Class::ClipSlot => clip_slot::call(self, id, name, args),
            Class::Clip => clip::call(self, id, name, args),
            Class::Scene => scene::call(self, id, name, args),
            Class::CuePoint => cue_point::call(self, id, name, args),
            Class::DeviceParameter => mixer::call(self, id, name, args),
            Class::Sample => Ok(vec![Atom::Symbol(crate::gain::clip_gain_text(
                self.model.n(id).float("gain"),
            ))]),
            Class::Device | Class::Chain | Class::DrumPad => device::call(self, id, name, args),
            _ => Err(format!("{ty} has no function \"{name}\"")),
        };
        match (result, before) {
            (Ok(atoms), Some(before)) => {
                if self.changes.len() > changes_before && self.history.record(before) {
                    self.counters.undo_steps += 1;
                }
                Ok(atoms)
            }
            (Ok(atoms), None) => Ok(atoms),
            (Err(e), Some(before)) => {
                self.model = before;
                self.changes.truncate(changes_before);
                Err(e)
            }
            (Err(e), None) => Err(e),
        }
    }

    /// `LiveAPI.get`: the property's atoms, or the posted refusal as `Err`.
    pub fn try_get(&mut self, id: LiveId, property: &str) -> Result<Vec<Atom>, LiveError> {
        self.count(id, |c| c.get += 1);
        match self.get_uncounted(id, property) {
            Ok(atoms) => {
                self.note_symbols(&atoms);
                Ok(atoms)
            }
            Err(m) => Err(self.post(format!("get: {m}"))),
        }
    }

    /// `LiveAPI.set`, or the posted refusal as `Err` (nothing changed then).
    pub fn try_set(&mut self, id: LiveId, property: &str, value: &[Atom]) -> Result<(), LiveError> {
        self.count(id, |c| c.set += 1);
        self.set_inner(id, property, value)
            .map_err(|m| self.post(format!("set: {m}")))
    }

    /// `LiveAPI.call`: the result atoms, or the posted refusal as `Err` (nothing
    /// changed then).
    pub fn try_call(
        &mut self,
        id: LiveId,
        function: &str,
        args: &[Atom],
    ) -> Result<Vec<Atom>, LiveError> {
        self.count(id, |c| c.call += 1);
        match self.call_inner(id, function, args) {
            Ok(atoms) => {
                self.note_symbols(&atoms);
                Ok(atoms)
            }
            Err(m) => Err(self.post(format!("call {function}: {m}"))),
        }
    }

    /// `LiveAPI.getcount`, or the posted refusal as `Err`.
    pub fn try_get_count(&mut self, id: LiveId, child: &str) -> Result<usize, LiveError> {
        self.count(id, |c| c.getcount += 1);
        match self.child(id, child) {
            Some(Child::List(ids)) => Ok(ids.len()),
            _ if !self.exists(id) => Err(self.post(format!("getcount: {}", Self::no_object(id)))),
            _ => Err(self.post(format!(
                "getcount: {} has no list child \"{child}\"",
                self.count_type(id)
            ))),
        }
    }

    /// `LiveAPI.getstring`: the value as one string (counted as a `get`).
    pub fn get_string(&mut self, id: LiveId, prop: &str) -> Result<String, LiveError> {
        let atoms = self.try_get(id, prop)?;
        Ok(atoms
            .iter()
            .map(|a| a.to_string())
            .collect::<Vec<_>>()
            .join(" "))
    }
}

/// View selections and transport state are not Set changes (no undo step).
fn undoable_set(class: Class, prop: &str) -> bool {
    match class {
        Class::SongView | Class::ApplicationView | Class::TrackView | Class::DeviceView => false,
        Class::Song => !matches!(
            prop,
            "is_playing"
                | "current_song_time"
                | "back_to_arranger"
                | "metronome"
                | "record_mode"
                | "session_record"
                | "overdub"
        ),
        _ => true,
    }
}
