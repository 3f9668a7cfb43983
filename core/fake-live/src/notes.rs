//! The extended notes API of MIDI clips with Live's semantics: appending, defaults,
//! ids that are never reused, results sorted by pitch then time, and the same-pitch
//! overlap rule (an earlier note running into a new one is shortened, a note at the
//! identical start is replaced).

use super::args;
use super::set::FakeLive;
use super::store::{Note, Notes};
use barline_core::live::{Atom, LiveId};
use serde_json::Value as J;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Bound::Excluded;

use super::note_json::*;

/// A note-id list as a set, so filtering by it stays O(n log m).
fn id_set(a: &[Atom]) -> Result<BTreeSet<u64>, String> {
    Ok(id_list(a)?.into_iter().collect())
}

/// A note start as a totally ordered map key.
#[derive(Clone, Copy, Debug)]
struct Start(f64);

impl PartialEq for Start {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other).is_eq()
    }
}

impl Eq for Start {}

impl PartialOrd for Start {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Start {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0)
    }
}

/// The notes of one pitch, keyed by start.
type Lane = BTreeMap<Start, Note>;

/// Adds one note to its pitch's lane with the overlap rule of core/fake-live/README.md
/// rows 32 and 33: notes starting at or inside the new note are deleted (it keeps its
/// length) and the earlier note running into it is shortened. Notes of one pitch never
/// overlap (every insertion keeps it so), so only the previous neighbour can run in.
fn place(lane: &mut Lane, n: Note) {
    let at = Start(n.start);
    let same: Vec<Start> = lane
        .range((
            Excluded(Start(n.start - EPS)),
            Excluded(Start(n.start + n.duration - EPS)),
        ))
        .map(|(k, _)| *k)
        .collect();
    for k in same {
        lane.remove(&k);
    }
    for (_, e) in lane.range_mut(..at).rev() {
        if e.start + e.duration > n.start + EPS {
            e.duration = n.start - e.start;
        } else {
            break;
        }
    }
    lane.insert(at, n);
}

impl Notes {
    /// Adds notes (keeping an `id` when non-zero) one after the other, as that many
    /// single insertions would (ids in order, a later note overriding an earlier one),
    /// in O(n + m log(n + m)) for m new notes and n existing ones: for each pitch the
    /// new notes use, only the existing notes from the one before the earliest new
    /// start to the one after the latest are taken into a start-ordered lane (no other
    /// note can be touched, since notes of one pitch never overlap), and the list is
    /// rebuilt in one pass.
    pub(crate) fn insert_many(&mut self, new: Vec<Note>) -> Vec<u64> {
        let mut ids = Vec::with_capacity(new.len());
        let mut by_pitch: BTreeMap<i64, Vec<Note>> = BTreeMap::new();
        for mut n in new {
            if n.id == 0 {
                self.next_id += 1;
                n.id = self.next_id;
            }
            ids.push(n.id);
            by_pitch.entry(n.pitch).or_default().push(n);
        }
        let old = std::mem::take(&mut self.list);
        let mut out = Vec::with_capacity(old.len() + ids.len());
        let mut done = 0;
        for (pitch, batch) in by_pitch {
            let lo = done + old[done..].partition_point(|e| e.pitch < pitch);
            let hi = lo + old[lo..].partition_point(|e| e.pitch == pitch);
            let lane = &old[lo..hi];
            let first = batch.iter().map(|n| n.start).fold(f64::INFINITY, f64::min);
            let last = batch
                .iter()
                .map(|n| n.start + n.duration)
                .fold(f64::NEG_INFINITY, f64::max);
            let a = lane
                .partition_point(|e| e.start < first - EPS)
                .saturating_sub(1);
            let b = lane.partition_point(|e| e.start < last + EPS);
            out.extend_from_slice(&old[done..lo + a]);
            let mut part: Lane = lane[a..b]
                .iter()
                .map(|n| (Start(n.start), n.clone()))
                .collect();
            for n in batch {
                place(&mut part, n);
            }
            out.extend(part.into_values());
            done = lo + b;
        }
        out.extend_from_slice(&old[done..]);
        self.list = out;
        ids
    }
}

impl FakeLive {
    fn notes_mut(&mut self, clip: LiveId) -> Result<&mut Notes, String> {
        self.model
            .node_mut(clip)
            .and_then(|n| n.notes.as_mut())
            .ok_or_else(|| "this is an audio clip: it has no notes".into())
    }

    fn notes_of(&self, clip: LiveId) -> Result<&Notes, String> {
        self.model
            .node(clip)
            .and_then(|n| n.notes.as_ref())
            .ok_or_else(|| "this is an audio clip: it has no notes".into())
    }

