//! Note data as the extended notes API speaks it: the JSON of one note, the nine
//! fields, note windows (`from_pitch, pitch_span, from_time, time_span` or one dict),
//! validation with Live's defaults, and note-id lists.

use super::args;
use super::store::Note;
use barline_core::live::Atom;
use serde_json::{json, Map, Value as J};

pub(super) const FIELDS: [&str; 9] = [
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

pub(super) const EPS: f64 = 1e-9;

/// The selection of `get_notes_extended` / `remove_notes_extended`.
pub(super) struct Window {
    pub(super) pitch: (f64, f64),
    pub(super) time: (f64, f64),
    pub(super) fields: Option<Vec<String>>,
}

impl Window {
    pub(super) fn all() -> Window {
        Window {
            pitch: (0.0, 128.0),
            time: (f64::MIN, f64::MAX),
            fields: None,
        }
    }

    pub(super) fn contains(&self, n: &Note) -> bool {
        let p = n.pitch as f64;
        p >= self.pitch.0
            && p < self.pitch.0 + self.pitch.1
            && n.start >= self.time.0 - EPS
            && n.start < self.time.0 + self.time.1 - EPS
    }

    /// Four numbers, or one dict with those keys plus an optional `return` list.
    pub(super) fn parse(a: &[Atom]) -> Result<Window, String> {
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

pub(super) fn note_json(n: &Note, fields: &Option<Vec<String>>) -> J {
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

pub(super) fn notes_text(list: &[&Note], fields: &Option<Vec<String>>) -> Vec<Atom> {
    let notes: Vec<J> = list.iter().map(|n| note_json(n, fields)).collect();
    vec![Atom::Symbol(json!({ "notes": notes }).to_string())]
}

/// Reads and checks one note field. Every note is checked before any is written.
pub(super) fn field(
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
        return Err(format!(
            "Invalid entry in the dictionary: note {i} has an unknown field \"{k}\""
        ));
    }
    if base.is_none() {
        let missing: Vec<&str> = ["pitch", "start_time", "duration"]
            .into_iter()
            .filter(|k| !obj.contains_key(*k))
            .collect();
        if !missing.is_empty() {
            return Err(format!(
                "Missing required keys: {} (note {i})",
                missing.join(", ")
            ));
        }
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
    let start = field(obj, "start_time", 0.0, f64::MAX, base.map(|b| b.start), i)?;
    super::limits::note_span(i, start, duration)?;
    Ok(Note {
        id: base.map(|b| b.id).unwrap_or(0),
        pitch: pitch as i64,
        start,
        duration,
        velocity: velocity(obj, i, d(|b| b.velocity, 100.0))?,
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

/// Velocity must be above 0 and at most 127 (core/fake-live/README.md row 29).
fn velocity(obj: &Map<String, J>, i: usize, default: Option<f64>) -> Result<f64, String> {
    let v = field(obj, "velocity", 0.0, 127.0, default, i)?;
    if v <= 0.0 {
        return Err(format!(
            "note {i}: velocity must be above 0 and at most 127"
        ));
    }
    Ok(v)
}

/// The notes of a `{"notes": [...]}` dict, with `_MxDCore`'s refusals (row 27).
pub(super) fn note_list(a: &[Atom]) -> Result<Vec<J>, String> {
    let d = args::dict(a, 0, "notes dict")
        .map_err(|e| format!("Malformatted dictionary argument: {e}"))?;
    match d.get("notes") {
        Some(J::Array(list)) => Ok(list.clone()),
        Some(_) => Err("\"notes\" must be a list of note dicts".into()),
        None => Err("Expecting 'notes' as the main dictionary's key".into()),
    }
}

/// Note ids as separate numbers, the only form `remove_notes_by_id` takes: `_MxDCore`
/// hands the arguments to Live unparsed, so one dict text fails (rows 22, 23).
pub(super) fn plain_id_list(a: &[Atom]) -> Result<Vec<u64>, String> {
    if a.iter().any(|x| matches!(x, Atom::Symbol(_))) {
        return Err("Invalid arguments: give the note ids as separate numbers, not a dict".into());
    }
    id_list(a)
}

/// Note ids given as numbers, or as one JSON list, or as `{"note_ids": [...]}`.
pub(super) fn id_list(a: &[Atom]) -> Result<Vec<u64>, String> {
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

pub(super) fn dict_fields(a: &[Atom]) -> Option<Vec<String>> {
    let d = args::dict(a, 0, "dict").ok()?;
    Some(
        d.get("return")?
            .as_array()?
            .iter()
            .filter_map(|v| v.as_str().map(String::from))
            .collect(),
    )
}
