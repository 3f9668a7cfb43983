//! `barline-update-track` (docs/design/tool-rules.md §7): names, colours, mute/solo/arm,
//! mixer values by display value, sends, routing and monitoring of one or more tracks.
//! Everything that needs no write is checked first (docs/design/tool-contract.md §3.1),
//! kind checks come before Live is asked (docs/design/tool-contract.md §3.2),
//! `moveToIndex` is refused before anything else (honest refusals,
//! docs/design/tool-contract.md §3.3), and each track is done in the documented order
//! (docs/design/tool-rules.md §7): states, mixer, routing, monitoring, send.

use crate::live::{Atom, LiveId};
use crate::tools::common::names;
use crate::tools::common::refs::{self, Kind};
use crate::tools::common::track::info::Monitoring;
use crate::tools::common::track::reader::{self, Place};
use crate::tools::common::track::{mixer, return_name, routing};
use crate::tools::framework::call::{Bulk, Call, OneOrMany};
use crate::tools::framework::coerce::{text_of, Id};
use crate::tools::framework::error::{quoted, ErrorCode, ToolError};
use crate::tools::framework::lom;
use crate::tools::framework::tool::{Hints, Tool, ToolMeta};

use crate::tools::track::update_track::args::{
    MonitoringStates, PanningModes, UpdateTrackParams, UpdatedTrack,
};
use crate::tools::track::update_track::mixer_steps::{send_plan, set_pans, SendPlan};
pub mod args;
pub mod mixer_steps;

/// `barline-update-track`.
pub struct UpdateTrack;

impl Tool for UpdateTrack {
    type Params = UpdateTrackParams;
    type Output = OneOrMany<UpdatedTrack>;
    const META: ToolMeta = ToolMeta {
        hints: Hints::OVERWRITE,
        small_removed: &[
            "panningMode",
            "leftPan",
            "rightPan",
            "inputRoutingTypeId",
            "inputRoutingChannelId",
            "outputRoutingTypeId",
            "outputRoutingChannelId",
            "monitoringState",
            "sendGainDb",
            "sendReturn",
            "moveToIndex",
        ],
        ..ToolMeta::read(
            "barline-update-track",
            "Update Track",
            "Update tracks: name, colour, mute/solo/arm, volume, pan, sends, routing.",
        )
    };

    fn run(
        call: &mut Call<'_>,
        p: UpdateTrackParams,
    ) -> Result<OneOrMany<UpdatedTrack>, ToolError> {
        run(call, &p)
    }
}

fn run(call: &mut Call<'_>, p: &UpdateTrackParams) -> Result<OneOrMany<UpdatedTrack>, ToolError> {
    if p.move_to_index.is_some() {
        return Err(ToolError::new(
            ErrorCode::Unsupported,
            "moveToIndex: Live's API cannot reorder tracks (tracks can only be created at an index, duplicated next to themselves or deleted)",
        ));
    }
    // Checks that need no write (bad input changes nothing,
    // docs/design/tool-contract.md §3.1).
    let colors = names::colors(text_of(&p.color))?;
    let routes: Vec<(&str, &str)> = routing::PROPS
        .into_iter()
        .zip([
            &p.input_routing_type_id,
            &p.input_routing_channel_id,
            &p.output_routing_type_id,
            &p.output_routing_channel_id,
        ])
        .filter_map(|(prop, v)| text_of(v).map(|v| (prop, v.trim())))
        .collect();
    if let Some((prop, _)) = routes.iter().find(|(_, v)| v.is_empty()) {
        return Err(ToolError::bad_input(format!(
            "{} is empty: give an identifier from the track's available routings (read-track with include [\"available-routings\"])",
            param_of(prop)
        )));
    }
    // Each entry takes the docs/design/tool-contract.md §1.1 id coercion ("id 12" is
    // "12").
    let entries = p
        .ids
        .items()
        .into_iter()
        .map(
            |s| match Id::from_value(&serde_json::Value::String(s.clone())) {
                Ok(id) => id.0,
                Err(_) => s,
            },
        )
        .collect();
    let ids = call.unique(entries, "id");
    if ids.is_empty() {
        return Err(ToolError::bad_input(
            "ids is empty: give one or more track ids, e.g. \"12,13\"",
        ));
    }
    let send = send_plan(call, p)?;
    // Resolve every id before the first write, so an all-bad call changes nothing.
    let mut targets = Vec::with_capacity(ids.len());
    let mut bulk = Bulk::new();
    for (i, id) in ids.iter().enumerate() {
        match refs::by_id(call, id, Kind::Track) {
            Ok((track, _)) => targets.push((i, track)),
            Err(e) => bulk.skip(e),
        }
    }
    let names = names::names_for(call, text_of(&p.name), ids.len());
    let n = targets.len();
    for (done, (i, track)) in targets.into_iter().enumerate() {
        if done > 0 && call.deadline_near() {
            call.warn_stopped(done, n, "tracks");
            break;
        }
        let color = names::cycled(&colors, i);
        update(
            call,
            track,
            names[i].as_deref(),
            color,
            p,
            &routes,
            send.as_ref(),
        )?;
        call.ids().issue(&track.to_string());
        bulk.ok(UpdatedTrack {
            id: track.to_string(),
        });
    }
    bulk.finish(call)
}

