//! The deliberate test facade: the internals of `tools/` that the integration tests
//! (and the fake Live Set, which is test equipment) check or share directly. Everything
//! else of `framework/`, `common/` and the tool families is crate-private, so the
//! compiler sees what is dead. Each group mirrors the module it comes from.

pub use super::clip::update_clip::audio::pitch_split;
pub use super::common::clip::clip_transforms::NO_NOTES;
pub use super::live_set::read_live_set::{MIN_SCENE_CHARS, MIN_TRACK_CHARS};
pub use super::session::connect::{GUIDE, SHORT_GUIDE};
pub use super::session::project_context::samples::MAX_ENTRIES as MAX_SAMPLE_ENTRIES;

/// Argument validation (`framework::args`).
pub mod args {
    pub use crate::tools::framework::args::{edit_distance, validate};
}

/// The call a tool runs with (`framework::call`).
pub mod call {
    pub use crate::tools::framework::call::{
        Bulk, Call, Clock, NoClock, OneOrMany, VirtualClock, OUTLET_META,
    };
}

/// Parameter types (`framework::coerce`).
pub mod coerce {
    pub use crate::tools::framework::coerce::{
        Choice, Choices, Flag, Id, Include, Index, Num, Text,
    };
}

/// Tool errors (`framework::error`).
pub mod error {
    pub use crate::tools::framework::error::{ErrorCode, ToolError};
}

/// Result texts (`framework::format`).
pub mod format {
    pub use crate::tools::framework::format::{compact, success, TEXT_CAP};
}

/// The issued-id registry's size (`framework::ids`).
pub mod ids {
    pub use crate::tools::framework::ids::CAPACITY;
}

/// Reading the Live Object Model (`framework::lom`).
pub mod lom {
    pub use crate::tools::framework::lom::child_ids;
}

/// Tool names in texts (`framework::mentions`).
pub mod mentions {
    pub use crate::tools::framework::mentions::{mentioned, render};
}

/// Schemas as MCP lists them (`framework::schema`).
pub mod schema {
    pub use crate::tools::framework::schema::to_mcp;
}

/// The tool trait and its catalogue entry (`framework::tool`).
pub mod tool {
    pub use crate::tools::framework::tool::{entry, Entry, Tool, ToolMeta};
}

/// Warning lists (`framework::warnings`).
pub mod warnings {
    pub use crate::tools::framework::warnings::{attach, collapse};
}

/// Object references (`common::refs`).
pub mod refs {
    pub use crate::tools::common::refs::{by_id, scene_by_index, track_by_index, Kind, TrackList};
}

/// Live's scales (`common::scale`).
pub mod scale {
    pub use crate::tools::common::scale::{NAMES, ROOTS};
}

/// The session grid (`common::session_grid`).
pub mod session_grid {
    pub use crate::tools::common::session_grid::scene_clips;
}

/// Time values (`common::time`).
pub mod time {
    pub use crate::tools::common::time::{parse_duration, parse_number, parse_position};
}

/// Live versions (`common::live_version`).
pub mod live_version {
    pub use crate::tools::common::live_version::older_than_12_3;
}

/// The scene reader (`common::scene::reader`).
pub mod scene_reader {
    pub use crate::tools::common::scene::reader::summary;
}

/// The track reader (`common::track::reader`).
pub mod track_reader {
    pub use crate::tools::common::track::reader::{options, summary};
}

/// Notes as Live holds them (`common::clip::notes`).
pub mod clip_notes {
    pub use crate::tools::common::clip::notes::read_live;
}

/// Device paths (`common::device::path`).
pub mod device_path {
    pub use crate::tools::common::device::path::{parse_pitch, DevicePath, PadNote, Root, Seg};
}

/// Parameter values (`common::device::param_value`).
pub mod param_value {
    use crate::live::LivePort;
    pub use crate::tools::common::device::param_value::{
        describe, display_text, is_division, label, parse_label, write, Kind, Param, Unit,
    };
    use crate::tools::framework::error::{ErrorCode, ToolError};

    /// The value as results show it, as the JSON a result carries (tests compare
    /// numbers within a step and texts exactly).
    pub fn shown(
        live: &mut dyn LivePort,
        p: &Param,
        raw: f64,
    ) -> Result<serde_json::Value, ToolError> {
        let shown = crate::tools::common::device::param_value::shown(live, p, raw)?;
        serde_json::to_value(shown).map_err(|e| ToolError::new(ErrorCode::Internal, e.to_string()))
    }
}

/// The names `insert_device` takes (`common::device::insert`), shared with the fake.
pub mod insert {
    pub use crate::tools::common::device::insert::{AUDIO_EFFECTS, INSTRUMENTS, MIDI_EFFECTS};
}
