//! The session tools (docs/design/tool-rules.md §1–2), one file per tool.

mod connect;
mod context;
