//! `wrapInRack` of `barline-update-device` (docs/design/tool-rules.md §16): the listed
//! devices go into one new rack, each in its own chain. Instruments cannot sit beside the
//! new rack on a MIDI track, so they are parked on a temporary MIDI track first; that
//! track is deleted afterwards, also when a step fails.

use crate::live::path::LomPath;
use crate::live::{Atom, LiveId, LivePort};
use crate::sort;
use crate::tools::common::device::insert::{self, created_id};
use crate::tools::common::device::path::DevicePath;
use crate::tools::common::device::target::{self as dt, Target};
use crate::tools::common::host;
use crate::tools::common::live_version::require_12_3;
use crate::tools::device::update_device::subject::{resolve_ref, Ref};
use crate::tools::framework::call::Call;
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::lom;
use schemars::JsonSchema;
use serde::Serialize;

/// An object argument of `call`: one `"id N"` text, as `LiveAPI` takes it.
fn obj(id: LiveId) -> Atom {
    Atom::Symbol(format!("id {id}"))
}

fn move_to(
    live: &mut dyn LivePort,
    device: LiveId,
    container: LiveId,
    at: usize,
) -> Result<bool, ToolError> {
    let song = crate::tools::common::overview::song(live)?;
    let args = [obj(device), obj(container), Atom::Int(at as i64)];
    live.call(song, "move_device", &args)?;
    Ok(dt::children(live, container, "devices")?.contains(&device))
}

/// The container (track or chain) holding a device and the device's position there.
fn container_of(live: &mut dyn LivePort, device: LiveId) -> Result<(LiveId, usize), ToolError> {
    let path = live.path_of(device)?;
    let (head, index) = path.rsplit_once(" devices ").ok_or_else(|| {
        ToolError::new(
            ErrorCode::Internal,
            format!("device {device} is not in a track or chain"),
        )
    })?;
    let container = lom::resolve(live, head).ok_or_else(|| {
        ToolError::new(
            ErrorCode::Internal,
            format!("the container of device {device} did not resolve"),
        )
    })?;
    let at = index.trim().parse::<usize>().unwrap_or(0);
    Ok((container, at))
}

/// The rack update-device made with `wrapInRack`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct WrappedRack {
    /// The new rack's id.
    pub id: String,
    /// Which rack: the kind of devices it holds.
    #[serde(rename = "type")]
    pub kind: RackType,
    /// How many devices it holds (one chain each).
    pub device_count: usize,
}

/// The rack a wrap makes, named by the kind of devices it holds: an instrument rack
/// for any instrument, else an audio or MIDI effect rack (variants undocumented: a
/// documented variant would turn the schema's `enum` into a longer `oneOf`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[allow(missing_docs)]
pub enum RackType {
    #[serde(rename = "instrument-rack")]
    Instrument,
    #[serde(rename = "audio-effect-rack")]
    AudioEffect,
    #[serde(rename = "midi-effect-rack")]
    MidiEffect,
}

/// Wraps the devices into one new rack.
pub fn wrap(
    call: &mut Call<'_>,
    refs: &[Ref],
    to: Option<&DevicePath>,
    name: Option<&str>,
) -> Result<WrappedRack, ToolError> {
    let (devices, kinds) = wrapped_devices(call, refs)?;
    let (rack_name, rack_type) = rack_kind(&kinds)?;
    require_12_3(call.live)?;
    let mut origins = Vec::with_capacity(devices.len());
    for d in &devices {
        let (container, at) = container_of(call.live, *d)?;
        origins.push((*d, container, at));
    }
    let (home, home_at) = match to {
        Some(path) => {
            let ins = dt::insertion(call.live, path)?;
            let c = insert::make_container(call.live, &ins.container, path)?;
            (c, ins.position)
        }
        None => {
            let (c, at) = container_of(call.live, devices[0])?;
            (c, Some(at))
        }
    };
    let song = crate::tools::common::overview::song(call.live)?;
    let parking = if kinds.contains(&1) {
        Some(create_parking(call.live, song)?)
    } else {
        None
    };
    let result = build(
        call, &devices, &kinds, parking, home, home_at, rack_name, name,
    );
    if let Some(track) = parking {
        if result.is_err() {
            put_back(call.live, track, &origins)?;
        }
        remove_track(call.live, track)?;
    }
    let rack = result?;
    call.ids().issue(&rack.to_string());
    let count = lom::count(call.live, rack, "chains")?;
    Ok(WrappedRack {
        id: rack.to_string(),
        kind: rack_type,
        device_count: count,
    })
}

/// The devices to wrap, each once, with their Live `type`; targets that are not devices
/// or do not resolve are skipped with a warning, the Barline device is refused.
fn wrapped_devices(
    call: &mut Call<'_>,
    refs: &[Ref],
) -> Result<(Vec<LiveId>, Vec<i64>), ToolError> {
    let mut devices = Vec::new();
    let mut kinds = Vec::new();
    for r in refs {
        match resolve_ref(call, r) {
            Ok(Target::Device(d)) => {
                host::protect(call.live, d, &describe(r), "wrapped in a rack")?;
                if !devices.contains(&d) {
                    kinds.push(lom::int(call.live, d, "type")?);
                    devices.push(d);
                }
            }
            Ok(_) => call.warn(format!("{} is not a device; not wrapped", describe(r))),
            Err(e) => call.warn(format!("{}; not wrapped", e.message)),
        }
    }
    if devices.is_empty() {
        return Err(ToolError::not_found(
            "no device to wrap: every target was skipped",
        ));
    }
    Ok((devices, kinds))
}

