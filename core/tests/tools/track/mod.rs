//! The track tools (docs/design/tool-rules.md §5–7), one file per tool.

mod create_track;
mod read_track;
mod update_track;
