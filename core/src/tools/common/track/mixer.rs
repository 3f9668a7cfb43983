//! A track's mixer (docs/design/tool-rules.md §5, §7): volume and sends in dB on Live's
//! measured fader curves (`fader`), panning as the −1…1 parameter value in
//! stereo mode or as the two split-stereo pans, and the return track a send belongs to.

use crate::live::{Atom, LiveId, LivePort};
use crate::tools::common::track::fader;
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::format::Rounded;
use crate::tools::framework::lom;
use schemars::JsonSchema;
use serde::Serialize;

/// One send of a track, as read-track reports it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Send {
    /// Send level in dB on the send curve (−70 means off).
    pub gain_db: Rounded,
    /// Name of the return track the send feeds.
    #[serde(rename = "return")]
    pub return_name: String,
}

/// The mixer fields of a track read (docs/design/tool-rules.md §5 `mixer`).
#[derive(Clone, Debug, Default)]
pub struct Levels {
    /// Volume in dB.
    pub gain_db: f64,
    /// True in split-stereo panning mode.
    pub split: bool,
    /// Stereo pan (−1…1), in stereo mode.
    pub pan: Option<f64>,
    /// Split-mode pans (left, right), in split mode.
    pub split_pans: Option<(f64, f64)>,
    /// One send per return track (none on the master track).
    pub sends: Vec<Send>,
}

/// The track's `mixer_device`.
pub fn of_track(live: &mut dyn LivePort, track: LiveId) -> Result<LiveId, ToolError> {
    single(live, track, "mixer_device")
}

/// A mixer parameter (`volume`, `panning`, `left_split_stereo`, `right_split_stereo`).
pub fn parameter(live: &mut dyn LivePort, mixer: LiveId, slot: &str) -> Result<LiveId, ToolError> {
    single(live, mixer, slot)
}

fn single(live: &mut dyn LivePort, id: LiveId, child: &str) -> Result<LiveId, ToolError> {
    lom::child_ids(live, id, child)?
        .into_iter()
        .next()
        .ok_or_else(|| ToolError::new(ErrorCode::Internal, format!("object {id} has no {child}")))
}

/// The send parameters, one per return track in return order.
pub fn sends(live: &mut dyn LivePort, mixer: LiveId) -> Result<Vec<LiveId>, ToolError> {
    lom::child_ids(live, mixer, "sends")
}

/// True when the mixer is in split-stereo panning mode (`panning_mode` 1).
pub fn is_split(live: &mut dyn LivePort, mixer: LiveId) -> Result<bool, ToolError> {
    Ok(lom::int(live, mixer, "panning_mode")? == 1)
}

/// Reads the mixer fields; `returns` are the return tracks' names in order.
pub fn read(
    live: &mut dyn LivePort,
    mixer: LiveId,
    returns: &[String],
) -> Result<Levels, ToolError> {
    let volume = parameter(live, mixer, "volume")?;
    let mut out = Levels {
        gain_db: fader::volume_db(lom::number(live, volume, "value")?),
        split: is_split(live, mixer)?,
        ..Levels::default()
    };
    if out.split {
        let l = parameter(live, mixer, "left_split_stereo")?;
        let r = parameter(live, mixer, "right_split_stereo")?;
        out.split_pans = Some((
            lom::number(live, l, "value")?,
            lom::number(live, r, "value")?,
        ));
    } else {
        let p = parameter(live, mixer, "panning")?;
        out.pan = Some(lom::number(live, p, "value")?);
    }
    for (i, send) in sends(live, mixer)?.into_iter().enumerate() {
        out.sends.push(Send {
            gain_db: Rounded(fader::send_db(lom::number(live, send, "value")?)),
            return_name: returns.get(i).cloned().unwrap_or_default(),
        });
    }
    Ok(out)
}

/// Sets a volume fader to `db` on the measured volume curve.
pub fn set_volume_db(live: &mut dyn LivePort, param: LiveId, db: f64) -> Result<(), ToolError> {
    set_value(live, param, fader::volume_value(db))
}

/// Sets a send to `db` on the measured send curve (0 dB is value 1; −70 or less is off).
pub fn set_send_db(live: &mut dyn LivePort, param: LiveId, db: f64) -> Result<(), ToolError> {
    set_value(live, param, fader::send_value(db))
}

/// Sets a parameter's raw `value` (pans).
pub fn set_value(live: &mut dyn LivePort, param: LiveId, value: f64) -> Result<(), ToolError> {
    live.set(param, "value", &[Atom::Float(value)])?;
    Ok(())
}

/// The names of the Set's return tracks, in order (read once per call and shared).
pub fn return_names(live: &mut dyn LivePort) -> Result<Vec<String>, ToolError> {
    let song = crate::tools::common::overview::song(live)?;
    let mut out = Vec::new();
    for r in lom::child_ids(live, song, "return_tracks")? {
        out.push(lom::text(live, r, "name")?);
    }
    Ok(out)
}

/// The return a `sendReturn` text names (docs/design/tool-rules.md §7 step 5): the exact
/// name, else a return whose name starts with that letter and a dash (`"A"` →
/// `"A-Reverb"`), else a single letter taken as the position (`A` = first return).
pub fn find_return(names: &[String], text: &str) -> Option<usize> {
    let t = text.trim();
    if let Some(i) = names.iter().position(|n| n == t) {
        return Some(i);
    }
    let mut chars = t.chars();
    let (Some(letter), None) = (chars.next(), chars.next()) else {
        return None;
    };
    if !letter.is_ascii_alphabetic() {
        return None;
    }
    let prefix = format!("{}-", letter.to_ascii_uppercase());
    if let Some(i) = names
        .iter()
        .position(|n| n.to_ascii_uppercase().starts_with(&prefix))
    {
        return Some(i);
    }
    let i = usize::from(letter.to_ascii_uppercase() as u8 - b'A');
    (i < names.len()).then_some(i)
}

#[cfg(test)]
mod tests {
    use crate::tools::common::track::mixer::find_return;

    #[test]
    fn send_return_by_name_prefix_letter_and_position() {
        let names: Vec<String> = ["A-Reverb", "B-Delay", "Echo"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(find_return(&names, "B-Delay"), Some(1));
        assert_eq!(find_return(&names, "Echo"), Some(2));
        assert_eq!(find_return(&names, "a"), Some(0));
        assert_eq!(find_return(&names, "B"), Some(1));
        assert_eq!(find_return(&names, "C"), Some(2), "position letter");
        assert_eq!(find_return(&names, "D"), None);
        assert_eq!(find_return(&names, "Reverb"), None);
        assert_eq!(find_return(&names, "1"), None);
        assert_eq!(find_return(&names, ""), None);
    }
}
