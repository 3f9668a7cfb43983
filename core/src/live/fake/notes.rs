//! The extended notes API of MIDI clips with Live's semantics: appending, defaults,
//! ids that are never reused, results sorted by pitch then time, and the same-pitch
//! overlap rule (an earlier note running into a new one is shortened, a note at the
//! identical start is replaced).

use super::store::{Note, Notes};
use super::{args, FakeLive};
use crate::live::{Atom, LiveId};
use serde_json::{json, Map, Value as J};

const FIELDS: [&str; 9] = [
    "note_id",
    "pitch",
    "start_time",
    "duration",
    "velocity",
    "mute",
    "probability",
    "velocity_deviation",
    "release_velocity",
];

const EPS: f64 = 1e-9;

/// The selection of `get_notes_extended` / `remove_notes_extended`.
struct Window {
    pitch: (f64, f64),
    time: (f64, f64),
    fields: Option<Vec<String>>,
}

impl Window {
    fn all() -> Window {
        Window {
            pitch: (0.0, 128.0),
            time: (f64::MIN, f64::MAX),
            fields: None,
        }
    }

    fn contains(&self, n: &Note) -> bool {
        let p = n.pitch as f64;
        p >= self.pitch.0
            && p < self.pitch.0 + self.pitch.1
            && n.start >= self.time.0 - EPS
            && n.start < self.time.0 + self.time.1 - EPS
    }

    /// Four numbers, or one dict with those keys plus an optional `return` list.
    fn parse(a: &[Atom]) -> Result<Window, String> {
        if let [Atom::Symbol(_)] = a {
            let d = args::dict(a, 0, "note window")?;
            let num = |k: &str| {
                d.get(k)
                    .and_then(J::as_f64)
                    .ok_or_else(|| format!("the note window dict needs a number \"{k}\""))
            };
            let fields = match d.get("return") {
                Some(J::Array(list)) => Some(
                    list.iter()
                        .filter_map(|v| v.as_str().map(String::from))
                        .collect(),
                ),
                Some(_) => return Err("\"return\" must be a list of field names".into()),
                None => None,
            };
            return Ok(Window {
                pitch: (num("from_pitch")?, num("pitch_span")?),
                time: (num("from_time")?, num("time_span")?),
                fields,
            });
        }
        Ok(Window {
            pitch: (
                args::num(a, 0, "from_pitch")?,
                args::num(a, 1, "pitch_span")?,
            ),
            time: (args::num(a, 2, "from_time")?, args::num(a, 3, "time_span")?),
            fields: None,
        })
    }
}

fn note_json(n: &Note, fields: &Option<Vec<String>>) -> J {
    let all = json!({
        "note_id": n.id, "pitch": n.pitch, "start_time": n.start, "duration": n.duration,
        "velocity": n.velocity, "mute": n.mute as i64, "probability": n.probability,
        "velocity_deviation": n.velocity_deviation, "release_velocity": n.release_velocity,
    });
    match (fields, all) {
        (Some(f), J::Object(m)) => J::Object(
            m.into_iter()
                .filter(|(k, _)| f.iter().any(|x| x == k))
                .collect(),
        ),
        (_, all) => all,
    }
}

fn notes_text(list: &[&Note], fields: &Option<Vec<String>>) -> Vec<Atom> {
    let notes: Vec<J> = list.iter().map(|n| note_json(n, fields)).collect();
    vec![Atom::Symbol(json!({ "notes": notes }).to_string())]
}

/// Reads and checks one note field. Every note is checked before any is written.
fn field(
    obj: &Map<String, J>,
    key: &str,
    lo: f64,
    hi: f64,
    default: Option<f64>,
    i: usize,
) -> Result<f64, String> {
    match obj.get(key) {
        None => default.ok_or_else(|| format!("note {i}: \"{key}\" is required")),
        Some(J::Bool(b)) if key == "mute" => Ok(*b as i64 as f64),
        Some(v) => match v.as_f64() {
            Some(x) if x >= lo && x <= hi => Ok(x),
            _ => Err(format!(
                "note {i}: \"{key}\" must be a number in {lo}…{hi}, not {v}"
            )),
        },
    }
}

pub(crate) fn parse_note(v: &J, i: usize, base: Option<&Note>) -> Result<Note, String> {
    let obj = v
        .as_object()
        .ok_or_else(|| format!("note {i} is not an object"))?;
    if let Some(k) = obj.keys().find(|k| !FIELDS.contains(&k.as_str())) {
        return Err(format!("note {i}: unknown field \"{k}\""));
    }
    let d = |f: fn(&Note) -> f64, fallback: f64| Some(base.map(f).unwrap_or(fallback));
    let pitch = field(obj, "pitch", 0.0, 127.0, base.map(|b| b.pitch as f64), i)?;
    if pitch.fract() != 0.0 {
        return Err(format!(
            "note {i}: pitch must be an integer 0…127, not {pitch}"
        ));
    }
    let duration = field(obj, "duration", 0.0, f64::MAX, base.map(|b| b.duration), i)?;
    if duration <= 0.0 {
        return Err(format!("note {i}: duration must be > 0"));
    }
    let mute = field(obj, "mute", 0.0, 1.0, d(|b| b.mute as i64 as f64, 0.0), i)?;
    Ok(Note {
        id: base.map(|b| b.id).unwrap_or(0),
        pitch: pitch as i64,
        start: field(obj, "start_time", 0.0, f64::MAX, base.map(|b| b.start), i)?,
        duration,
        velocity: field(obj, "velocity", 0.0, 127.0, d(|b| b.velocity, 100.0), i)?,
        mute: mute != 0.0,
        probability: field(obj, "probability", 0.0, 1.0, d(|b| b.probability, 1.0), i)?,
        velocity_deviation: field(
            obj,
            "velocity_deviation",
            -127.0,
            127.0,
            d(|b| b.velocity_deviation, 0.0),
            i,
        )?,
        release_velocity: field(
            obj,
            "release_velocity",
            0.0,
            127.0,
            d(|b| b.release_velocity, 64.0),
            i,
        )?,
    })
}

fn note_list(a: &[Atom]) -> Result<Vec<J>, String> {
    let d = args::dict(a, 0, "notes dict")?;
    match d.get("notes") {
        Some(J::Array(list)) => Ok(list.clone()),
        _ => Err("expected a dict {\"notes\": [...]}".into()),
    }
}

/// Note ids given as numbers, or as one JSON list, or as `{"note_ids": [...]}`.
fn id_list(a: &[Atom]) -> Result<Vec<u64>, String> {
    if let [Atom::Symbol(_)] = a {
        let d = args::dict(a, 0, "note ids")?;
        let list = d.get("note_ids").unwrap_or(&d);
        return list
            .as_array()
            .ok_or("expected a list of note ids")?
            .iter()
            .map(|v| v.as_u64().ok_or_else(|| format!("{v} is not a note id")))
            .collect();
    }
    a.iter()
        .map(|x| {
            x.as_i64()
                .filter(|i| *i >= 0)
                .map(|i| i as u64)
                .ok_or_else(|| format!("{x} is not a note id"))
        })
        .collect()
}

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

fn dict_fields(a: &[Atom]) -> Option<Vec<String>> {
    let d = args::dict(a, 0, "dict").ok()?;
    Some(
        d.get("return")?
            .as_array()?
            .iter()
            .filter_map(|v| v.as_str().map(String::from))
            .collect(),
    )
}
