//! The typed tool contract: a tool is a type implementing [`Tool`] (parameters in,
//! result out, metadata beside them), and [`Entry`] is its type-erased catalogue row.
//! Adding a tool means writing its module and adding `entry::<NewTool>()` to
//! `catalogue::TOOLS`; schemas, validation and formatting come from here.

use crate::tools::framework::args;
use crate::tools::framework::call::Call;
use crate::tools::framework::error::{ErrorCode, ToolError};
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{Map, Value};

/// A function rendering one JSON Schema.
pub type SchemaFn = fn() -> Value;

/// Arguments as a JSON object (before or after coercion).
pub type Args = Map<String, Value>;

/// The MCP annotations of docs/design/tool-rules.md §0 (`openWorldHint` is always false).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hints {
    /// `readOnlyHint`: only reads may answer `TOO_LARGE` (writes are summarised).
    pub read_only: bool,
    /// `destructiveHint`.
    pub destructive: bool,
    /// `idempotentHint`.
    pub idempotent: bool,
}

impl Hints {
    /// A read: read-only, not destructive, idempotent.
    pub const READ: Hints = Hints {
        read_only: true,
        destructive: false,
        idempotent: true,
    };
    /// A write that adds things: not read-only, not destructive, not idempotent.
    pub const CREATE: Hints = Hints {
        read_only: false,
        destructive: false,
        idempotent: false,
    };
    /// A write that sets things to given values: destructive, and idempotent (the same
    /// call again changes nothing more).
    pub const OVERWRITE: Hints = Hints {
        read_only: false,
        destructive: true,
        idempotent: true,
    };
    /// A write that changes or adds relative to what is there: destructive, not
    /// idempotent (the same call again changes the Set again).
    pub const EDIT: Hints = Hints {
        read_only: false,
        destructive: true,
        idempotent: false,
    };
}

/// Everything about a tool that is not its types: names, texts, annotations and the
/// small-model variants of docs/design/tool-contract.md §1.12.
#[derive(Clone, Copy, Debug)]
pub struct ToolMeta {
    /// Registered name (`barline-…`).
    pub name: &'static str,
    /// Human title.
    pub title: &'static str,
    /// Registered description.
    pub description: &'static str,
    /// Description in small-model mode (`None`: the same).
    pub small_description: Option<&'static str>,
    /// Annotations.
    pub hints: Hints,
    /// Parameters absent in small-model mode (sent anyway: unknown-argument warning).
    pub small_removed: &'static [&'static str],
    /// Enum values absent in small-model mode, per parameter (sent anyway: `BAD_INPUT`).
    pub small_removed_values: &'static [(&'static str, &'static [&'static str])],
    /// Narrowing advice of a read's `TOO_LARGE` (docs/design/tool-contract.md §2.3).
    pub too_large_hint: &'static str,
}

impl ToolMeta {
    /// Defaults for a write that adds things ([`Hints::CREATE`]); see [`ToolMeta::read`].
    pub const fn create(
        name: &'static str,
        title: &'static str,
        description: &'static str,
    ) -> Self {
        ToolMeta {
            hints: Hints::CREATE,
            ..ToolMeta::read(name, title, description)
        }
    }

    /// Defaults for a read tool; override fields with struct update syntax
    /// (`ToolMeta { small_removed: &["x"], ..ToolMeta::read(…) }`).
    pub const fn read(name: &'static str, title: &'static str, description: &'static str) -> Self {
        ToolMeta {
            name,
            title,
            description,
            small_description: None,
            hints: Hints::READ,
            small_removed: &[],
            small_removed_values: &[],
            too_large_hint: "Act on fewer items per call.",
        }
    }
}

/// A tool. `Params` is a struct of the argument types in `coerce` (fields in camelCase
/// through `#[serde(rename_all = "camelCase")]`, doc comments become descriptions);
/// `Output` is what `structuredContent` holds (use `OneOrMany` for
/// docs/design/tool-contract.md §1.8 results).
pub trait Tool: 'static {
    /// The arguments after coercion.
    type Params: DeserializeOwned + Serialize + JsonSchema;
    /// The result data.
    type Output: Serialize + JsonSchema;
    /// Names, texts and annotations.
    const META: ToolMeta;
    /// The tool body; runs on the v8 side with validated arguments.
    fn run(call: &mut Call<'_>, params: Self::Params) -> Result<Self::Output, ToolError>;
}