fn param_of(prop: &str) -> &'static str {
    match prop {
        "input_routing_type" => "inputRoutingTypeId",
        "input_routing_channel" => "inputRoutingChannelId",
        "output_routing_type" => "outputRoutingTypeId",
        _ => "outputRoutingChannelId",
    }
}

fn update(
    call: &mut Call<'_>,
    track: LiveId,
    name: Option<&str>,
    color: Option<i64>,
    p: &UpdateTrackParams,
    routes: &[(&str, &str)],
    send: Option<&SendPlan>,
) -> Result<(), ToolError> {
    let t = Target {
        id: track,
        place: reader::place(call.live, track)?,
        name,
    };
    // 1. Name, colour, mute, solo, arm.
    write_name(call, &t)?;
    if let Some(c) = color {
        let what = t.label(call)?;
        names::color(call, track, c, &what)?;
    }
    write_mute_solo(call, &t, p)?;
    let kind = KindFacts::read(call, &t, p, routes)?;
    if let Some(arm) = p.arm {
        if kind.armable {
            call.live
                .set(track, "arm", &[Atom::Int(i64::from(arm.0))])?;
        } else {
            let what = t.label(call)?;
            call.warn(format!("{what} cannot be armed"));
        }
    }
    // 2. Mixer on the measured curves; the effective panning mode decides which pans apply.
    write_mixer(call, track, p)?;
    // 3. Routing, in input type, input channel, output type, output channel order.
    write_routes(call, &t, kind.group, routes)?;
    // 4. Monitoring, only where the track can be armed.
    if let Some(state) = &p.monitoring_state {
        write_monitoring(call, &t, state.get(), kind.armable)?;
    }
    // 5. The send.
    if let Some(s) = send {
        write_send(call, &t, s)?;
    }
    Ok(())
}

/// The track being updated: its id, where it sits, and the new name if one is given.
struct Target<'a> {
    id: LiveId,
    place: Place,
    name: Option<&'a str>,
}

impl Target<'_> {
    /// The name messages use, read only when a colour or a warning needs it.
    fn label(&self, call: &mut Call<'_>) -> Result<String, ToolError> {
        let shown = match self.name {
            Some(n) => n.to_string(),
            None => lom::text(call.live, self.id, "name")?,
        };
        Ok(format!("track {}", quoted(&shown)))
    }
}

fn write_name(call: &mut Call<'_>, t: &Target<'_>) -> Result<(), ToolError> {
    let Some(name) = t.name else {
        return Ok(());
    };
    let track = t.id;
    let text = return_name::to_write(t.place, name);
    if text == name {
        let shown = format!("track {track}");
        let w = lom::set_checked(call.live, track, "name", &Atom::Symbol(text), &shown)?;
        call.warnings.extend(w);
    } else {
        // Live puts a return's letter back in front of what is written, so the
        // read-back would never match: the name is written as is.
        call.live.set(track, "name", &[Atom::Symbol(text)])?;
    }
    Ok(())
}

