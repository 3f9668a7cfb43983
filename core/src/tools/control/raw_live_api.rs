//! `barline-raw-live-api` (docs/design/tool-rules.md §21, opt-in): a sequence of
//! get/set/call operations on one Live object, for research and debugging. Listed only
//! with the Raw Live API setting on and small-model mode off (catalogue). Every operation
//! is checked before the first one runs, and each one is written to the Max console as it
//! runs.

use crate::live::{Atom, LiveId};
use crate::tools::common::names;
use crate::tools::common::track::routing;
use crate::tools::framework::call::Call;
use crate::tools::framework::coerce::{option_set, Choice, OptionEnum, Text};
use crate::tools::framework::error::{quoted, ErrorCode, ToolError};
use crate::tools::framework::lom;
use crate::tools::framework::tool::{Hints, Tool, ToolMeta};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// `barline-raw-live-api`.
pub struct RawLiveApi;

/// Most operations one call may run (docs/design/tool-rules.md §21).
pub const MAX_OPERATIONS: usize = 50;

option_set! {
    /// The operation types, with the 1.4.6 aliases.
    pub enum OperationTypes {
        Get = "get",
        Set = "set",
        Call = "call",
        Goto = "goto",
        Info = "info",
        GetProperty = "getProperty",
        GetChildIds = "getChildIds",
        Exists = "exists",
        GetColor = "getColor",
        SetColor = "setColor",
        LegacyGetProperty = "get_property",
        LegacySetProperty = "set_property",
        LegacyCallMethod = "call_method",
    }
}

impl OperationTypes {
    /// The 1.4.6 spellings, which `check` rewrites to the types they stand for.
    fn is_legacy(self) -> bool {
        match self {
            OperationTypes::LegacyGetProperty
            | OperationTypes::LegacySetProperty
            | OperationTypes::LegacyCallMethod => true,
            OperationTypes::Get
            | OperationTypes::Set
            | OperationTypes::Call
            | OperationTypes::Goto
            | OperationTypes::Info
            | OperationTypes::GetProperty
            | OperationTypes::GetChildIds
            | OperationTypes::Exists
            | OperationTypes::GetColor
            | OperationTypes::SetColor => false,
        }
    }
}

/// One operation.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Operation {
    /// get, set, call, goto, info, getProperty, getChildIds, exists, getColor, setColor (or get_property, set_property, call_method).
    #[serde(rename = "type")]
    pub kind: Choice<OperationTypes>,
    /// Property name (get, set, getProperty, getChildIds, get_property).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub property: Option<String>,
    /// Function name (call; for call_method the helper type).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    /// Arguments of call: strings, numbers or booleans.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub args: Option<Vec<Value>>,
    /// Value of set, the path of goto, the #RRGGBB of setColor.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<Value>,
}

/// Arguments of raw-live-api.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RawParams {
    /// Starting object as a Live API path (default "live_set").
    pub path: Option<Text>,
    /// 1-50 operations, run in order on the current object.
    pub operations: Vec<Operation>,
}

/// One operation's outcome.
#[derive(Debug, Serialize, JsonSchema)]
#[allow(missing_docs)]
pub struct OpResult {
    pub operation: Operation,
    /// What Live answered: any JSON value.
    pub result: Value,
}

/// The result.
#[derive(Debug, Serialize, JsonSchema)]
#[allow(missing_docs)]
pub struct RawResult {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    pub id: String,
    pub results: Vec<OpResult>,
}

impl Tool for RawLiveApi {
    type Params = RawParams;
    type Output = RawResult;
    const META: ToolMeta = ToolMeta {
        hints: Hints::EDIT,
        ..ToolMeta::create(
            "barline-raw-live-api",
            "Live API",
            "Direct Live API access for debugging: run up to 50 get/set/call operations on one Live object. Changes are not checked; use only when asked.",
        )
    };

    fn run(call: &mut Call<'_>, p: RawParams) -> Result<RawResult, ToolError> {
        run(call, p)
    }
}

/// An operation reduced to its effective type and operands, checked before any runs.
struct Step {
    kind: OperationTypes,
    name: String,
    value: Option<Value>,
    args: Vec<Atom>,
    echo: Operation,
}

fn bad(i: usize, what: &str) -> ToolError {
    ToolError::bad_input(format!("operations[{i}]: {what}"))
}

