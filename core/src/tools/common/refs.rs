//! Turning the ids and indices a tool receives into Live objects, with the error codes
//! of docs/design/tool-contract.md §2.2 decided in one place: an id that never resolved is `NOT_FOUND`, an id
//! this device reported earlier that no longer resolves is `STALE_REFERENCE` (naming the
//! replacement when an operation recorded one, 2.4), and an object of another kind is
//! `WRONG_TYPE`. Messages are the spec's (`id "13" is a Scene, not a track`); bulk
//! callers append `; skipped` through [`crate::tools::framework::call::Bulk`].

use crate::live::LiveId;
use crate::tools::framework::call::Call;
use crate::tools::framework::error::{quoted, ErrorCode, ToolError};
use crate::tools::framework::lom;

/// The kinds of Live object a tool parameter can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A regular, return or master track (`Track`).
    Track,
    /// A scene (`Scene`).
    Scene,
    /// A session or arrangement clip (`Clip`).
    Clip,
    /// Any device (`…Device` classes other than the mixer).
    Device,
    /// A rack chain (`Chain` or `DrumChain`).
    Chain,
    /// A drum pad (`DrumPad`).
    DrumPad,
    /// An arrangement locator (`CuePoint`).
    CuePoint,
}

impl Kind {
    /// The noun messages use for this kind (`not a track`).
    pub fn noun(self) -> &'static str {
        match self {
            Kind::Track => "track",
            Kind::Scene => "scene",
            Kind::Clip => "clip",
            Kind::Device => "device",
            Kind::Chain => "chain",
            Kind::DrumPad => "drum pad",
            Kind::CuePoint => "locator",
        }
    }

    /// True when an object of LOM class `class` (as `LiveAPI` reports it) is of this
    /// kind.
    pub fn accepts(self, class: &str) -> bool {
        match self {
            Kind::Track => class == "Track",
            Kind::Scene => class == "Scene",
            Kind::Clip => class == "Clip",
            Kind::Device => class.ends_with("Device") && class != "MixerDevice",
            Kind::Chain => class == "Chain" || class == "DrumChain",
            Kind::DrumPad => class == "DrumPad",
            Kind::CuePoint => class == "CuePoint",
        }
    }

    /// The kind of an object of LOM class `class`, if it is one tools name.
    pub fn of_class(class: &str) -> Option<Kind> {
        [
            Kind::Track,
            Kind::Scene,
            Kind::Clip,
            Kind::Device,
            Kind::Chain,
            Kind::DrumPad,
            Kind::CuePoint,
        ]
        .into_iter()
        .find(|k| k.accepts(class))
    }
}

/// The number in an id argument after the docs/design/tool-contract.md §1.1 coercion
/// (`"12"`); `None` for any other text (docs/design/tool-contract.md §1.2: such an id is
/// reported as `NOT_FOUND`). Checked before conversion, so digits beyond `u64` are simply
/// not an id.
pub fn id_number(id: &str) -> Option<u64> {
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    id.parse::<u64>().ok().filter(|n| *n > 0)
}

/// The object an id names, whatever its kind; `NOT_FOUND` or `STALE_REFERENCE` when
/// nothing resolves.
pub fn any_by_id(call: &mut Call<'_>, id: &str) -> Result<LiveId, ToolError> {
    let found = id_number(id).and_then(|n| lom::resolve(&mut *call.live, &format!("id {n}")));
    match found {
        Some(found) => Ok(found),
        None => Err(vanished(call, id)),
    }
}

/// The object an id names, checked to be of `kind`; the LOM class is returned too
/// because callers often branch on it (`Chain` vs `DrumChain`, …).
pub fn by_id(call: &mut Call<'_>, id: &str, kind: Kind) -> Result<(LiveId, String), ToolError> {
    let found = any_by_id(call, id)?;
    let class = call.live.type_of(found)?;
    if !kind.accepts(&class) {
        return Err(ToolError::new(
            ErrorCode::WrongType,
            format!("id {} is a {class}, not a {}", quoted(id), kind.noun()),
        ));
    }
    Ok((found, class))
}

/// The error for an id that resolves to nothing: `STALE_REFERENCE` when this device
/// reported it (with the replacement's id when one was recorded), else `NOT_FOUND`.
pub fn vanished(call: &mut Call<'_>, id: &str) -> ToolError {
    let ids = call.ids();
    if let Some(new) = ids.replacement(id) {
        let new = new.to_string();
        return ToolError::new(
            ErrorCode::StaleReference,
            format!("object {} was replaced; its new id is {new}", quoted(id)),
        );
    }
    if ids.was_issued(id) {
        return ToolError::new(
            ErrorCode::StaleReference,
            format!(
                "id {} no longer exists (it was deleted or replaced)",
                quoted(id)
            ),
        );
    }
    ToolError::not_found(format!("id {} does not exist", quoted(id)))
}

/// Which list of tracks an index counts in (docs/design/tool-contract.md §1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrackList {
    /// `live_set tracks`.
    Regular,
    /// `live_set return_tracks`.
    Return,
}

impl TrackList {
    /// The Song child list.
    pub fn child(self) -> &'static str {
        match self {
            TrackList::Regular => "tracks",
            TrackList::Return => "return_tracks",
        }
    }
}

/// The track at `index` of `list`; `NOT_FOUND` with the documented message
/// (`trackIndex 9 does not exist (the Set has 8 tracks)`) past the end.
pub fn track_by_index(
    call: &mut Call<'_>,
    index: u64,
    list: TrackList,
) -> Result<LiveId, ToolError> {
    let song = lom::resolve(call.live, "live_set")
        .ok_or_else(|| ToolError::new(ErrorCode::Internal, "live_set does not resolve"))?;
    let count = lom::count(call.live, song, list.child())? as u64;
    if index >= count {
        let (param, noun) = match list {
            TrackList::Regular => ("trackIndex", "tracks"),
            TrackList::Return => ("trackIndex", "return tracks"),
        };
        return Err(ToolError::not_found(format!(
            "{param} {index} does not exist (the Set has {count} {noun})"
        )));
    }
    lom::resolve(call.live, &format!("live_set {} {index}", list.child())).ok_or_else(|| {
        ToolError::not_found(format!(
            "trackIndex {index} does not exist (the Set has {count} tracks)"
        ))
    })
}

/// The scene at `index`; `NOT_FOUND` (`sceneIndex 12 does not exist (the Set has 8
/// scenes)`) past the end.
pub fn scene_by_index(call: &mut Call<'_>, index: u64) -> Result<LiveId, ToolError> {
    let song = lom::resolve(call.live, "live_set")
        .ok_or_else(|| ToolError::new(ErrorCode::Internal, "live_set does not resolve"))?;
    let count = lom::count(call.live, song, "scenes")? as u64;
    let missing = || {
        ToolError::not_found(format!(
            "sceneIndex {index} does not exist (the Set has {count} scenes)"
        ))
    };
    if index >= count {
        return Err(missing());
    }
    lom::resolve(call.live, &format!("live_set scenes {index}")).ok_or_else(missing)
}