    /// The note functions of `Clip`; `None` when `name` is not one of them.
    pub(crate) fn call_notes(
        &mut self,
        clip: LiveId,
        name: &str,
        a: &[Atom],
    ) -> Option<Result<Vec<Atom>, String>> {
        let r = match name {
            "get_notes_extended" => self.notes_in_window(clip, a),
            "get_all_notes_extended" | "get_selected_notes_extended" => {
                self.all_notes(clip, name == "get_all_notes_extended", a)
            }
            "get_notes_by_id" => self.notes_by_id(clip, a),
            "add_new_notes" => self.add_new_notes(clip, a),
            "apply_note_modifications" => self.apply_note_modifications(clip, a),
            "remove_notes_extended" => self.remove_notes_in_window(clip, a),
            "remove_notes_by_id" => self.remove_notes_by_id(clip, a),
            "duplicate_notes_by_id" => self.duplicate_notes(clip, a),
            "select_all_notes" | "deselect_all_notes" => {
                let on = (name == "select_all_notes") as i64;
                self.set_int(clip, "all_selected", on);
                Ok(vec![])
            }
            "quantize" | "quantize_pitch" => self.quantize(clip, name == "quantize_pitch", a),
            _ => return None,
        };
        Some(r.map(|atoms| self.cut_note_answer(name, atoms)))
    }

    /// `get_notes_extended`: the notes inside a pitch and time window.
    fn notes_in_window(&self, clip: LiveId, a: &[Atom]) -> Result<Vec<Atom>, String> {
        let w = Window::parse(a)?;
        let notes = self.notes_of(clip)?;
        let inside: Vec<&Note> = notes.list.iter().filter(|n| w.contains(n)).collect();
        Ok(notes_text(&inside, &w.fields))
    }

    /// `get_all_notes_extended` (`all` set) and `get_selected_notes_extended`: every
    /// note, or the selected ones, which are all or none since the fake only tracks
    /// select-all.
    fn all_notes(&self, clip: LiveId, all: bool, a: &[Atom]) -> Result<Vec<Atom>, String> {
        let w = if a.is_empty() {
            Window::all()
        } else {
            Window {
                fields: Window::parse(a)
                    .ok()
                    .and_then(|w| w.fields)
                    .or_else(|| dict_fields(a)),
                ..Window::all()
            }
        };
        let selected = all || self.model.n(clip).flag("all_selected");
        let notes = self.notes_of(clip)?;
        let list: Vec<&Note> = if selected {
            notes.list.iter().collect()
        } else {
            Vec::new()
        };
        Ok(notes_text(&list, &w.fields))
    }

    /// `get_notes_by_id`: the notes with the given ids.
    fn notes_by_id(&self, clip: LiveId, a: &[Atom]) -> Result<Vec<Atom>, String> {
        let ids = id_set(a)?;
        let notes = self.notes_of(clip)?;
        let found: Vec<&Note> = notes.list.iter().filter(|n| ids.contains(&n.id)).collect();
        Ok(notes_text(&found, &dict_fields(a)))
    }

    /// `add_new_notes`: inserts notes without ids and answers their new ids.
    fn add_new_notes(&mut self, clip: LiveId, a: &[Atom]) -> Result<Vec<Atom>, String> {
        let list = note_list(a)?;
        if let Some(i) = list.iter().position(|n| n.get("note_id").is_some()) {
            return Err(format!(
                "Invalid entry in the dictionary: note {i} has a note_id"
            ));
        }
        let parsed = list
            .iter()
            .enumerate()
            .map(|(i, n)| parse_note(n, i, None))
            .collect::<Result<Vec<_>, _>>()?;
        let notes = self.notes_mut(clip)?;
        let ids: Vec<Atom> = notes
            .insert_many(parsed)
            .into_iter()
            .map(|id| Atom::Int(id as i64))
            .collect();
        self.changed(clip, "notes");
        Ok(ids)
    }

    /// `apply_note_modifications`: replaces existing notes (by id) with changed copies;
    /// every id must exist before anything changes.
    fn apply_note_modifications(&mut self, clip: LiveId, a: &[Atom]) -> Result<Vec<Atom>, String> {
        let list = note_list(a)?;
        let notes = self.notes_of(clip)?;
        let mut changed = Vec::new();
        for (i, v) in list.iter().enumerate() {
            let id = v
                .get("note_id")
                .and_then(J::as_u64)
                .ok_or_else(|| format!("Required key note_id is missing (note {i})"))?;
            let base = notes
                .list
                .iter()
                .find(|n| n.id == id)
                .ok_or_else(|| format!("note {i}: no note with id {id} in this clip"))?;
            changed.push(parse_note(v, i, Some(base))?);
        }
        let ids: BTreeSet<u64> = changed.iter().map(|c| c.id).collect();
        let notes = self.notes_mut(clip)?;
        notes.list.retain(|n| !ids.contains(&n.id));
        notes.insert_many(changed);
        self.changed(clip, "notes");
        Ok(vec![])
    }