/// The rack that can hold devices of these Live `type`s (its name in Live's browser, its
/// type as read-device reports it): any instrument makes an Instrument Rack.
fn rack_kind(kinds: &[i64]) -> Result<(&'static str, RackType), ToolError> {
    if kinds.contains(&1) {
        Ok(("Instrument Rack", RackType::Instrument))
    } else if kinds.iter().all(|k| *k == 2) {
        Ok(("Audio Effect Rack", RackType::AudioEffect))
    } else if kinds.iter().all(|k| *k == 4) {
        Ok(("MIDI Effect Rack", RackType::MidiEffect))
    } else {
        Err(ToolError::bad_input(
            "wrapInRack cannot put audio effects and MIDI effects into one rack; wrap them separately",
        ))
    }
}

/// The temporary MIDI track (last in the Set) that holds instruments while the rack is
/// made.
fn create_parking(live: &mut dyn LivePort, song: LiveId) -> Result<LiveId, ToolError> {
    let answer = live.call(song, "create_midi_track", &[Atom::Int(-1)])?;
    created_id(&answer).ok_or_else(|| {
        ToolError::new(
            ErrorCode::LiveRejected,
            "Live refused to create the temporary track for wrapping instruments",
        )
    })
}

/// After a failed wrap, puts the instruments still parked on `track` back where they
/// were before the track goes.
fn put_back(
    live: &mut dyn LivePort,
    track: LiveId,
    origins: &[(LiveId, LiveId, usize)],
) -> Result<(), ToolError> {
    let parked = dt::children(live, track, "devices")?;
    let mut back: Vec<_> = origins
        .iter()
        .filter(|(d, _, _)| parked.contains(d))
        .collect();
    sort::sort_by_key(&mut back, |(_, _, at)| *at);
    for (d, container, at) in back {
        let count = lom::count(live, *container, "devices")?;
        move_to(live, *d, *container, (*at).min(count))?;
    }
    Ok(())
}

fn describe(r: &Ref) -> String {
    match r {
        Ref::Id(id) => format!("id \"{id}\""),
        Ref::Path(p) => format!("path \"{p}\""),
    }
}

fn remove_track(live: &mut dyn LivePort, track: LiveId) -> Result<(), ToolError> {
    if let Ok(path) = live.path_of(track) {
        let parsed = LomPath::parse(&path).ok();
        if let Some([("tracks", Some(index))]) =
            parsed.as_ref().and_then(LomPath::live_set_steps).as_deref()
        {
            let song = crate::tools::common::overview::song(live)?;
            live.call(song, "delete_track", &[Atom::Int(*index as i64)])?;
        }
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn build(
    call: &mut Call<'_>,
    devices: &[LiveId],
    kinds: &[i64],
    parking: Option<LiveId>,
    home: LiveId,
    home_at: Option<usize>,
    rack_name: &str,
    name: Option<&str>,
) -> Result<LiveId, ToolError> {
    let mut before_home = 0;
    if let Some(track) = parking {
        for (d, k) in devices.iter().zip(kinds) {
            if *k == 1 {
                let (c, at) = container_of(call.live, *d)?;
                if c == home && home_at.is_some_and(|h| at < h) {
                    before_home += 1;
                }
                let count = lom::count(call.live, track, "devices")?;
                if !move_to(call.live, *d, track, count)? {
                    return Err(ToolError::new(
                        ErrorCode::LiveRejected,
                        format!("Live refused to park device {d} on the temporary track"),
                    ));
                }
            }
        }
    }
    let count = lom::count(call.live, home, "devices")?;
    let at = home_at.map(|h| h.saturating_sub(before_home).min(count));
    let mut args = vec![Atom::Symbol(rack_name.into())];
    if let Some(p) = at.filter(|p| !(*p == 0 && count == 0)) {
        args.push(Atom::Int(p as i64));
    }
    let answer = call.live.call(home, "insert_device", &args)?;
    let rack = created_id(&answer).ok_or_else(|| {
        ToolError::new(
            ErrorCode::LiveRejected,
            format!("Live refused to insert the {rack_name}; the devices stay where they were"),
        )
    })?;
    if let Some(n) = name {
        call.live.set(rack, "name", &[Atom::Symbol(n.into())])?;
    }
    for d in devices {
        let answer = call.live.call(rack, "insert_chain", &[])?;
        let chain = created_id(&answer).ok_or_else(|| {
            ToolError::new(
                ErrorCode::LiveRejected,
                format!("Live refused to add a chain to the new {rack_name} (id {rack})"),
            )
        })?;
        if !move_to(call.live, *d, chain, 0)? {
            return Err(ToolError::new(
                ErrorCode::LiveRejected,
                format!("Live refused to move device {d} into the new {rack_name} (id {rack})"),
            ));
        }
    }
    Ok(rack)
}
