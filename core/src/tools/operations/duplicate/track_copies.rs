//! Track copies for `barline-duplicate` (docs/design/tool-rules.md §18):
//! `duplicate_track` next to the source, then the copy stripped as asked (its Barline
//! device, devices, clips) and, for `routeToSource`, made an empty MIDI track that plays
//! the source's instrument.

use crate::live::path::{format_steps, Segment};
use crate::live::{Atom, LiveId, LivePort};
use crate::sort;
use crate::tools::common::clip::location::ClipLocation;
use crate::tools::common::clip::reference::Slot;
use crate::tools::common::host::{self, Host};
use crate::tools::common::names;
use crate::tools::common::session_grid;
use crate::tools::common::track::routing;
use crate::tools::common::{overview, time, timeline};
use crate::tools::framework::call::{Bulk, Call, OneOrMany};
use crate::tools::framework::coerce::text_of;
use crate::tools::framework::error::{quoted, ErrorCode, ToolError};
use crate::tools::framework::lom;
use crate::tools::operations::duplicate::args::{CopiedClip, DuplicateParams, Duplicated};
use crate::tools::operations::duplicate::plan::{issue, style, Plan};
use serde::Deserialize;
use serde_json::{json, Value};

/// `type: "track"`: `count` copies, each right after the previous one.
pub(super) fn tracks(
    call: &mut Call<'_>,
    p: &DuplicateParams,
    plan: &Plan,
) -> Result<OneOrMany<Duplicated>, ToolError> {
    let source = TrackSource::check(call, p, plan)?;
    let host = host::find(call.live).filter(|h| h.track == plan.source);
    let song = overview::song(call.live)?;
    let names = names::names_for(call, text_of(&p.name), plan.count);
    let mut bulk = Bulk::new();
    let mut copies = Vec::new();
    let mut next = source.index;
    for (k, name) in names.iter().enumerate() {
        if k > 0 && call.deadline_near() {
            call.warn_stopped(k, plan.count, "tracks");
            break;
        }
        let Some((copy_index, copy)) = duplicate_once(call.live, song, next)? else {
            bulk.skip(ToolError::new(
                ErrorCode::LiveRejected,
                format!("Live did not duplicate track {}", quoted(&source.name)),
            ));
            break;
        };
        next = copy_index;
        source.strip(call, copy, host.as_ref())?;
        style(call, copy, name, &plan.colors, k, "track")?;
        copies.push(copy);
        let c = Duplicated {
            id: Some(copy.to_string()),
            track_index: Some(copy_index as i64),
            clips: Some(track_clips(call.live, copy, copy_index, plan.sig)?),
            ..Default::default()
        };
        issue(call, &c);
        bulk.ok(c);
    }
    let done = bulk.finish(call)?;
    if source.route && !copies.is_empty() {
        wait_to_route(call, plan.source, &source.name, &copies, &done);
    }
    Ok(done)
}

/// The track to copy, checked before the first copy, and what to strip from each copy.
struct TrackSource {
    /// Its index in the Set's tracks.
    index: usize,
    /// Its name.
    name: String,
    /// `routeToSource`.
    route: bool,
    /// Delete the copy's clips.
    without_clips: bool,
    /// Delete the copy's devices.
    without_devices: bool,
}

impl TrackSource {
    /// Refuses return tracks, the master track, and `routeToSource` from a track that is
    /// not MIDI; `routeToSource` implies `withoutClips` and `withoutDevices`.
    fn check(call: &mut Call<'_>, p: &DuplicateParams, plan: &Plan) -> Result<Self, ToolError> {
        let path = call.live.path_of(plan.source)?;
        if path.contains("return_tracks") {
            return Err(ToolError::new(
                ErrorCode::Unsupported,
                "return tracks cannot be duplicated",
            ));
        }
        let index = match lom::index_in_path(&path, "tracks") {
            Some(i) => i,
            None => {
                return Err(ToolError::new(
                    ErrorCode::Unsupported,
                    "the master track cannot be duplicated",
                ))
            }
        };
        let route = p.route_to_source.is_some_and(|f| f.0);
        let name = lom::text(call.live, plan.source, "name")?;
        if route && !lom::flag(call.live, plan.source, "has_midi_input")? {
            return Err(ToolError::new(
                ErrorCode::WrongType,
                format!(
                    "routeToSource needs a MIDI track: track {} is not one",
                    quoted(&name)
                ),
            ));
        }
        if route
            && (p.without_clips.is_some_and(|f| !f.0) || p.without_devices.is_some_and(|f| !f.0))
        {
            call.warn("routeToSource needs withoutClips and withoutDevices; using true");
        }
        Ok(Self {
            index,
            name,
            route,
            without_clips: route || p.without_clips.is_some_and(|f| f.0),
            without_devices: route || p.without_devices.is_some_and(|f| f.0),
        })
    }

