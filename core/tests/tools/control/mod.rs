//! The control tools (docs/design/tool-rules.md §19–21), one file per tool.

mod playback;
mod raw_live_api;
mod select;
