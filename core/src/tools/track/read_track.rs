//! `barline-read-track` (docs/design/tool-rules.md §5): one regular, return or master track — kind,
//! group, instrument, mixer, clips, devices, drum map, state and routing, read by
//! [`reader::summary`].

use crate::live::LiveId;
use crate::tools::common::refs::{self, Kind, TrackList};
use crate::tools::common::track::info::TrackInfo;
use crate::tools::common::track::reader::{master, summary, TrackDetail, TrackTypes};
use crate::tools::framework::call::Call;
use crate::tools::framework::coerce::{Choice, Id, Include, Index};
use crate::tools::framework::error::ToolError;
use crate::tools::framework::tool::{Tool, ToolMeta};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// `barline-read-track`.
pub struct ReadTrack;

/// Arguments of read-track.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadTrackParams {
    /// Any track id.
    pub track_id: Option<Id>,
    /// From 0.
    pub track_index: Option<Index>,
    /// Omit for regular tracks.
    pub track_type: Option<Choice<TrackTypes>>,
    /// Extra detail; * = all; notes, timing, sample, color go to listed clips.
    #[serde(default)]
    pub include: Include<TrackDetail>,
}

impl Tool for ReadTrack {
    type Params = ReadTrackParams;
    type Output = TrackInfo;
    const META: ToolMeta = ToolMeta {
        small_removed_values: &[("include", &["available-routings", "*"])],
        too_large_hint: "Drop notes/timing/sample from include, or list clips without notes and read single clips with barline-read-clip.",
        ..ToolMeta::read(
            "barline-read-track",
            "Read Track",
            "Read a track: settings, clips, devices; more with include.",
        )
    };

    fn run(call: &mut Call<'_>, p: ReadTrackParams) -> Result<TrackInfo, ToolError> {
        let track = target(call, &p)?;
        summary(call, track, p.include.options())
    }
}

fn target(call: &mut Call<'_>, p: &ReadTrackParams) -> Result<LiveId, ToolError> {
    if let Some(id) = &p.track_id {
        if p.track_index.is_some() {
            call.warn("trackIndex ignored because trackId was given");
        }
        return Ok(refs::by_id(call, id.as_str(), Kind::Track)?.0);
    }
    let index = p.track_index.map(|i| i.index() as u64);
    match (p.track_type.as_ref().map(Choice::get), index) {
        (Some(TrackTypes::Master), _) => master(call.live),
        (Some(TrackTypes::Return), Some(i)) => refs::track_by_index(call, i, TrackList::Return),
        (None, Some(i)) => refs::track_by_index(call, i, TrackList::Regular),
        (Some(TrackTypes::Return) | None, None) => Err(ToolError::bad_input(
            "give trackId, or trackIndex (with trackType \"return\" for a return track), or trackType \"master\"",
        )),
    }
}