    /// Removes from a fresh copy what it must not keep: the Barline device (when the
    /// source hosts it), then devices and clips as asked.
    fn strip(
        &self,
        call: &mut Call<'_>,
        copy: LiveId,
        host: Option<&Host>,
    ) -> Result<(), ToolError> {
        if let Some(h) = host {
            remove_barline(call, copy, h)?;
        }
        if self.without_devices {
            let n = lom::count(call.live, copy, "devices")?;
            for j in (0..n).rev() {
                call.live
                    .call(copy, "delete_device", &[Atom::Int(j as i64)])?;
            }
        }
        if self.without_clips {
            clear_clips(call.live, copy)?;
        }
        Ok(())
    }
}

/// Duplicates the track at `index` and finds the copy: the track that was not there
/// before (a group's copy lands after its members, so its index is not always the next
/// one). `None`: Live made no copy.
fn duplicate_once(
    live: &mut dyn LivePort,
    song: LiveId,
    index: usize,
) -> Result<Option<(usize, LiveId)>, ToolError> {
    let before = lom::child_ids(live, song, "tracks")?;
    live.call(song, "duplicate_track", &[Atom::Int(index as i64)])?;
    let after = lom::child_ids(live, song, "tracks")?;
    Ok(after
        .iter()
        .enumerate()
        .find(|(_, t)| !before.contains(t))
        .map(|(i, t)| (i, *t)))
}

/// A new track's routing lists fill in a tick after it is made (live-facts row 14): the
/// routing is set when the call resumes, from the state saved here.
fn wait_to_route(
    call: &mut Call<'_>,
    source: LiveId,
    name: &str,
    copies: &[LiveId],
    done: &OneOrMany<Duplicated>,
) {
    let items: Vec<&Duplicated> = match done {
        OneOrMany::One(d) => vec![d],
        OneOrMany::Many(v) => v.iter().collect(),
    };
    call.wait(
        0,
        json!({
            "source": source.0,
            "name": name,
            "copies": copies.iter().map(|c| c.0).collect::<Vec<_>>(),
            "items": items,
        }),
    );
}

/// What a `routeToSource` call remembers across the tick it waits.
#[derive(Deserialize)]
struct RouteLater {
    source: u64,
    name: String,
    copies: Vec<u64>,
    items: Vec<Duplicated>,
}

/// The second run of a `routeToSource` call: the copies exist, their routing lists are
/// filled in; route them and answer what the first run made. The copies stand whatever
/// happens here, so a routing failure is a warning.
pub(super) fn route_after_a_tick(
    call: &mut Call<'_>,
    state: &Value,
) -> Result<OneOrMany<Duplicated>, ToolError> {
    let later: RouteLater = serde_json::from_value(state.clone()).map_err(|e| {
        ToolError::new(
            ErrorCode::Internal,
            format!("the routeToSource step lost its state ({e})"),
        )
    })?;
    let copies: Vec<LiveId> = later.copies.iter().map(|c| LiveId(*c)).collect();
    if let Err(e) = route_to_source(call, LiveId(later.source), &later.name, &copies) {
        call.warn(format!(
            "the copies were made but not routed to track {}: {}",
            quoted(&later.name),
            e.message
        ));
    }
    Ok(OneOrMany::from(later.items))
}

