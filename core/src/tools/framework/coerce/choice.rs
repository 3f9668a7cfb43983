//! Option sets: one value of a fixed set ([`Choice`]) or an `include` array of them
//! ([`Include`]), both with the set as the schema's `enum`. Tool parameters declare
//! their sets with [`option_set!`], so the tool matches the chosen variant
//! ([`Choice::get`]) exhaustively; a set given only as names ([`Choices`]) still
//! coerces the same way, and `include` sets stay names because `"*"` is no option.

use crate::tools::framework::coerce::de_value;
use crate::tools::framework::error::shown;
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use std::borrow::Cow;
use std::marker::PhantomData;

/// A fixed set of kebab-case option names, for [`Choice`] and [`Include`]. Small-model
/// removals are declared in the tool's `ToolMeta::small_removed_values`.
pub trait Choices: 'static {
    /// Every option, in schema order (`"*"` last for `include` sets).
    const ALL: &'static [&'static str];
}

/// An option set that is also a Rust enum, so tools `match` on it exhaustively instead
/// of on its text. Declared with [`option_set!`], which keeps the names and the variants
/// in one list.
pub trait OptionEnum: Choices + Copy {
    /// Every variant, in the order of [`Choices::ALL`].
    const VALUES: &'static [Self];

    /// The option's name as callers spell it.
    fn name(self) -> &'static str;
}

/// Declares an option set as an enum with its names (`Variant = "name"`), implementing
/// [`Choices`] and [`OptionEnum`] so it can be a [`Choice`].
macro_rules! option_set {
    (
        $(#[$meta:meta])*
        $vis:vis enum $set:ident { $($variant:ident = $name:literal),+ $(,)? }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        $vis enum $set {
            $(#[doc = concat!("`", $name, "`.")] $variant),+
        }

        impl $crate::tools::framework::coerce::Choices for $set {
            const ALL: &'static [&'static str] = &[$($name),+];
        }

        impl $crate::tools::framework::coerce::OptionEnum for $set {
            const VALUES: &'static [Self] = &[$(Self::$variant),+];

            fn name(self) -> &'static str {
                match self {
                    $(Self::$variant => $name),+
                }
            }
        }

        const _: () = assert!(
            <$set as $crate::tools::framework::coerce::OptionEnum>::VALUES.len()
                == <$set as $crate::tools::framework::coerce::Choices>::ALL.len()
        );
    };
}
pub(crate) use option_set;

// The coercions below take the set as a slice, not as a type parameter, so the compiler
// makes one copy of each rather than one per option set (wasm-opt merged most of those
// copies anyway: about 1 KB of the v8 build).

/// The position of `v` in `all`, or why it is not there.
fn position_in(all: &'static [&'static str], v: &Value) -> Result<usize, String> {
    let name = v.as_str();
    all.iter()
        .position(|c| Some(*c) == name)
        .ok_or_else(|| format!("is {}; allowed: {}", shown(v), all.join(", ")))
}

fn de_position<'de, D: Deserializer<'de>>(
    d: D,
    all: &'static [&'static str],
) -> Result<usize, D::Error> {
    position_in(all, &de_value(d)?).map_err(D::Error::custom)
}

fn de_include<'de, D: Deserializer<'de>>(
    d: D,
    all: &'static [&'static str],
) -> Result<Vec<&'static str>, D::Error> {
    expand_include(all, &de_value(d)?).map_err(D::Error::custom)
}

/// The options an `include` array names, `"*"` expanded, each once, in the order given.
fn expand_include(all: &'static [&'static str], v: &Value) -> Result<Vec<&'static str>, String> {
    let items = v
        .as_array()
        .ok_or_else(|| format!("must be an array of strings, got {}", shown(v)))?;
    let mut out: Vec<&'static str> = Vec::new();
    for item in items {
        let c = item
            .as_str()
            .and_then(|s| all.iter().copied().find(|c| *c == s))
            .ok_or_else(|| {
                format!(
                    "value {} is not allowed; allowed: {}",
                    shown(item),
                    all.join(", ")
                )
            })?;
        let add: Vec<&'static str> = if c == "*" {
            all.iter().copied().filter(|o| *o != "*").collect()
        } else {
            vec![c]
        };
        for a in add {
            if !out.contains(&a) {
                out.push(a);
            }
        }
    }
    Ok(out)
}

