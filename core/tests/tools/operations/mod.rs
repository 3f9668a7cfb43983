//! The operations (docs/design/tool-rules.md §17–18), one file per tool.

mod delete;
mod duplicate;
