//! Device parameters as read-device lists them: names filtered by `paramSearch`, and
//! with `param-values` each value with its options or range, unit and state.

use crate::live::{LiveId, LivePort};
use crate::tools::common::device::param_value::{self as pv, Kind, Unit};
use crate::tools::common::device::path as dp;
use crate::tools::common::device::reader::Reader;
use crate::tools::common::device::target as dt;
use crate::tools::framework::error::ToolError;
use crate::tools::framework::format::num;
use crate::tools::framework::lom;
use serde_json::{json, Map, Value};

impl Reader {
    pub(super) fn parameters(
        &mut self,
        live: &mut dyn LivePort,
        d: LiveId,
        values: bool,
    ) -> Result<Vec<Value>, ToolError> {
        let mut out = Vec::new();
        for p in dt::children(live, d, "parameters")? {
            let name = pv::display_name(live, p)?;
            if let Some(s) = &self.search {
                if !name.to_lowercase().contains(s.as_str()) {
                    continue;
                }
            }
            // Reported ids are issued, so a parameter id of a device deleted later is
            // told apart (STALE_REFERENCE) from one that never existed.
            self.issued.push(p);
            let mut o = Map::new();
            o.insert("id".into(), json!(p.to_string()));
            o.insert("name".into(), json!(name));
            if values {
                param_values(live, p, &mut o)?;
            }
            out.push(Value::Object(o));
        }
        Ok(out)
    }
}

/// The value fields of one parameter (docs/design/tool-rules.md §14 parameter kinds).
pub fn param_values(
    live: &mut dyn LivePort,
    p: LiveId,
    o: &mut Map<String, Value>,
) -> Result<(), ToolError> {
    let param = pv::describe(live, p)?;
    let raw = lom::number(live, p, "value")?;
    o.insert("value".into(), pv::shown(live, &param, raw)?);
    match &param.kind {
        Kind::Quantized(items) => {
            o.insert("options".into(), json!(items));
        }
        Kind::Division { options, .. } => {
            o.insert("options".into(), json!(options));
        }
        Kind::Pan { .. } => {
            o.insert("min".into(), json!(-1));
            o.insert("max".into(), json!(1));
            o.insert("unit".into(), json!("pan"));
        }
        Kind::Note => {
            o.insert("min".into(), json!(dp::note_name(param.min.round() as i64)));
            o.insert("max".into(), json!(dp::note_name(param.max.round() as i64)));
            o.insert("unit".into(), json!("note"));
        }
        Kind::Numeric { unit, min, max, .. } => {
            o.insert("min".into(), num(*min));
            o.insert("max".into(), num(*max));
            if *unit != Unit::Plain {
                o.insert("unit".into(), json!(unit.name()));
            }
        }
    }
    if !lom::flag(live, p, "is_enabled")? {
        o.insert("enabled".into(), json!(false));
    }
    let states = [
        ("state", "state", ["inactive", "disabled"]),
        ("automation_state", "automation", ["active", "overridden"]),
    ];
    for (property, field, names) in states {
        // 0 is the usual state and stays unreported.
        let shown = match lom::int(live, p, property)? {
            1 => Some(names[0]),
            2 => Some(names[1]),
            _ => None,
        };
        if let Some(name) = shown {
            o.insert(field.into(), json!(name));
        }
    }
    Ok(())
}