/// One value of the option set `S`, kept as its position in `S::ALL` so that sets
/// declared with [`option_set!`] also give their enum variant ([`Choice::get`]).
pub struct Choice<S: Choices>(usize, PhantomData<S>);

impl<S: Choices> Choice<S> {
    /// Coerces one JSON value.
    pub fn from_value(v: &Value) -> Result<Self, String> {
        position_in(S::ALL, v).map(|at| Choice(at, PhantomData))
    }

    /// The chosen option.
    pub fn as_str(&self) -> &'static str {
        S::ALL[self.0]
    }
}

impl<S: OptionEnum> Choice<S> {
    /// The chosen option as its enum variant, for an exhaustive `match`.
    pub fn get(&self) -> S {
        // In range: the position came from `S::ALL`, and `option_set!` builds `VALUES`
        // from the same list, asserting at compile time that the lengths agree.
        S::VALUES[self.0]
    }
}

impl<S: Choices> Clone for Choice<S> {
    fn clone(&self) -> Self {
        Choice(self.0, PhantomData)
    }
}

impl<S: Choices> std::fmt::Debug for Choice<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl<S: Choices> Serialize for Choice<S> {
    fn serialize<Z: Serializer>(&self, s: Z) -> Result<Z::Ok, Z::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de, S: Choices> Deserialize<'de> for Choice<S> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        de_position(d, S::ALL).map(|at| Choice(at, PhantomData))
    }
}

impl<S: Choices> JsonSchema for Choice<S> {
    fn inline_schema() -> bool {
        true
    }
    fn schema_name() -> Cow<'static, str> {
        format!("Choice_{}", S::ALL.join("_")).into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({"type": "string", "enum": S::ALL})
    }
}

/// An `include` array (docs/design/tool-contract.md §1.7): values of `S`, `"*"` expanded
/// to every option of `S` except `"*"` itself. Absent means `[]`.
pub struct Include<S: Choices>(Vec<&'static str>, PhantomData<S>);

impl<S: Choices> Include<S> {
    /// Coerces one JSON value.
    pub fn from_value(v: &Value) -> Result<Self, String> {
        expand_include(S::ALL, v).map(|out| Include(out, PhantomData))
    }

    /// True when `option` was asked for (directly or through `"*"`).
    pub fn has(&self, option: &str) -> bool {
        self.0.contains(&option)
    }

    /// The expanded options, in the order given.
    pub fn options(&self) -> &[&'static str] {
        &self.0
    }

    /// A list with exactly these options (for nested reads and resources).
    pub fn of(options: &[&'static str]) -> Self {
        Include(options.to_vec(), PhantomData)
    }
}

impl<S: Choices> Default for Include<S> {
    fn default() -> Self {
        Include(Vec::new(), PhantomData)
    }
}

impl<S: Choices> Clone for Include<S> {
    fn clone(&self) -> Self {
        Include(self.0.clone(), PhantomData)
    }
}

impl<S: Choices> std::fmt::Debug for Include<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl<S: Choices> Serialize for Include<S> {
    fn serialize<Z: Serializer>(&self, s: Z) -> Result<Z::Ok, Z::Error> {
        self.0.serialize(s)
    }
}

impl<'de, S: Choices> Deserialize<'de> for Include<S> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        de_include(d, S::ALL).map(|out| Include(out, PhantomData))
    }
}

impl<S: Choices> JsonSchema for Include<S> {
    fn inline_schema() -> bool {
        true
    }
    fn schema_name() -> Cow<'static, str> {
        format!("Include_{}", S::ALL.join("_")).into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({"type": "array", "items": {"type": "string", "enum": S::ALL}, "default": []})
    }
}
