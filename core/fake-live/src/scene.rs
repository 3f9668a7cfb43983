//! Scene: tempo and time signature that read −1 while disabled (the stored values are
//! kept for when they are enabled again), `is_empty`, colours and launching.

use super::set::FakeLive;
use barline_core::live::{Atom, LiveId};

pub(crate) fn get(live: &FakeLive, id: LiveId, prop: &str) -> Option<Result<Vec<Atom>, String>> {
    let n = live.model.n(id);
    Some(Ok(match prop {
        "tempo" if !n.flag("tempo_enabled") => vec![Atom::Float(-1.0)],
        "time_signature_numerator" | "time_signature_denominator"
            if !n.flag("time_signature_enabled") =>
        {
            vec![Atom::Int(-1)]
        }
        "is_empty" => {
            let empty = live
                .scene_slots(id)
                .iter()
                .all(|s| !live.exists(live.model.n(*s).single("clip")));
            vec![Atom::Int(empty as i64)]
        }
        _ => return None,
    }))
}

pub(crate) fn set(
    live: &mut FakeLive,
    id: LiveId,
    prop: &str,
    value: &[Atom],
) -> Option<Result<(), String>> {
    match prop {
        "time_signature_denominator" => match value.first().and_then(|a| a.as_i64()) {
            Some(d) if [1, 2, 4, 8, 16].contains(&d) => {
                live.set_int(id, prop, d);
                Some(Ok(()))
            }
            _ => Some(Err(
                "time_signature_denominator must be 1, 2, 4, 8 or 16".into()
            )),
        },
        _ => None,
    }
}

pub(crate) fn call(
    live: &mut FakeLive,
    id: LiveId,
    name: &str,
    _a: &[Atom],
) -> Result<Vec<Atom>, String> {
    match name {
        "fire" | "fire_as_selected" => {
            // Firing clips starts the transport; an empty scene does not (row 19).
            for slot in live.scene_slots(id) {
                let clip = live.model.n(slot).single("clip");
                if live.exists(clip) {
                    live.fire_clip(clip);
                }
            }
            Ok(vec![])
        }
        "set_fire_button_state" => Ok(vec![]),
        _ => Err(format!("Scene has no function \"{name}\"")),
    }
}