/// Deletes the copy's Barline device (same place below the track as the original).
fn remove_barline(call: &mut Call<'_>, copy: LiveId, h: &Host) -> Result<(), ToolError> {
    let Some((
        Segment {
            index: Some(index), ..
        },
        container,
    )) = h.below_track.split_last()
    else {
        return Ok(());
    };
    let index = *index as i64;
    let copy_path = call.live.path_of(copy)?;
    let parent_path = format!("{copy_path} {}", format_steps(container));
    if let Some(parent) = lom::resolve(call.live, parent_path.trim()) {
        call.live
            .call(parent, "delete_device", &[Atom::Int(index)])?;
        call.warn("the Barline device was removed from the copy; it cannot be duplicated");
    }
    Ok(())
}

/// Deletes every session and arrangement clip of a track.
fn clear_clips(live: &mut dyn LivePort, track: LiveId) -> Result<(), ToolError> {
    let path = live.path_of(track)?;
    for s in 0..lom::count(live, track, "clip_slots")? {
        if let Some(cs) = lom::resolve(live, &format!("{path} clip_slots {s}")) {
            if lom::flag(live, cs, "has_clip")? {
                live.call(cs, "delete_clip", &[])?;
            }
        }
    }
    let mut arranged = Vec::new();
    for a in 0..lom::count(live, track, "arrangement_clips")? {
        if let Some(c) = lom::resolve(live, &format!("{path} arrangement_clips {a}")) {
            arranged.push(c);
        }
    }
    for c in arranged {
        timeline::delete(live, track, c)?;
    }
    Ok(())
}

/// The clips of a track: session ones with their slot, then arrangement ones.
fn track_clips(
    live: &mut dyn LivePort,
    track: LiveId,
    index: usize,
    sig: (i64, i64),
) -> Result<Vec<CopiedClip>, ToolError> {
    let mut out: Vec<CopiedClip> = Vec::new();
    for (scene, c) in session_grid::track_clips(live, track, &|| false)? {
        out.push(
            ClipLocation::in_slot(
                c,
                Slot {
                    track: index,
                    scene,
                },
            )
            .into(),
        );
    }
    for c in lom::child_ids(live, track, "arrangement_clips")? {
        let start = lom::number(live, c, "start_time")?;
        out.push(ClipLocation::at(c, time::position(start, sig.0, sig.1)).into());
    }
    Ok(out)
}

/// routeToSource: arm the source, free its input, and send each copy's MIDI to it.
fn route_to_source(
    call: &mut Call<'_>,
    source: LiveId,
    name: &str,
    copies: &[LiveId],
) -> Result<(), ToolError> {
    let live = &mut *call.live;
    let mut warnings = Vec::new();
    if !lom::flag(live, source, "arm")? {
        live.set(source, "arm", &[Atom::Int(1)])?;
        warnings.push(format!(
            "armed track {} so the copy can play it",
            quoted(name)
        ));
    }
    let input = "input_routing_type";
    let was = routing::current(live, source, input)?
        .map(|(shown, _)| shown)
        .unwrap_or_default();
    if was != "No Input" {
        let inputs = routing::available(live, source, input)?;
        if let Some((_, no_input)) = inputs.iter().find(|(n, _)| n == "No Input") {
            warnings.push(
                routing::set(live, source, input, no_input)?.unwrap_or_else(|| {
                    format!(
                        "set input of track {} to \"No Input\" (was {})",
                        quoted(name),
                        quoted(&was)
                    )
                }),
            );
        }
    }
    // With several tracks of this name, the n-th by id order is the n-th entry.
    let song = overview::song(live)?;
    let mut same: Vec<LiveId> = Vec::new();
    for t in 0..lom::count(live, song, "tracks")? {
        if let Some(id) = lom::resolve(live, &format!("live_set tracks {t}")) {
            if !copies.contains(&id) && lom::text(live, id, "name")? == name {
                same.push(id);
            }
        }
    }
    sort::sort(&mut same);
    let nth = same.iter().position(|t| *t == source).unwrap_or(0);
    let output = "output_routing_type";
    for copy in copies {
        let outputs = routing::available(live, *copy, output)?;
        match outputs.iter().filter(|(n, _)| n == name).nth(nth) {
            Some((_, to_source)) => warnings.extend(routing::set(live, *copy, output, to_source)?),
            None => warnings.push(format!(
                "no output routing named {}; routing unchanged",
                quoted(name)
            )),
        }
    }
    call.warnings.extend(warnings);
    Ok(())
}