/// A tool as the catalogue stores it: its metadata and generic functions instantiated
/// for its types.
#[derive(Clone, Copy)]
pub struct Entry {
    /// The tool's metadata.
    pub meta: ToolMeta,
    /// Parameter names the tool knows (all modes), for unknown-argument warnings.
    pub fields: fn() -> &'static [&'static str],
    /// Validates arguments into `Params` (BAD_INPUT naming the argument) and returns
    /// them coerced, as the node side forwards them.
    pub check: CheckFn,
    /// Runs the tool on coerced arguments; the result data as JSON.
    pub run: fn(&mut Call<'_>, Map<String, Value>) -> Result<Value, ToolError>,
    /// JSON Schema of the parameters in full mode (small-model filtering is applied by
    /// the catalogue from `meta`).
    pub input_schema: SchemaFn,
    /// JSON Schema of `structuredContent`.
    pub output_schema: SchemaFn,
}

/// The catalogue row of `T`.
pub const fn entry<T: Tool>() -> Entry {
    Entry {
        meta: T::META,
        fields: args::field_names::<T::Params>,
        check: checker::<T>(),
        run: run::<T>,
        input_schema: schemas::<T>().0,
        output_schema: schemas::<T>().1,
    }
}

/// Schema functions of `T`. Only `tools/list` (the node side) renders schemas, so the
/// v8-only build links stubs instead and leaves the schema generator out of the device's
/// v8 binary (it measured +158 KB, +31 %, when linked).
#[cfg(any(feature = "host-node", not(target_arch = "wasm32")))]
const fn schemas<T: Tool>() -> (SchemaFn, SchemaFn) {
    (
        crate::tools::framework::schema::input::<T::Params>,
        crate::tools::framework::schema::output::<T::Output>,
    )
}

/// See the other definition: the v8-only build has no schemas.
#[cfg(not(any(feature = "host-node", not(target_arch = "wasm32"))))]
#[allow(clippy::extra_unused_type_parameters)] // same signature as the schema build
const fn schemas<T: Tool>() -> (SchemaFn, SchemaFn) {
    fn none() -> Value {
        Value::Null
    }
    (none, none)
}

/// The coercion of `T`'s arguments. The v8-only build receives arguments node.script
/// already coerced (`tools::prepare`; coercion is idempotent), so it links a
/// pass-through: `run` still deserializes them into `T::Params`, and the parameters'
/// `Serialize` code stays out of the device's v8 binary.
#[cfg(any(feature = "host-node", not(target_arch = "wasm32")))]
const fn checker<T: Tool>() -> CheckFn {
    check::<T>
}

/// See the other definition: the v8-only build takes coerced arguments as given.
#[cfg(not(any(feature = "host-node", not(target_arch = "wasm32"))))]
#[allow(clippy::extra_unused_type_parameters)] // same signature as the full build
const fn checker<T: Tool>() -> CheckFn {
    fn as_given(args: &Args) -> Result<Args, ToolError> {
        Ok(args.clone())
    }
    as_given
}

/// Signature of [`Entry::check`].
type CheckFn = fn(&Args) -> Result<Args, ToolError>;

#[cfg(any(feature = "host-node", not(target_arch = "wasm32")))]
fn check<T: Tool>(args: &Args) -> Result<Args, ToolError> {
    let params = args::parse::<T::Params>(args)?;
    match serde_json::to_value(params) {
        Ok(Value::Object(mut m)) => {
            m.retain(|_, v| !v.is_null());
            Ok(m)
        }
        _ => Err(ToolError::new(
            ErrorCode::Internal,
            format!("arguments of {} did not serialise", T::META.name),
        )),
    }
}

fn run<T: Tool>(call: &mut Call<'_>, args: Map<String, Value>) -> Result<Value, ToolError> {
    let params = args::parse::<T::Params>(&args)?;
    let out = T::run(call, params)?;
    serde_json::to_value(out).map_err(|e| {
        ToolError::new(
            ErrorCode::Internal,
            format!("result of {} did not serialise: {e}", T::META.name),
        )
    })
}
