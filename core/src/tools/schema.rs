//! Declarative tool definitions: parameters, annotations and output schemas, and their
//! rendering as MCP `Tool` objects. Validation (args.rs) and `tools/list` both read
//! these, so the schema a client sees is exactly the one that is enforced.

use super::args::Args;
use super::context::ToolContext;
use super::error::ToolError;
use crate::live::LivePort;
use serde_json::{json, Map, Value};

/// A tool's body: validated arguments in, result data (or a failure) out; warnings are
/// pushed in emission order.
pub type RunFn =
    fn(&mut dyn LivePort, &Args, &ToolContext, &mut Vec<String>) -> Result<Value, ToolError>;

/// The declared type of one parameter, after coercion (tools.md 1.1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ParamKind {
    /// A Live object id: `"12"`, `12` and `"id 12"` all become `"12"`.
    Id,
    /// An integer with optional inclusive bounds.
    Integer(Option<i64>, Option<i64>),
    /// A number with optional inclusive bounds.
    Number(Option<f64>, Option<f64>),
    /// `true`/`false` (also as strings).
    Boolean,
    /// Any text; numbers become their shortest decimal text.
    Text,
    /// One value of a fixed list.
    Enum(&'static [&'static str]),
    /// An array of values of a fixed list (`include`).
    EnumArray(&'static [&'static str]),
}

/// One parameter of a tool.
#[derive(Clone, Copy, Debug)]
pub struct Param {
    /// Argument name, camelCase as in 1.4.6.
    pub name: &'static str,
    /// Declared type.
    pub kind: ParamKind,
    /// Required by the schema (tool-level "one of" rules are checked by the tool).
    pub required: bool,
    /// Description shown to the model.
    pub description: &'static str,
    /// Removed from the schema in small-model mode (tools.md 1.12).
    pub small_removed: bool,
    /// Enum values removed in small-model mode.
    pub small_removed_values: &'static [&'static str],
}

impl Param {
    /// A parameter that is the same in both catalogue modes.
    pub const fn new(
        name: &'static str,
        kind: ParamKind,
        required: bool,
        description: &'static str,
    ) -> Param {
        Param {
            name,
            kind,
            required,
            description,
            small_removed: false,
            small_removed_values: &[],
        }
    }

    /// Marks the parameter as absent in small-model mode.
    pub const fn small_removed(mut self) -> Param {
        self.small_removed = true;
        self
    }

    /// Lists enum values absent in small-model mode.
    pub const fn small_without(mut self, values: &'static [&'static str]) -> Param {
        self.small_removed_values = values;
        self
    }

    /// Enum values allowed in the given mode.
    pub fn allowed_values(&self, small: bool) -> Vec<&'static str> {
        let all: &[&str] = match self.kind {
            ParamKind::Enum(v) | ParamKind::EnumArray(v) => v,
            _ => &[],
        };
        all.iter()
            .copied()
            .filter(|v| !(small && self.small_removed_values.contains(v)))
            .collect()
    }

    /// JSON Schema of this parameter.
    pub fn schema(&self, small: bool) -> Value {
        let mut s = match self.kind {
            ParamKind::Id => json!({"type": "string"}),
            ParamKind::Integer(min, max) => bounded("integer", min, max),
            ParamKind::Number(min, max) => bounded("number", min, max),
            ParamKind::Boolean => json!({"type": "boolean"}),
            ParamKind::Text => json!({"type": "string"}),
            ParamKind::Enum(_) => json!({"type": "string", "enum": self.allowed_values(small)}),
            ParamKind::EnumArray(_) => json!({
                "type": "array",
                "items": {"type": "string", "enum": self.allowed_values(small)},
                "default": [],
            }),
        };
        s["description"] = json!(self.description);
        s
    }
}

/// A numeric JSON Schema of type `ty` with its optional `minimum` and `maximum`.
fn bounded<T: Into<Value>>(ty: &str, min: Option<T>, max: Option<T>) -> Value {
    let mut s = json!({ "type": ty });
    if let Some(m) = min {
        s["minimum"] = m.into();
    }
    if let Some(m) = max {
        s["maximum"] = m.into();
    }
    s
}

/// The MCP annotations of tools.md section 0 (`openWorldHint` is always false).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hints {
    /// `readOnlyHint`.
    pub read_only: bool,
    /// `destructiveHint`.
    pub destructive: bool,
    /// `idempotentHint`.
    pub idempotent: bool,
}

/// A tool as the catalogue declares it.
#[derive(Clone, Debug)]
pub struct ToolDef {
    /// Registered name (`barline-…`).
    pub name: &'static str,
    /// Human title.
    pub title: &'static str,
    /// Registered description.
    pub description: &'static str,
    /// Description override in small-model mode.
    pub small_description: Option<&'static str>,
    /// Annotations.
    pub hints: Hints,
    /// Parameters in declaration order.
    pub params: &'static [Param],
    /// JSON Schema (type object) of `structuredContent`.
    pub output_schema: fn() -> Value,
    /// Narrowing advice for `TOO_LARGE` (tools.md 2.3).
    pub too_large_hint: &'static str,
    /// The tool body (runs on the v8 side).
    pub run: RunFn,
}

impl ToolDef {
    /// Parameters present in the given mode.
    pub fn params_for(&self, small: bool) -> impl Iterator<Item = &Param> {
        self.params
            .iter()
            .filter(move |p| !(small && p.small_removed))
    }

    /// The MCP `Tool` object for `tools/list`. `with_output` is false for protocol
    /// versions that predate output schemas and titles (2025-03-26).
    pub fn to_mcp(&self, small: bool, modern: bool) -> Value {
        let mut props = Map::new();
        let mut required = Vec::new();
        for p in self.params_for(small) {
            props.insert(p.name.to_string(), p.schema(small));
            if p.required {
                required.push(json!(p.name));
            }
        }
        let mut input = json!({"type": "object", "properties": props});
        if !required.is_empty() {
            input["required"] = Value::Array(required);
        }
        let description = match (small, self.small_description) {
            (true, Some(d)) => d,
            _ => self.description,
        };
        let mut tool = json!({
            "name": self.name,
            "description": description,
            "inputSchema": input,
            "annotations": {
                "title": self.title,
                "readOnlyHint": self.hints.read_only,
                "destructiveHint": self.hints.destructive,
                "idempotentHint": self.hints.idempotent,
                "openWorldHint": false,
            },
        });
        if modern {
            tool["title"] = json!(self.title);
            tool["outputSchema"] = (self.output_schema)();
        }
        tool
    }
}