fn write_mute_solo(
    call: &mut Call<'_>,
    t: &Target<'_>,
    p: &UpdateTrackParams,
) -> Result<(), ToolError> {
    let (mute, solo) = (p.mute.map(|f| f.0), p.solo.map(|f| f.0));
    if t.place == Place::Master {
        if mute.is_some() || solo.is_some() {
            call.warn("master track has no mute or solo");
        }
    } else {
        for (prop, v) in [("mute", mute), ("solo", solo)] {
            if let Some(v) = v {
                let shown = format!("track {}", t.id);
                let w = lom::set_checked(call.live, t.id, prop, &Atom::Int(v.into()), &shown)?;
                call.warnings.extend(w);
            }
        }
    }
    Ok(())
}

/// Kind facts, read only when a setting depends on them (before Live is asked,
/// docs/design/tool-contract.md §3.2).
struct KindFacts {
    group: bool,
    armable: bool,
}

impl KindFacts {
    fn read(
        call: &mut Call<'_>,
        t: &Target<'_>,
        p: &UpdateTrackParams,
        routes: &[(&str, &str)],
    ) -> Result<Self, ToolError> {
        let needs_kind = p.arm.is_some() || p.monitoring_state.is_some() || !routes.is_empty();
        let (group, armable) = match t.place {
            Place::Regular(_) if needs_kind => {
                let group = lom::flag(call.live, t.id, "is_foldable")?;
                (group, !group && lom::flag(call.live, t.id, "can_be_armed")?)
            }
            _ => (false, false),
        };
        Ok(KindFacts { group, armable })
    }
}

fn write_mixer(call: &mut Call<'_>, track: LiveId, p: &UpdateTrackParams) -> Result<(), ToolError> {
    let pans_given = p.pan.is_some() || p.left_pan.is_some() || p.right_pan.is_some();
    if p.gain_db.is_some() || p.panning_mode.is_some() || pans_given {
        let m = mixer::of_track(call.live, track)?;
        if let Some(db) = p.gain_db {
            let volume = mixer::parameter(call.live, m, "volume")?;
            mixer::set_volume_db(call.live, volume, db.get())?;
        }
        if let Some(mode) = &p.panning_mode {
            let split = match mode.get() {
                PanningModes::Stereo => false,
                PanningModes::Split => true,
            };
            call.live
                .set(m, "panning_mode", &[Atom::Int(i64::from(split))])?;
        }
        if pans_given {
            let split = mixer::is_split(call.live, m)?;
            set_pans(call, m, split, p)?;
        }
    }
    Ok(())
}

fn write_routes(
    call: &mut Call<'_>,
    t: &Target<'_>,
    group: bool,
    routes: &[(&str, &str)],
) -> Result<(), ToolError> {
    let has_input = matches!(t.place, Place::Regular(_)) && !group;
    for (prop, identifier) in routes {
        // Live's API gives the master track no routing: reading it raises
        // (core/fake-live/README.md row 12), so it is a warning, never a write.
        if t.place == Place::Master {
            call.warn(format!(
                "master track has no routing Live lets a device change; {} unchanged",
                param_of(prop)
            ));
            continue;
        }
        if prop.starts_with("input") && !has_input {
            let what = t.label(call)?;
            call.warn(format!(
                "{what} has no input routing; {} unchanged",
                param_of(prop)
            ));
            continue;
        }
        if let Some(w) = routing::set(call.live, t.id, prop, identifier)? {
            call.warn(w);
        }
    }
    Ok(())
}

fn write_monitoring(
    call: &mut Call<'_>,
    t: &Target<'_>,
    state: MonitoringStates,
    armable: bool,
) -> Result<(), ToolError> {
    if armable {
        let v = match state {
            MonitoringStates::In => Monitoring::In,
            MonitoringStates::Off => Monitoring::Off,
            MonitoringStates::Auto => Monitoring::Auto,
        };
        call.live.set(
            t.id,
            "current_monitoring_state",
            &[Atom::Int(v.live_value())],
        )?;
    } else {
        let what = t.label(call)?;
        call.warn(format!(
            "{what} cannot be armed, so it has no monitoring; monitoringState unchanged"
        ));
    }
    Ok(())
}

fn write_send(call: &mut Call<'_>, t: &Target<'_>, s: &SendPlan) -> Result<(), ToolError> {
    let m = mixer::of_track(call.live, t.id)?;
    match mixer::sends(call.live, m)?.get(s.index) {
        Some(param) => mixer::set_send_db(call.live, *param, s.db)?,
        None => {
            let what = t.label(call)?;
            call.warn(format!("{what} has no send for return {}", quoted(&s.name)));
        }
    }
    Ok(())
}
