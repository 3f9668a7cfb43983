//! The canonical path of an object for results: the inverse of [`crate::tools::common::device::target::resolve`].

use crate::live::{LiveId, LivePort};
use crate::tools::common::device::path::note_name;
use crate::tools::common::device::target::pad_chains;
use crate::tools::framework::error::ToolError;
use crate::tools::framework::lom;

/// The path of a device, chain or drum pad for results (`t1/d0/c0/d0`; drum chains
/// always with their chain index, `t1/d0/pC1/c0`); `None` for objects not on a track.
pub fn path_of(live: &mut dyn LivePort, id: LiveId) -> Result<Option<String>, ToolError> {
    let lom_path = live.path_of(id)?;
    let words: Vec<&str> = lom_path.split_whitespace().collect();
    let num = |i: usize| words.get(i).and_then(|w| w.parse::<usize>().ok());
    let (mut out, mut i) = match words.as_slice() {
        ["live_set", "tracks", ..] => match num(2) {
            Some(n) => (format!("t{n}"), 3),
            None => return Ok(None),
        },
        ["live_set", "return_tracks", ..] => match num(2) {
            Some(n) => (format!("rt{n}"), 3),
            None => return Ok(None),
        },
        ["live_set", "master_track", ..] => ("mt".to_string(), 2),
        _ => return Ok(None),
    };
    let mut prefix: Vec<&str> = words[..i].to_vec();
    while i < words.len() {
        let (Some(list), Some(n)) = (words.get(i).copied(), num(i + 1)) else {
            return Ok(None);
        };
        let parent = prefix.join(" ");
        prefix.push(list);
        prefix.push(words[i + 1]);
        match list {
            "devices" => out.push_str(&format!("/d{n}")),
            "return_chains" => out.push_str(&format!("/rc{n}")),
            "chains" => {
                let chain = lom::resolve(live, &prefix.join(" ")).unwrap_or(LiveId::NONE);
                if !chain.is_none() && live.type_of(chain)? == "DrumChain" {
                    let note = lom::int(live, chain, "in_note")?;
                    let rack = lom::resolve(live, &parent).unwrap_or(LiveId::NONE);
                    let siblings = pad_chains(live, rack, note)?;
                    let k = siblings.iter().position(|c| *c == chain).unwrap_or(0);
                    out.push_str(&format!("/p{}/c{k}", note_name(note)));
                } else {
                    out.push_str(&format!("/c{n}"));
                }
            }
            "drum_pads" => {
                let pad = lom::resolve(live, &prefix.join(" ")).unwrap_or(LiveId::NONE);
                let note = if pad.is_none() {
                    n as i64
                } else {
                    lom::int(live, pad, "note")?
                };
                out.push_str(&format!("/p{}", note_name(note)));
            }
            _ => return Ok(None),
        }
        i += 2;
    }
    Ok(Some(out))
}
