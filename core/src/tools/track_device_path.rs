//! Device paths at track level (tools.md 1.2): `t<N>/d<M>`, `rt<N>/d<M>` and `mt/d<M>`
//! to and from LOM paths. Paths into racks and drum pads (`…/c0/d1`, `…/pC1`) are
//! recognised by the grammar but answered `UNSUPPORTED` here; the full device-path
//! resolver replaces this module when it lands.

use super::error::{quoted, ErrorCode, ToolError};

/// One segment of the 1.2 grammar, checked for shape only.
fn segment_ok(seg: &str, first: bool) -> bool {
    let digits = |s: &str| !s.is_empty() && s.len() <= 6 && s.bytes().all(|b| b.is_ascii_digit());
    if first {
        return seg == "mt"
            || seg.strip_prefix("rt").is_some_and(digits)
            || seg.strip_prefix('t').is_some_and(digits);
    }
    if let Some(note) = seg.strip_prefix('p') {
        let mut chars = note.chars();
        return note == "*"
            || (chars.next().is_some_and(|c| ('A'..='G').contains(&c))
                && note[1..]
                    .trim_start_matches(['#', 'b'])
                    .trim_start_matches('-')
                    .parse::<u8>()
                    .is_ok());
    }
    seg.strip_prefix("rc").is_some_and(digits)
        || seg.strip_prefix('d').is_some_and(digits)
        || seg.strip_prefix('c').is_some_and(digits)
}

fn bad(text: &str) -> ToolError {
    ToolError::bad_input(format!(
        "device path {} is not valid: write segments such as \"t0/d1\", \"rt0/d0\" or \"mt/d0\" (tracks t<N>, returns rt<N>, master mt, then d<N> for the device)",
        quoted(text)
    ))
}

/// The LOM path of a track-level device path, e.g. `t2/d1` → `live_set tracks 2
/// devices 1`. Malformed text and a path naming only a track are `BAD_INPUT`; a
/// well-formed path into a rack or drum pad is `UNSUPPORTED` for now.
pub fn to_lom(text: &str) -> Result<String, ToolError> {
    let t = text.trim();
    let segs: Vec<&str> = t.split('/').collect();
    if segs.is_empty() || !segs.iter().enumerate().all(|(i, s)| segment_ok(s, i == 0)) {
        return Err(bad(text));
    }
    if segs.len() < 2 || !segs[segs.len() - 1].starts_with('d') && segs.len() == 2 {
        return Err(ToolError::bad_input(format!(
            "device path {} names no device: add the device segment, e.g. \"{}/d0\"",
            quoted(text),
            segs[0]
        )));
    }
    if segs.len() > 2 {
        return Err(ToolError::new(
            ErrorCode::Unsupported,
            format!(
                "device path {}: paths into racks and drum pads are not supported by this version; use the device's id (barline-read-track lists it)",
                quoted(text)
            ),
        ));
    }
    let track = match segs[0] {
        "mt" => "live_set master_track".to_string(),
        s if s.starts_with("rt") => format!("live_set return_tracks {}", &s[2..]),
        s => format!("live_set tracks {}", &s[1..]),
    };
    Ok(format!("{track} devices {}", &segs[1][1..]))
}

/// The device path of a LOM path (`live_set tracks 1 devices 0 chains 2 devices 0` →
/// `t1/d0/c2/d0`); `None` for paths outside tracks. Chains are written `c<N>` by
/// position (drum pad chains included).
pub fn from_lom(path: &str) -> Option<String> {
    let words: Vec<&str> = path.split_whitespace().collect();
    let (mut out, mut i) = match words.as_slice() {
        ["live_set", "tracks", n, ..] => (format!("t{n}"), 3),
        ["live_set", "return_tracks", n, ..] => (format!("rt{n}"), 3),
        ["live_set", "master_track", ..] => ("mt".to_string(), 2),
        _ => return None,
    };
    while i + 1 < words.len() {
        let prefix = match words[i] {
            "devices" => "d",
            "chains" => "c",
            "return_chains" => "rc",
            _ => return None,
        };
        out.push_str(&format!("/{prefix}{}", words[i + 1]));
        i += 2;
    }
    (i == words.len()).then_some(out)
}