    /// `remove_notes_extended`: deletes the notes inside a pitch and time window.
    fn remove_notes_in_window(&mut self, clip: LiveId, a: &[Atom]) -> Result<Vec<Atom>, String> {
        let w = Window::parse(a)?;
        self.notes_mut(clip)?.list.retain(|n| !w.contains(n));
        self.changed(clip, "notes");
        Ok(vec![])
    }

    /// `remove_notes_by_id`: deletes the notes with the given ids.
    fn remove_notes_by_id(&mut self, clip: LiveId, a: &[Atom]) -> Result<Vec<Atom>, String> {
        let ids: BTreeSet<u64> = plain_id_list(a)?.into_iter().collect();
        self.notes_mut(clip)?.list.retain(|n| !ids.contains(&n.id));
        self.changed(clip, "notes");
        Ok(vec![])
    }

    /// Applies the fixture's `note_answer_limit`: a notes answer longer than the limit
    /// is cut there (on a character boundary), leaving JSON that does not parse.
    fn cut_note_answer(&self, name: &str, mut atoms: Vec<Atom>) -> Vec<Atom> {
        let Some(limit) = self.config.note_answer_limit else {
            return atoms;
        };
        if !name.starts_with("get_") {
            return atoms;
        }
        if let Some(Atom::Symbol(text)) = atoms.first_mut() {
            if text.len() > limit {
                let mut end = limit;
                while !text.is_char_boundary(end) {
                    end -= 1;
                }
                text.truncate(end);
            }
        }
        atoms
    }

    fn duplicate_notes(&mut self, clip: LiveId, a: &[Atom]) -> Result<Vec<Atom>, String> {
        let (ids, dest, transpose) = match a {
            [Atom::Symbol(_)] => {
                let d = args::dict(a, 0, "duplicate dict")?;
                (
                    id_set(a)?,
                    d.get("destination_time").and_then(J::as_f64),
                    d.get("transposition_amount")
                        .and_then(J::as_i64)
                        .unwrap_or(0),
                )
            }
            _ => (id_set(a)?, None, 0),
        };
        let notes = self.notes_mut(clip)?;
        let src: Vec<Note> = notes
            .list
            .iter()
            .filter(|n| ids.contains(&n.id))
            .cloned()
            .collect();
        let first = src.iter().map(|n| n.start).fold(f64::MAX, f64::min);
        let end = src.iter().map(|n| n.start + n.duration).fold(0.0, f64::max);
        let offset = dest.unwrap_or(end) - first;
        let copies = src
            .into_iter()
            .map(|mut n| {
                n.id = 0;
                n.start += offset;
                n.pitch = (n.pitch + transpose).clamp(0, 127);
                n
            })
            .collect::<Vec<Note>>();
        for (i, n) in copies.iter().enumerate() {
            super::limits::note_span(i, n.start, n.duration)?;
        }
        notes.insert_many(copies);
        self.changed(clip, "notes");
        Ok(vec![])
    }

    fn quantize(&mut self, clip: LiveId, by_pitch: bool, a: &[Atom]) -> Result<Vec<Atom>, String> {
        let off = by_pitch as usize;
        let pitch = if by_pitch {
            Some(args::int(a, 0, "pitch")?)
        } else {
            None
        };
        let code = args::int(a, off, "grid")?;
        let amount = args::num(a, off + 1, "amount")?;
        let grids: &[f64] = match code {
            1 => &[1.0],
            2 => &[0.5],
            3 => &[1.0 / 3.0],
            4 => &[0.5, 1.0 / 3.0],
            5 => &[0.25],
            6 => &[1.0 / 6.0],
            7 => &[0.25, 1.0 / 6.0],
            8 => &[0.125],
            _ => return Err(format!("quantize grid must be 1…8, not {code}")),
        };
        if !(0.0..=1.0).contains(&amount) {
            return Err(format!("quantize amount must be 0…1, not {amount}"));
        }
        if self.config.quantize_noop {
            return Ok(vec![]);
        }
        let notes = self.notes_mut(clip)?;
        let mut moved: Vec<Note> = Vec::new();
        notes.list.retain(|n| {
            if pitch.is_some_and(|p| p != n.pitch) {
                return true;
            }
            let target = grids
                .iter()
                .map(|g| (n.start / g).round() * g)
                .min_by(|x, y| (x - n.start).abs().total_cmp(&(y - n.start).abs()))
                .unwrap_or(n.start);
            let mut m = n.clone();
            m.start = n.start + (target - n.start) * amount;
            moved.push(m);
            false
        });
        notes.insert_many(moved);
        self.changed(clip, "notes");
        Ok(vec![])
    }
}