fn atom(v: &Value) -> Option<Atom> {
    match v {
        Value::Bool(b) => Some(Atom::Int(*b as i64)),
        Value::Number(n) => n
            .as_i64()
            .map(Atom::Int)
            .or_else(|| n.as_f64().map(Atom::Float)),
        Value::String(s) => Some(Atom::Symbol(s.clone())),
        _ => None,
    }
}

fn atoms_json(atoms: &[Atom]) -> Value {
    Value::Array(
        atoms
            .iter()
            .map(|a| match a {
                Atom::Int(n) => json!(n),
                Atom::Float(f) => json!(f),
                Atom::Symbol(s) => json!(s),
            })
            .collect(),
    )
}

/// The type an operation runs as: `set_property` runs as set, `call_method` as the
/// helper type its `method` names (else call); every other type as itself.
fn effective_kind(i: usize, op: &Operation) -> Result<OperationTypes, ToolError> {
    let given = op.kind.get();
    Ok(match given {
        OperationTypes::LegacySetProperty => OperationTypes::Set,
        OperationTypes::LegacyCallMethod => {
            let m = op.method.as_deref().ok_or_else(|| {
                bad(
                    i,
                    "call_method needs method (a helper type such as \"getProperty\")",
                )
            })?;
            OperationTypes::VALUES
                .iter()
                .copied()
                .find(|k| k.name() == m && !k.is_legacy())
                .unwrap_or(OperationTypes::Call)
        }
        OperationTypes::Get
        | OperationTypes::Set
        | OperationTypes::Call
        | OperationTypes::Goto
        | OperationTypes::Info
        | OperationTypes::GetProperty
        | OperationTypes::GetChildIds
        | OperationTypes::Exists
        | OperationTypes::GetColor
        | OperationTypes::SetColor
        | OperationTypes::LegacyGetProperty => given,
    })
}

fn check(i: usize, op: &Operation) -> Result<Step, ToolError> {
    let kind = effective_kind(i, op)?;
    let needs = |what: &str, have: bool| {
        if have {
            Ok(())
        } else {
            Err(bad(i, &format!("type \"{}\" needs {what}", kind.name())))
        }
    };
    let mut name = op.property.clone().unwrap_or_default();
    match kind {
        OperationTypes::Get | OperationTypes::GetProperty | OperationTypes::GetChildIds => {
            needs("property", op.property.is_some())?
        }
        OperationTypes::Set => {
            needs("property", op.property.is_some())?;
            needs("value", op.value.is_some())?;
        }
        OperationTypes::LegacyGetProperty => {
            needs("property", op.property.is_some())?;
            if !matches!(name.as_str(), "id" | "path" | "type" | "info") {
                return Err(bad(i, "get_property reads id, path, type or info"));
            }
        }
        OperationTypes::Call => {
            needs(
                "method",
                op.method.is_some() || op.kind.get() == OperationTypes::LegacyCallMethod,
            )?;
            name = op.method.clone().unwrap_or_default();
        }
        OperationTypes::Goto | OperationTypes::SetColor => needs("value", op.value.is_some())?,
        OperationTypes::Info
        | OperationTypes::Exists
        | OperationTypes::GetColor
        | OperationTypes::LegacySetProperty
        | OperationTypes::LegacyCallMethod => {}
    }
    if kind == OperationTypes::SetColor {
        let text = op.value.as_ref().and_then(Value::as_str).unwrap_or("");
        names::parse_colors(text).map_err(|e| bad(i, &e.message))?;
    }
    if kind == OperationTypes::Goto && !op.value.as_ref().is_some_and(Value::is_string) {
        return Err(bad(
            i,
            "goto needs value: a Live API path such as \"live_set tracks 0\"",
        ));
    }
    let mut args = Vec::new();
    for a in op.args.iter().flatten() {
        args.push(atom(a).ok_or_else(|| bad(i, "args are strings, numbers or booleans"))?);
    }
    Ok(Step {
        kind,
        name,
        value: op.value.clone(),
        args,
        echo: op.clone(),
    })
}

