//! DeviceParameter (mixer volume, panning, sends and device parameters): range rules,
//! `display_value` through the volume dB curve, and unit-formatted `str_for_value`.

use super::args;
use super::set::FakeLive;
use super::store::Value;
use barline_core::live::{Atom, LiveId};

/// The fader below 0.4, as measured (core/fake-live/README.md row 76): value → dB,
/// linear between the points. From 0.4 up the fader is 40·v − 34 dB (0.85 → 0 dB,
/// 1 → +6 dB).
const LOW_VOLUME_DB: [(f64, f64); 4] = [(0.0, -70.0), (0.1, -48.6), (0.2, -34.4), (0.4, -18.0)];

/// A send reads this much lower than a volume fader at the same value (row 76).
const SEND_OFFSET_DB: f64 = -6.0;

/// dB of a volume value; `display_value` reads −70 at 0 (`str_for_value` says -inf).
pub fn volume_to_db(v: f64) -> f64 {
    if v >= 0.4 {
        return 40.0 * v.min(1.0) - 34.0;
    }
    let v = v.max(0.0);
    for w in LOW_VOLUME_DB.windows(2) {
        let ((x0, y0), (x1, y1)) = (w[0], w[1]);
        if v <= x1 {
            return y0 + (v - x0) / (x1 - x0) * (y1 - y0);
        }
    }
    -18.0
}

/// Volume value of a dB figure (inverse of [`volume_to_db`], clamped to 0…1).
pub fn db_to_volume(db: f64) -> f64 {
    if db >= -18.0 {
        return ((db + 34.0) / 40.0).min(1.0);
    }
    for w in LOW_VOLUME_DB.windows(2) {
        let ((x0, y0), (x1, y1)) = (w[0], w[1]);
        if db <= y1 {
            return (x0 + (db - y0) / (y1 - y0) * (x1 - x0)).max(0.0);
        }
    }
    0.0
}

/// dB of a fader of this unit (`volume` or `send`).
fn fader_db(unit: &str, v: f64) -> f64 {
    let offset = if unit == "send" { SEND_OFFSET_DB } else { 0.0 };
    volume_to_db(v) + offset
}

const NOTE_NAMES: [&str; 12] = [
    "C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B",
];

/// Live's name of a MIDI note: 36 is C1, 60 is C3.
pub(crate) fn note_name(note: i64) -> String {
    let p = note.clamp(0, 127);
    format!("{}{}", NOTE_NAMES[(p % 12) as usize], p / 12 - 2)
}

/// The label Live shows for `value` of a parameter with this unit and items.
pub(crate) fn label(unit: &str, items: &[String], max: f64, v: f64) -> String {
    if !items.is_empty() {
        let i = (v.round().max(0.0) as usize).min(items.len() - 1);
        return items[i].clone();
    }
    match unit {
        "volume" | "send" if v <= 0.0 => "-inf dB".into(),
        "volume" | "send" => format!("{:.1} dB", fader_db(unit, v)),
        "db" => format!("{v:.1} dB"),
        "pan" => {
            let amount = (v.abs() * 50.0).round() as i64;
            match amount {
                0 => "C".into(),
                a if v < 0.0 => format!("{a}L"),
                a => format!("{a}R"),
            }
        }
        "hz" if v >= 1000.0 => format!("{:.2} kHz", v / 1000.0),
        "hz" => format!("{v:.1} Hz"),
        "ms" if v >= 1000.0 => format!("{:.2} s", v / 1000.0),
        "ms" => format!("{v:.1} ms"),
        // Fractional ranges (0…1, 0…1.25, 0…4) show as percent of 1; wider ones as is.
        "percent" => format!("{:.0} %", if max <= 10.0 { v * 100.0 } else { v }),
        "st" => format!("{} st", v.round() as i64),
        "note" => note_name(v.round() as i64),
        "int" => format!("{}", v.round() as i64),
        _ => format!("{v:.2}"),
    }
}

pub(crate) fn get(live: &FakeLive, id: LiveId, prop: &str) -> Option<Result<Vec<Atom>, String>> {
    let n = live.model.n(id);
    match prop {
        "display_value" if matches!(n.str("unit"), "volume" | "send") => {
            Some(Ok(vec![Atom::Float(fader_db(
                n.str("unit"),
                n.float("value"),
            ))]))
        }
        "display_value" => Some(Ok(vec![Atom::Float(n.float("value"))])),
        _ => None,
    }
}

pub(crate) fn set(
    live: &mut FakeLive,
    id: LiveId,
    prop: &str,
    value: &[Atom],
) -> Option<Result<(), String>> {
    if prop != "value" && prop != "display_value" {
        return None;
    }
    Some((|| {
        let n = live.model.n(id);
        let x = args::num(value, 0, prop)?;
        let x = match n.str("unit") {
            "volume" if prop == "display_value" => db_to_volume(x),
            "send" if prop == "display_value" => db_to_volume(x - SEND_OFFSET_DB),
            _ => x,
        };
        if !n.flag("is_enabled") {
            return Err(format!("{} is disabled (is_enabled 0)", n.str("name")));
        }
        let (lo, hi) = (n.float("min"), n.float("max"));
        if x < lo - 1e-9 || x > hi + 1e-9 {
            return Err(format!(
                "value {x} of {} is outside {lo}…{hi}: ignored",
                n.str("name")
            ));
        }
        let x = if n.flag("is_quantized") { x.round() } else { x };
        live.edit(id, |n| n.props.insert("value".into(), Value::Float(x)));
        live.changed(id, "value");
        Ok(())
    })())
}

pub(crate) fn call(
    live: &mut FakeLive,
    id: LiveId,
    name: &str,
    a: &[Atom],
) -> Result<Vec<Atom>, String> {
    match name {
        "str_for_value" => {
            let v = args::num(a, 0, "value")?;
            let n = live.model.n(id);
            let items = match n.props.get("value_items") {
                Some(Value::StrList(l)) => l.clone(),
                _ => Vec::new(),
            };
            let text = label(n.str("unit"), &items, n.float("max"), v);
            // Max turns a numeric-looking result into a number (observed in devices).
            Ok(vec![match text.parse::<f64>() {
                Ok(x) if x.fract() == 0.0 && !text.contains('.') => Atom::Int(x as i64),
                Ok(x) => Atom::Float(x),
                Err(_) => Atom::Symbol(text),
            }])
        }
        "re_enable_automation" => Ok(vec![]),
        _ => Err(format!("DeviceParameter has no function \"{name}\"")),
    }
}
