//! Device parameters as read-device lists them: names filtered by `paramSearch`, and
//! with `param-values` each value with its options or range, unit and state.

use crate::live::{LiveId, LivePort};
use crate::tools::common::device::param_value::{self as pv, Kind, Shown};
use crate::tools::common::device::path as dp;
use crate::tools::common::device::reader::info::Parameter;
use crate::tools::common::device::reader::Reader;
use crate::tools::common::device::target as dt;
use crate::tools::framework::error::ToolError;
use crate::tools::framework::format::Rounded;
use crate::tools::framework::lom;
use crate::tools::framework::result_fields::Nested;

impl Reader {
    pub(super) fn parameters(
        &mut self,
        live: &mut dyn LivePort,
        d: LiveId,
        values: bool,
    ) -> Result<Vec<Nested<Parameter>>, ToolError> {
        let mut out = Vec::new();
        for p in dt::children(live, d, "parameters")? {
            let name = pv::display_name(live, p)?;
            if let Some(s) = &self.search {
                if !crate::case::lower(&name).contains(s.as_str()) {
                    continue;
                }
            }
            // Reported ids are issued, so a parameter id of a device deleted later is
            // told apart (STALE_REFERENCE) from one that never existed.
            self.issued.push(p);
            let mut o = Parameter {
                id: p.to_string(),
                name,
                ..Default::default()
            };
            if values {
                param_values(live, p, &mut o)?;
            }
            out.push(Nested(o));
        }
        Ok(out)
    }
}

/// The value fields of one parameter (docs/design/tool-rules.md §14 parameter kinds).
fn param_values(live: &mut dyn LivePort, p: LiveId, o: &mut Parameter) -> Result<(), ToolError> {
    let param = pv::describe(live, p)?;
    let raw = lom::number(live, p, "value")?;
    o.value = Some(pv::shown(live, &param, raw)?);
    let number = |x: f64| Some(Shown::Number(Rounded(x)));
    let pitch = |x: f64| Some(Shown::Text(dp::note_name(x.round() as i64)));
    match &param.kind {
        Kind::Quantized(items) => o.options = Some(items.clone()),
        Kind::Division { options, .. } => o.options = Some(options.clone()),
        Kind::Pan { .. } => {
            (o.min, o.max, o.unit) = (number(-1.0), number(1.0), Some("pan"));
        }
        Kind::Note => {
            (o.min, o.max, o.unit) = (pitch(param.min), pitch(param.max), Some("note"));
        }
        Kind::Numeric { unit, min, max, .. } => {
            (o.min, o.max, o.unit) = (number(*min), number(*max), unit.name());
        }
    }
    if !lom::flag(live, p, "is_enabled")? {
        o.enabled = Some(false);
    }
    // 0 is the usual state and stays unreported.
    let state = |live: &mut dyn LivePort, property: &str, names: [&'static str; 2]| {
        Ok::<_, ToolError>(match lom::int(live, p, property)? {
            1 => Some(names[0]),
            2 => Some(names[1]),
            _ => None,
        })
    };
    o.state = state(live, "state", ["inactive", "disabled"])?;
    o.automation = state(live, "automation_state", ["active", "overridden"])?;
    Ok(())
}