fn run(call: &mut Call<'_>, p: RawParams) -> Result<RawResult, ToolError> {
    let n = p.operations.len();
    if n == 0 || n > MAX_OPERATIONS {
        return Err(ToolError::bad_input(format!(
            "operations has {n} items; give 1 to {MAX_OPERATIONS}"
        )));
    }
    let steps = p
        .operations
        .iter()
        .enumerate()
        .map(|(i, op)| check(i, op))
        .collect::<Result<Vec<_>, _>>()?;
    let start = p.path.as_ref().map(|t| t.as_str().to_string());
    let mut path = start.clone().unwrap_or_else(|| "live_set".to_string());
    let mut id = lom::resolve(call.live, &path)
        .ok_or_else(|| ToolError::not_found(format!("no Live object at {}", quoted(&path))))?;
    let mut moved = start.is_some();
    let mut results = Vec::new();
    for (i, s) in steps.iter().enumerate() {
        call.console(format!(
            "raw live api: {} operation {} {} {} on {path}",
            if i == 0 { "start" } else { "next" },
            i + 1,
            s.kind.name(),
            s.name
        ));
        let r = run_step(call, s, &mut id, &mut path).map_err(|e| {
            let applied = match i {
                0 => "no operation was applied".to_string(),
                1 => "operation 1 was applied".to_string(),
                _ => format!("operations 1-{i} were applied"),
            };
            ToolError::new(
                ErrorCode::LiveRejected,
                format!(
                    "operation {} ({} {}) failed: {}; {applied}",
                    i + 1,
                    s.kind.name(),
                    s.name,
                    e.message
                ),
            )
        })?;
        if s.kind == OperationTypes::Goto {
            moved = true;
        }
        results.push(OpResult {
            operation: s.echo.clone(),
            result: r,
        });
    }
    Ok(RawResult {
        path: moved.then_some(path),
        id: id.to_string(),
        results,
    })
}

fn run_step(
    call: &mut Call<'_>,
    s: &Step,
    id: &mut LiveId,
    path: &mut String,
) -> Result<Value, ToolError> {
    let live = &mut *call.live;
    Ok(match s.kind {
        OperationTypes::Get => atoms_json(&live.get(*id, &s.name)?),
        OperationTypes::GetProperty => {
            let atoms = live.get(*id, &s.name)?;
            match routing::dict_value(&s.name, &atoms) {
                Some(dict) => dict,
                None => atoms
                    .first()
                    .map(|a| atoms_json(std::slice::from_ref(a))[0].clone())
                    .unwrap_or(Value::Null),
            }
        }
        OperationTypes::GetChildIds => json!(lom::child_ids(live, *id, &s.name)?
            .iter()
            .map(|c| format!("id {c}"))
            .collect::<Vec<_>>()),
        OperationTypes::Set => {
            let atoms = match s.value.as_ref() {
                Some(Value::Array(items)) => items.iter().filter_map(atom).collect(),
                Some(v) => atom(v).into_iter().collect(),
                None => Vec::new(),
            };
            live.set(*id, &s.name, &atoms)?;
            Value::Null
        }
        OperationTypes::Call => atoms_json(&live.call(*id, &s.name, &s.args)?),
        OperationTypes::Goto => {
            let to = s.value.as_ref().and_then(Value::as_str).unwrap_or("");
            *id = lom::resolve(live, to)
                .ok_or_else(|| ToolError::not_found(format!("no Live object at {}", quoted(to))))?;
            *path = to.to_string();
            json!(id.to_string())
        }
        OperationTypes::Info => {
            let t = live.type_of(*id)?;
            let p = live.path_of(*id)?;
            json!(format!("id {id}\ntype {t}\npath {p}"))
        }
        OperationTypes::Exists => json!(lom::resolve(live, &format!("id {id}")).is_some()),
        OperationTypes::GetColor => {
            let c = live.get(*id, "color")?;
            json!(lom::color_hex(
                c.first().and_then(Atom::as_i64).unwrap_or(0)
            ))
        }
        OperationTypes::SetColor => {
            let text = s.value.as_ref().and_then(Value::as_str).unwrap_or("");
            let c = names::parse_colors(text)?.first().copied().unwrap_or(0);
            live.set(*id, "color", &[Atom::Int(c)])?;
            Value::Null
        }
        OperationTypes::LegacyGetProperty => match s.name.as_str() {
            "id" => json!(id.to_string()),
            "path" => json!(live.path_of(*id)?),
            "type" => json!(live.type_of(*id)?),
            _ => json!(format!(
                "id {id}\ntype {}\npath {}",
                live.type_of(*id)?,
                live.path_of(*id)?
            )),
        },
        // `check` has rewritten these to set and to the helper they name.
        OperationTypes::LegacySetProperty | OperationTypes::LegacyCallMethod => Value::Null,
    })
}
