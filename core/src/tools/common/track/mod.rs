//! What the track tools share: mixer values, pan labels, routing, and the shape of a
//! track as read-track reports it.

pub mod devices;
pub mod fader;
mod gather;
pub mod info;
pub mod mixer;
pub mod reader;
pub mod return_name;
pub mod routing;
pub mod routing_fields;
