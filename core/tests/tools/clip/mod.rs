//! The clip tools (docs/design/tool-rules.md §11–13), one file per tool, with create-clip's
//! transforms and the clip limits beside it.

mod clip_limits;
mod create_clip;
mod create_clip_transforms;
mod read_clip;
mod update_clip;
