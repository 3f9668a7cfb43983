//! The parts of one track read ([`summary_in`]): the kind facts the other reads depend
//! on, and what the read gathers (identity, mixer, clips, devices, play state), kept
//! apart from the call until the read is done.
//!
//! [`summary_in`]: crate::tools::common::track::reader::summary_in

use crate::live::{LiveId, LivePort};
use crate::tools::common::clip::reader::ClipDetail;
use crate::tools::common::device::reader as device_reader;
use crate::tools::common::session_grid::SlotClip;
use crate::tools::common::track::info::{ClipSummary, TrackInfo, TrackType};
use crate::tools::common::track::reader::Place;
use crate::tools::common::track::{devices, mixer};
use crate::tools::framework::coerce::Choices;
use crate::tools::framework::error::ToolError;
use crate::tools::framework::format::Rounded;
use crate::tools::framework::lom;

/// Where a track sits and the kind facts the other reads depend on.
pub(super) struct Facts {
    pub(super) track: LiveId,
    pub(super) place: Place,
    pub(super) regular: bool,
    pub(super) group: bool,
    pub(super) armable: bool,
}

impl Facts {
    pub(super) fn read(
        live: &mut dyn LivePort,
        track: LiveId,
        place: Place,
    ) -> Result<Self, ToolError> {
        let regular = matches!(place, Place::Regular(_));
        let group = regular && lom::flag(live, track, "is_foldable")?;
        let armable = regular && lom::flag(live, track, "can_be_armed")?;
        Ok(Facts {
            track,
            place,
            regular,
            group,
            armable,
        })
    }
}

/// The mixer's levels, pans and (except on the master) sends.
pub(super) fn mixer_fields(
    live: &mut dyn LivePort,
    facts: &Facts,
    returns: &[String],
    o: &mut TrackInfo,
) -> Result<(), ToolError> {
    let m = mixer::of_track(live, facts.track)?;
    let levels = mixer::read(live, m, returns)?;
    o.gain_db = Some(Rounded(levels.gain_db));
    if levels.split {
        o.panning_mode = Some("split".into());
    }
    o.pan = levels.pan.map(Rounded);
    if let Some((l, r)) = levels.split_pans {
        o.left_pan = Some(Rounded(l));
        o.right_pan = Some(Rounded(r));
    }
    if facts.place != Place::Master {
        o.sends = Some(levels.sends);
    }
    Ok(())
}

/// What one track read gathers: the answer, the ids it reports and its clips' warnings,
/// handed to the call only at the end.
pub(super) struct Gathered {
    pub(super) info: TrackInfo,
    pub(super) issued: Vec<String>,
    pub(super) warnings: Vec<String>,
}

impl Gathered {
    /// Id, kind, name, colour, arm and group membership.
    pub(super) fn identity(
        &mut self,
        live: &mut dyn LivePort,
        facts: &Facts,
        color: bool,
    ) -> Result<(), ToolError> {
        let track = facts.track;
        let o = &mut self.info;
        *o = TrackInfo {
            id: track.to_string(),
            kind: match facts.place {
                Place::Master => TrackType::Master,
                Place::Return(_) => TrackType::Return,
                Place::Regular(_) if lom::flag(live, track, "has_midi_input")? => TrackType::Midi,
                Place::Regular(_) => TrackType::Audio,
            },
            name: lom::text(live, track, "name")?,
            ..TrackInfo::default()
        };
        if color {
            o.color = Some(lom::color_hex(lom::int(live, track, "color")?));
        }
        if facts.armable && lom::flag(live, track, "arm")? {
            o.is_armed = Some(true);
        }
        if facts.group {
            o.is_group = Some(true);
        }
        if facts.regular && lom::flag(live, track, "is_grouped")? {
            o.is_group_member = Some(true);
            if let Some(g) = lom::child_ids(live, track, "group_track")?.first() {
                o.group_id = Some(g.to_string());
                self.issued.push(g.to_string());
            }
        }
        Ok(())
    }

    /// Session and arrangement clips, listed when `include` asks for them, else counted.
    pub(super) fn clips(
        &mut self,
        live: &mut dyn LivePort,
        facts: &Facts,
        include: &[&str],
        session_slots: &[SlotClip],
    ) -> Result<(), ToolError> {
        let clip_include: Vec<&str> = include
            .iter()
            .copied()
            .filter(|k| *k != "*" && ClipDetail::ALL.contains(k))
            .collect();
        let o = &mut self.info;
        if include.contains(&"session-clips") {
            let session: Vec<LiveId> = session_slots.iter().map(|&(_, clip)| clip).collect();
            let list =
                ClipSummary::read_all(live, &session, &clip_include, false, &mut self.warnings)?;
            o.session_clips = Some(list);
            self.issued.extend(session.iter().map(LiveId::to_string));
        } else {
            o.session_clip_count = Some(session_slots.len() as i64);
        }
        // Arrangement clips: regular tracks other than groups.
        let arrangement = if facts.regular && !facts.group {
            lom::child_ids(live, facts.track, "arrangement_clips")?
        } else {
            Vec::new()
        };
        if include.contains(&"arrangement-clips") {
            let list =
                ClipSummary::read_all(live, &arrangement, &clip_include, true, &mut self.warnings)?;
            o.arrangement_clips = Some(list);
            self.issued
                .extend(arrangement.iter().map(LiveId::to_string));
        } else {
            o.arrangement_clip_count = Some(arrangement.len() as i64);
        }
        Ok(())
    }

    /// The devices, listed when `include` asks for them, else counted; and the drum map.
    pub(super) fn devices(
        &mut self,
        live: &mut dyn LivePort,
        facts: &Facts,
        include: &[&str],
        devices: &[LiveId],
    ) -> Result<(), ToolError> {
        let o = &mut self.info;
        if include.contains(&"devices") {
            o.devices = Some(devices::summaries(
                live,
                devices,
                &facts.place.path_segment(),
            )?);
            self.issued.extend(devices.iter().map(LiveId::to_string));
        } else {
            o.device_count = Some(devices.len() as i64);
        }
        if include.contains(&"drum-map") {
            o.drum_map = devices::drum_map(live, devices)?;
        }
        Ok(())
    }

    /// The playing and fired slots (regular tracks) and the mute/solo state.
    pub(super) fn play_state(
        &mut self,
        live: &mut dyn LivePort,
        facts: &Facts,
    ) -> Result<(), ToolError> {
        let o = &mut self.info;
        if facts.regular {
            let playing = lom::int(live, facts.track, "playing_slot_index")?;
            let fired = lom::int(live, facts.track, "fired_slot_index")?;
            o.playing_slot_index = (playing >= 0).then_some(playing);
            o.fired_slot_index = (fired >= 0).then_some(fired);
        }
        if facts.place != Place::Master {
            o.state = state(live, facts.track)?.map(str::to_string);
        }
        Ok(())
    }
}

/// `state` of docs/design/tool-rules.md §5: absent when the track plays normally.
fn state(live: &mut dyn LivePort, track: LiveId) -> Result<Option<&'static str>, ToolError> {
    let muted = lom::flag(live, track, "mute")?;
    let soloed = lom::flag(live, track, "solo")?;
    let via_solo = lom::flag(live, track, "muted_via_solo")?;
    Ok(device_reader::state(muted, soloed, via_solo))
}
