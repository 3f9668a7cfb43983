//! What the clip tools share: finding a clip, its region and markers, names, notes,
//! merges, transforms and audio values.

pub mod audio;
pub mod clip_transforms;
pub mod labels;
pub mod location;
pub mod note_limits;
pub mod note_merge;
pub mod notes;
pub mod past_end;
pub mod reader;
pub mod reference;
pub mod timing;
