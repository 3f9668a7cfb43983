//! Integers and numbers with inclusive ranges: the range is checked on the exact value
//! and written into the schema as `minimum`/`maximum`.

use crate::tools::framework::coerce::de_value;
use crate::tools::framework::error::shown;
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{json, Value};
use std::borrow::Cow;

/// Largest integer a JSON number carries exactly (2^53 − 1); beyond it an `f64` is not
/// an integer any more, so such input is refused rather than rounded.
pub const MAX_SAFE_INTEGER: i64 = 9_007_199_254_740_991;
/// No bound: `Int<{NO_MIN}, …>` and `Num<…, {NO_MAX}>` leave that side open in the schema.
pub const NO_MIN: i64 = i64::MIN;
/// See [`NO_MIN`].
pub const NO_MAX: i64 = i64::MAX;
/// Upper bound of track, scene and other 0-based index parameters; far above what a
/// Live Set holds and far below 2^32, so an index never wraps on wasm32.
pub const INDEX_MAX: i64 = 9_999;

/// A number given as JSON number or as a string that is fully a finite number.
fn number_of(v: &Value) -> Option<f64> {
    match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => {
            let t = s.trim();
            if t.is_empty() || t.contains(|c: char| c.is_ascii_alphabetic()) {
                return None;
            }
            crate::decimal::parse(t).filter(|x| x.is_finite())
        }
        _ => None,
    }
}

fn range_text(min: i64, max: i64) -> String {
    match (min == NO_MIN, max == NO_MAX) {
        (false, false) => format!(" from {min} to {max}"),
        (false, true) => format!(" of at least {min}"),
        (true, false) => format!(" of at most {max}"),
        (true, true) => String::new(),
    }
}

// The coercions take their bounds as arguments, not as const parameters, so the
// compiler makes one copy of each rather than one per range (wasm-opt merged most of
// those copies anyway).

/// An integer in `min..=max`, or what was wrong.
fn int_in(min: i64, max: i64, v: &Value) -> Result<i64, String> {
    let exact = match v {
        Value::Number(n) => n.as_i64().or_else(|| {
            n.as_f64()
                .filter(|x| x.fract() == 0.0 && x.abs() <= MAX_SAFE_INTEGER as f64)
                .map(|x| x as i64)
        }),
        other => number_of(other)
            .filter(|x| x.fract() == 0.0 && x.abs() <= MAX_SAFE_INTEGER as f64)
            .map(|x| x as i64),
    };
    match exact {
        Some(i) if (min..=max).contains(&i) => Ok(i),
        _ => Err(format!(
            "must be an integer{}, got {}",
            range_text(min, max),
            shown(v)
        )),
    }
}

/// A finite number in `min..=max` (open where the bound is [`NO_MIN`]/[`NO_MAX`]).
fn num_in(min: i64, max: i64, v: &Value) -> Result<f64, String> {
    match number_of(v) {
        Some(x) if (min == NO_MIN || x >= min as f64) && (max == NO_MAX || x <= max as f64) => {
            Ok(x)
        }
        _ => Err(format!(
            "must be a number{}, got {}",
            range_text(min, max),
            shown(v)
        )),
    }
}

fn de_int<'de, D: Deserializer<'de>>(d: D, min: i64, max: i64) -> Result<i64, D::Error> {
    int_in(min, max, &de_value(d)?).map_err(D::Error::custom)
}

fn de_num<'de, D: Deserializer<'de>>(d: D, min: i64, max: i64) -> Result<f64, D::Error> {
    num_in(min, max, &de_value(d)?).map_err(D::Error::custom)
}

fn bounded_schema(ty: &str, min: i64, max: i64) -> Schema {
    let mut s = json!({ "type": ty });
    if min != NO_MIN {
        s["minimum"] = json!(min);
    }
    if max != NO_MAX {
        s["maximum"] = json!(max);
    }
    Schema::try_from(s).unwrap_or_default()
}

/// An integer within `MIN..=MAX` (inclusive; [`NO_MIN`]/[`NO_MAX`] leave a side open).
/// Numeric strings are accepted; fractions are refused. The range is checked on the
/// exact value before any conversion, so `4294967302` is refused, never wrapped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Int<const MIN: i64, const MAX: i64>(i64);

impl<const MIN: i64, const MAX: i64> Int<MIN, MAX> {
    /// Coerces and range-checks one JSON value.
    pub fn from_value(v: &Value) -> Result<Self, String> {
        int_in(MIN, MAX, v).map(Int)
    }

    /// The value.
    pub fn get(self) -> i64 {
        self.0
    }

    /// The value as an index; exact because `MIN..=MAX` was checked (negative or
    /// oversized bounds saturate rather than wrap).
    pub fn index(self) -> usize {
        usize::try_from(self.0.max(0)).unwrap_or(usize::MAX)
    }
}

impl<'de, const MIN: i64, const MAX: i64> Deserialize<'de> for Int<MIN, MAX> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        de_int(d, MIN, MAX).map(Int)
    }
}

impl<const MIN: i64, const MAX: i64> JsonSchema for Int<MIN, MAX> {
    fn inline_schema() -> bool {
        true
    }
    fn schema_name() -> Cow<'static, str> {
        format!("Int_{MIN}_{MAX}").into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        bounded_schema("integer", MIN, MAX)
    }
}

/// A track, scene or other 0-based index (`0..=INDEX_MAX`).
pub type Index = Int<0, INDEX_MAX>;

/// A finite number within `MIN..=MAX` (integer bounds; [`NO_MIN`]/[`NO_MAX`] open).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(transparent)]
pub struct Num<const MIN: i64, const MAX: i64>(f64);

impl<const MIN: i64, const MAX: i64> Num<MIN, MAX> {
    /// Coerces and range-checks one JSON value.
    pub fn from_value(v: &Value) -> Result<Self, String> {
        num_in(MIN, MAX, v).map(Num)
    }

    /// The value.
    pub fn get(self) -> f64 {
        self.0
    }
}

impl<'de, const MIN: i64, const MAX: i64> Deserialize<'de> for Num<MIN, MAX> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        de_num(d, MIN, MAX).map(Num)
    }
}

impl<const MIN: i64, const MAX: i64> JsonSchema for Num<MIN, MAX> {
    fn inline_schema() -> bool {
        true
    }
    fn schema_name() -> Cow<'static, str> {
        format!("Num_{MIN}_{MAX}").into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        bounded_schema("number", MIN, MAX)
    }
}
