//! `barline-read-device` (docs/design/tool-rules.md §14): one device, rack chain or drum pad — type,
//! state, rack contents to a chosen depth, parameters with display values, drum map,
//! Simpler sample, read by [`Reader`].

use crate::tools::common::device::path::DevicePath;
use crate::tools::common::device::reader::{DeviceDetail, DeviceInfo, Reader};
use crate::tools::common::device::target::{self as dt, Target};
use crate::tools::framework::call::Call;
use crate::tools::framework::coerce::{Id, Include, Int, Text};
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::tool::{Tool, ToolMeta};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// `barline-read-device`.
pub struct ReadDevice;

/// Arguments of read-device.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadDeviceParams {
    /// Device, chain or pad id.
    pub device_id: Option<Id>,
    /// Path, e.g. "t1/d0", "t1/d0/c0", "t1/d0/pC1".
    pub path: Option<Text>,
    /// Extra detail; * = all.
    #[serde(default)]
    pub include: Include<DeviceDetail>,
    /// Rack depth; 0 = chains only.
    pub max_depth: Option<Int<0, 1000>>,
    /// Parameters whose name contains this.
    pub param_search: Option<Text>,
}

impl Tool for ReadDevice {
    type Params = ReadDeviceParams;
    type Output = DeviceInfo;
    const META: ToolMeta = ToolMeta {
        small_removed_values: &[("include", &["drum-pads", "return-chains", "*"])],
        too_large_hint: "Lower maxDepth, drop param-values, or filter parameters with paramSearch.",
        ..ToolMeta::read(
            "barline-read-device",
            "Read Device",
            "Read a device, chain or drum pad by id or path; more with include.",
        )
    };

    fn run(call: &mut Call<'_>, p: ReadDeviceParams) -> Result<DeviceInfo, ToolError> {
        let path = match (&p.device_id, &p.path) {
            (Some(_), Some(_)) | (None, None) => {
                return Err(ToolError::bad_input("give exactly one of deviceId or path"))
            }
            (None, Some(t)) => Some(DevicePath::parse(t.as_str())?),
            (Some(_), None) => None,
        };
        if let Some(path) = &path {
            if path.segs.is_empty() {
                return Err(ToolError::bad_input(format!(
                    "path \"{path}\" names a track; give a device, chain or pad path such as \"{path}/d0\""
                )));
            }
        }
        let target = match (&path, &p.device_id) {
            (Some(path), _) => dt::resolve(call.live, path)?,
            (None, Some(id)) => dt::resolve_id(call, id.as_str())?,
            (None, None) => unreachable_target()?,
        };
        let mut r = Reader {
            include: p.include.options().to_vec(),
            max_depth: p.max_depth.map_or(0, |d| d.get()),
            search: p
                .param_search
                .as_ref()
                .map(|s| crate::case::lower(s.as_str().trim()))
                .filter(|s| !s.is_empty()),
            warned_depth: false,
            issued: Vec::new(),
            paths: Default::default(),
        };
        let out = match &target {
            Target::Device(d) => r.device(call.live, *d, 0, true)?,
            Target::Chain(c) => r.chain(call.live, *c, 0, true)?,
            Target::Pad {
                rack,
                note,
                pad,
                chains,
            } => r.pad(call.live, *rack, *note, *pad, chains)?,
            Target::Track(_) => unreachable_target()?,
        };
        if r.warned_depth {
            call.warn("maximum depth reached; deeper devices not read");
        }
        for id in std::mem::take(&mut r.issued) {
            call.ids().issue(&id.to_string());
        }
        Ok(out)
    }
}

fn unreachable_target<T>() -> Result<T, ToolError> {
    Err(ToolError::new(
        ErrorCode::Internal,
        "read-device reached a target kind it cannot read",
    ))
}
