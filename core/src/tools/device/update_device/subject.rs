//! What update-device acts on: a target as given, resolved, and the kind it counts as\nfor the applicability table of docs/design/tool-rules.md §16.

use crate::live::{LiveId, LivePort};
use crate::tools::common::device::path::DevicePath;
use crate::tools::common::device::target::{self as dt, Target};
use crate::tools::framework::call::Call;
use crate::tools::framework::error::{ErrorCode, ToolError};

/// A target as given: a parsed path or an id text.
#[derive(Clone, Debug)]
pub enum Ref {
    /// A device path.
    Path(DevicePath),
    /// An id.
    Id(String),
}

/// Resolves a target; a path that names nothing is `target not found at path "…"`.
pub fn resolve_ref(call: &mut Call<'_>, r: &Ref) -> Result<Target, ToolError> {
    match r {
        Ref::Id(id) => dt::resolve_id(call, id),
        Ref::Path(path) => match dt::resolve(call.live, path) {
            Ok(Target::Track(_)) => Err(ToolError::new(
                ErrorCode::WrongType,
                format!("path \"{path}\" names a track, not a device, chain or drum pad"),
            )),
            Ok(t) => Ok(t),
            Err(e) if e.code == ErrorCode::NotFound => Err(ToolError::not_found(format!(
                "target not found at path \"{path}\""
            ))),
            Err(e) => Err(e),
        },
    }
}

/// The kind a target counts as for the applicability table of
/// docs/design/tool-rules.md §16.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Kind {
    Device,
    Rack,
    Chain,
    DrumChain,
    DrumPad,
}

impl Kind {
    pub(super) fn name(self) -> &'static str {
        match self {
            Kind::Device => "Device",
            Kind::Rack => "RackDevice",
            Kind::Chain => "Chain",
            Kind::DrumChain => "DrumChain",
            Kind::DrumPad => "DrumPad",
        }
    }

    /// Warns that a setting was skipped for a target of this kind
    /// (docs/design/tool-contract.md §1.9).
    pub(super) fn not_for(self, call: &mut Call<'_>, what: &str) {
        call.warn(format!("'{what}' does not apply to {}", self.name()));
    }
}

pub(super) fn kind_of(live: &mut dyn LivePort, t: &Target) -> Result<Kind, ToolError> {
    Ok(match t {
        Target::Device(d) => {
            if dt::is_rack(live, *d)? {
                Kind::Rack
            } else {
                Kind::Device
            }
        }
        Target::Chain(c) => {
            if live.type_of(*c)? == "DrumChain" {
                Kind::DrumChain
            } else {
                Kind::Chain
            }
        }
        Target::Pad { .. } => Kind::DrumPad,
        Target::Track(_) => Kind::Device,
    })
}

/// A resolved target with what the settings need to know of it.
pub(super) struct Subject<'a> {
    pub(super) target: &'a Target,
    pub(super) kind: Kind,
    /// The object written to (a pad's `DrumPad`, or its first chain for `p*`).
    pub(super) id: LiveId,
    /// The chain, or the chains of a pad; empty for devices.
    pub(super) chains: Vec<LiveId>,
}
