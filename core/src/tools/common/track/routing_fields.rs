//! The routing fields of read-track (docs/design/tool-rules.md §5 `routings`,
//! `available-routings`): which sides a track reports, and the current and available
//! choices read from Live. A group has no inputs (omitted), a return's inputs are `null`
//! and the master has neither side, so both includes follow one rule, [`sides`].

use crate::live::{LiveId, LivePort};
use crate::tools::common::track::info::{Monitoring, TrackInfo};
use crate::tools::common::track::reader::Place;
use crate::tools::common::track::routing::{self, Input, Output};
use crate::tools::framework::error::ToolError;
use crate::tools::framework::format::Nullable;
use crate::tools::framework::lom;

/// How read-track reports one side (inputs or outputs) of a track's routing.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    /// Read from Live.
    Read,
    /// `null` current choices, empty available lists: the track has no such side.
    Empty,
    /// Left out of the result.
    Omitted,
}

/// The (inputs, outputs) sides of a track at `place`.
fn sides(place: Place, group: bool) -> (Side, Side) {
    match place {
        Place::Master => (Side::Empty, Side::Empty),
        Place::Return(_) => (Side::Empty, Side::Read),
        Place::Regular(_) if group => (Side::Omitted, Side::Read),
        Place::Regular(_) => (Side::Read, Side::Read),
    }
}

/// A field of `side`: its empty value, or what `read` gets from Live.
fn field<T>(
    side: Side,
    empty: T,
    read: impl FnOnce() -> Result<T, ToolError>,
) -> Result<Option<T>, ToolError> {
    match side {
        Side::Read => read().map(Some),
        Side::Empty => Ok(Some(empty)),
        Side::Omitted => Ok(None),
    }
}

fn input((name, input_id): routing::Choice) -> Input {
    Input { name, input_id }
}

fn output((name, output_id): routing::Choice) -> Output {
    Output { name, output_id }
}

/// The current routing fields, and the monitoring where the track can be armed.
pub fn current(
    live: &mut dyn LivePort,
    track: LiveId,
    place: Place,
    group: bool,
    armable: bool,
    o: &mut TrackInfo,
) -> Result<(), ToolError> {
    let [in_type, in_channel, out_type, out_channel] = routing::PROPS;
    let (ins, outs) = sides(place, group);
    let mut read =
        |side: Side, prop: &str| field(side, None, || routing::current(&mut *live, track, prop));
    o.input_routing_type = read(ins, in_type)?.map(|c| Nullable(c.map(input)));
    o.input_routing_channel = read(ins, in_channel)?.map(|c| Nullable(c.map(input)));
    o.output_routing_type = read(outs, out_type)?.map(|c| Nullable(c.map(output)));
    o.output_routing_channel = read(outs, out_channel)?.map(|c| Nullable(c.map(output)));
    if armable {
        o.monitoring_state =
            Monitoring::from_live(lom::int(live, track, "current_monitoring_state")?);
    }
    Ok(())
}

/// The available routing fields, with the sides of [`current`] (empty lists for `null`).
pub fn available(
    live: &mut dyn LivePort,
    track: LiveId,
    place: Place,
    group: bool,
    o: &mut TrackInfo,
) -> Result<(), ToolError> {
    let [in_type, in_channel, out_type, out_channel] = routing::PROPS;
    let (ins, outs) = sides(place, group);
    let mut read = |side: Side, prop: &str| {
        field(side, Vec::new(), || {
            routing::available(&mut *live, track, prop)
        })
    };
    let inputs =
        |list: Vec<routing::Choice>| -> Vec<Input> { list.into_iter().map(input).collect() };
    let outputs =
        |list: Vec<routing::Choice>| -> Vec<Output> { list.into_iter().map(output).collect() };
    o.available_input_routing_types = read(ins, in_type)?.map(inputs);
    o.available_input_routing_channels = read(ins, in_channel)?.map(inputs);
    o.available_output_routing_types = read(outs, out_type)?.map(outputs);
    o.available_output_routing_channels = read(outs, out_channel)?.map(outputs);
    Ok(())
}
