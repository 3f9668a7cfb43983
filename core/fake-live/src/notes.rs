//! The extended notes API of MIDI clips with Live's semantics: appending, defaults,
//! ids that are never reused, results sorted by pitch then time, and the same-pitch
//! overlap rule (an earlier note running into a new one is shortened, a note at the
//! identical start is replaced).

use super::store::{Note, Notes};
use super::{args, FakeLive};
use barline_core::live::{Atom, LiveId};
use serde_json::Value as J;

use super::note_json::*;

impl Notes {
    /// Adds a note (keeping `n.id` when non-zero) and applies the overlap rule. The
    /// list stays sorted by (pitch, start), so only same-pitch neighbours are visited.
    pub(crate) fn insert(&mut self, mut n: Note) -> u64 {
        let lo = self.list.partition_point(|e| e.pitch < n.pitch);
        let hi = lo + self.list[lo..].partition_point(|e| e.pitch == n.pitch);
        if let Some(i) = (lo..hi).find(|i| (self.list[*i].start - n.start).abs() < EPS) {
            self.list.remove(i);
        }
        let hi = lo + self.list[lo..].partition_point(|e| e.pitch == n.pitch);
        for e in &mut self.list[lo..hi] {
            if e.start < n.start && e.start + e.duration > n.start + EPS {
                e.duration = n.start - e.start;
            } else if e.start > n.start && e.start < n.start + n.duration - EPS {
                n.duration = e.start - n.start;
            }
        }
        if n.id == 0 {
            self.next_id += 1;
            n.id = self.next_id;
        }
        let id = n.id;
        let at = lo + self.list[lo..hi].partition_point(|e| e.start < n.start);
        self.list.insert(at, n);
        id
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
            "get_notes_extended" => Window::parse(a).and_then(|w| {
                let notes = self.notes_of(clip)?;
                Ok(notes_text(
                    &notes
                        .list
                        .iter()
                        .filter(|n| w.contains(n))
                        .collect::<Vec<_>>(),
                    &w.fields,
                ))
            }),
            "get_all_notes_extended" | "get_selected_notes_extended" => (|| {
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
                let selected =
                    name == "get_all_notes_extended" || self.model.n(clip).flag("all_selected");
                let notes = self.notes_of(clip)?;
                let list: Vec<&Note> = if selected {
                    notes.list.iter().collect()
                } else {
                    Vec::new()
                };
                Ok(notes_text(&list, &w.fields))
            })(),
            "get_notes_by_id" => id_list(a).and_then(|ids| {
                let notes = self.notes_of(clip)?;
                Ok(notes_text(
                    &notes
                        .list
                        .iter()
                        .filter(|n| ids.contains(&n.id))
                        .collect::<Vec<_>>(),
                    &None,
                ))
            }),
            "add_new_notes" => (|| {
                let list = note_list(a)?;
                if let Some(i) = list.iter().position(|n| n.get("note_id").is_some()) {
                    return Err(format!("note {i}: add_new_notes does not take note_id"));
                }
                let parsed = list
                    .iter()
                    .enumerate()
                    .map(|(i, n)| parse_note(n, i, None))
                    .collect::<Result<Vec<_>, _>>()?;
                let notes = self.notes_mut(clip)?;
                let ids: Vec<Atom> = parsed
                    .into_iter()
                    .map(|n| Atom::Int(notes.insert(n) as i64))
                    .collect();
                self.changed(clip, "notes");
                Ok(ids)
            })(),
            "apply_note_modifications" => (|| {
                let list = note_list(a)?;
                let notes = self.notes_of(clip)?;
                let mut changed = Vec::new();
                for (i, v) in list.iter().enumerate() {
                    let id = v
                        .get("note_id")
                        .and_then(J::as_u64)
                        .ok_or_else(|| format!("note {i}: note_id is required"))?;
                    let base =
                        notes.list.iter().find(|n| n.id == id).ok_or_else(|| {
                            format!("note {i}: no note with id {id} in this clip")
                        })?;
                    changed.push(parse_note(v, i, Some(base))?);
                }
                let notes = self.notes_mut(clip)?;
                notes.list.retain(|n| !changed.iter().any(|c| c.id == n.id));
                for n in changed {
                    notes.insert(n);
                }
                self.changed(clip, "notes");
                Ok(vec![])
            })(),
            "remove_notes_extended" => Window::parse(a).and_then(|w| {
                self.notes_mut(clip)?.list.retain(|n| !w.contains(n));
                self.changed(clip, "notes");
                Ok(vec![])
            }),
            "remove_notes_by_id" => id_list(a).and_then(|ids| {
                self.notes_mut(clip)?.list.retain(|n| !ids.contains(&n.id));
                self.changed(clip, "notes");
                Ok(vec![])
            }),
            "duplicate_notes_by_id" => self.duplicate_notes(clip, a),
            "select_all_notes" | "deselect_all_notes" => {
                let on = (name == "select_all_notes") as i64;
                self.set_int(clip, "all_selected", on);
                Ok(vec![])
            }
            "quantize" | "quantize_pitch" => self.quantize(clip, name == "quantize_pitch", a),
            _ => return None,
        };
        Some(r)
    }

    fn duplicate_notes(&mut self, clip: LiveId, a: &[Atom]) -> Result<Vec<Atom>, String> {
        let (ids, dest, transpose) = match a {
            [Atom::Symbol(_)] => {
                let d = args::dict(a, 0, "duplicate dict")?;
                (
                    id_list(a)?,
                    d.get("destination_time").and_then(J::as_f64),
                    d.get("transposition_amount")
                        .and_then(J::as_i64)
                        .unwrap_or(0),
                )
            }
            _ => (id_list(a)?, None, 0),
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
        for mut n in src {
            n.id = 0;
            n.start += offset;
            n.pitch = (n.pitch + transpose).clamp(0, 127);
            notes.insert(n);
        }
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
        for n in moved {
            notes.insert(n);
        }
        self.changed(clip, "notes");
        Ok(vec![])
    }
}
