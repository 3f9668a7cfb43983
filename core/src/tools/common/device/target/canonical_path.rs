//! The canonical path of an object for results: the inverse of [`crate::tools::common::device::target::resolve`].

use crate::live::path::LomPath;
use crate::live::{LiveId, LivePort};
use crate::tools::common::device::path::note_name;
use crate::tools::common::device::target::children;
use crate::tools::framework::error::ToolError;
use crate::tools::framework::lom;
use std::collections::HashMap;

/// What paths of drum chains need from their rack, read once per rack: each chain with
/// its receive note and its index among the chains on that note. A read that names many
/// objects of one Drum Rack shares it, so the cost stays linear in the chains (issue 20
/// measured the uncached walk at 2n² + n `in_note` reads).
#[derive(Debug, Default)]
pub struct PathCache {
    racks: HashMap<String, Vec<(LiveId, i64, usize)>>,
}

impl PathCache {
    /// `(note, index on that note)` of `chain` in the rack at LOM path `rack_path`.
    fn drum_place(
        &mut self,
        live: &mut dyn LivePort,
        rack_path: &str,
        chain: LiveId,
    ) -> Result<(i64, usize), ToolError> {
        if !self.racks.contains_key(rack_path) {
            let rack = lom::resolve(live, rack_path).unwrap_or(LiveId::NONE);
            let mut entries: Vec<(LiveId, i64, usize)> = Vec::new();
            for c in children(live, rack, "chains")? {
                let note = lom::int(live, c, "in_note")?;
                let k = entries.iter().filter(|e| e.1 == note).count();
                entries.push((c, note, k));
            }
            self.racks.insert(rack_path.to_string(), entries);
        }
        let entries = &self.racks[rack_path];
        match entries.iter().find(|e| e.0 == chain) {
            Some(e) => Ok((e.1, e.2)),
            None => Ok((lom::int(live, chain, "in_note")?, 0)),
        }
    }
}

/// The path of a device, chain or drum pad for results (`t1/d0/c0/d0`; drum chains
/// always with their chain index, `t1/d0/pC1/c0`); `None` for objects not on a track.
pub fn path_of(live: &mut dyn LivePort, id: LiveId) -> Result<Option<String>, ToolError> {
    path_with(live, id, &mut PathCache::default())
}

/// [`path_of`] sharing what it reads about Drum Racks with other paths of one read.
pub fn path_with(
    live: &mut dyn LivePort,
    id: LiveId,
    cache: &mut PathCache,
) -> Result<Option<String>, ToolError> {
    let Ok(lom_path) = LomPath::parse(&live.path_of(id)?) else {
        return Ok(None);
    };
    let Some(steps) = lom_path.live_set_steps() else {
        return Ok(None);
    };
    let mut out = match steps.first() {
        Some(("tracks", Some(n))) => format!("t{n}"),
        Some(("return_tracks", Some(n))) => format!("rt{n}"),
        Some(("master_track", None)) => "mt".to_string(),
        _ => return Ok(None),
    };
    for (k, step) in steps.iter().enumerate().skip(1) {
        let (list, Some(n)) = *step else {
            return Ok(None);
        };
        let parent = lom_path.prefix(k).to_string();
        let here = lom_path.prefix(k + 1).to_string();
        match list {
            "devices" => out.push_str(&format!("/d{n}")),
            "return_chains" => out.push_str(&format!("/rc{n}")),
            "chains" => {
                let chain = lom::resolve(live, &here).unwrap_or(LiveId::NONE);
                if !chain.is_none() && live.type_of(chain)? == "DrumChain" {
                    let (note, k) = cache.drum_place(live, &parent, chain)?;
                    out.push_str(&format!("/p{}/c{k}", note_name(note)));
                } else {
                    out.push_str(&format!("/c{n}"));
                }
            }
            "drum_pads" => {
                let pad = lom::resolve(live, &here).unwrap_or(LiveId::NONE);
                let note = if pad.is_none() {
                    n as i64
                } else {
                    lom::int(live, pad, "note")?
                };
                out.push_str(&format!("/p{}", note_name(note)));
            }
            _ => return Ok(None),
        }
    }
    Ok(Some(out))
}
