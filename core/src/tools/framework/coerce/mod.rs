//! Argument types with the coercions of docs/design/tool-contract.md §1.1, as reusable
//! serde types: a tool declares a field as `Id`, `Int<0, 99>`, `Flag`, `Text`, `List`,
//! `Choice<S>` or `Include<S>` and gets the coercion, the range check and its JSON Schema
//! from the type.
//!
//! Every type deserializes through a `serde_json::Value` so its error can quote what the
//! caller sent; [`crate::tools::framework::args`] prefixes the parameter name. Messages start with
//! "must be …" and end with ", got <value>" (at most ~100 characters of it).
//!
//! The types are grouped by what they carry: [`numbers`] (integers and numbers with
//! their ranges), [`text`] (ids, flags, text and comma lists) and [`choice`] (option
//! sets); every name is re-exported here, so tools import them from `coerce`.

mod choice;
mod numbers;
mod text;

pub(crate) use choice::option_set;
pub use choice::{Choice, Choices, Include, OptionEnum};
pub use numbers::{Index, Int, Num, INDEX_MAX, MAX_SAFE_INTEGER};
pub use text::{text_of, Flag, Id, List, Text};

use serde::{Deserialize, Deserializer};
use serde_json::Value;

fn de_value<'de, D: Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
    Value::deserialize(d)
}

/// Shortest decimal text of a JSON number (`3.0` → `"3"`).
fn number_text(n: &serde_json::Number) -> String {
    match n.as_f64() {
        Some(x) if n.is_f64() => plain(x),
        _ => n.to_string(),
    }
}

/// A float without a trailing `.0` when it is integral.
pub fn plain(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}
