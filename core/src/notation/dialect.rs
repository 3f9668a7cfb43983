//! Which bar|beat the engine reads and writes (docs/notation.md, "bar|beat 2").
//!
//! `1.4.6` is the core notation and the library default, so a caller that says
//! nothing gets exactly the core behaviour. `2` is a strict superset: every text the
//! core accepts means the same, and the forms models naturally write (note values,
//! bar counts, offsets, pickups, pattern brackets, lower-case pitches) are added.

use super::error::{ErrorKind, NotationError};

/// The notation dialect of `interpret`, `format` and `parse`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// The core notation, exactly (the default).
    #[default]
    V146,
    /// bar|beat 2, the superset.
    V2,
}

impl Dialect {
    /// The dialect named `name` (`"1.4.6"` or `"2"`); any other name is an options
    /// error whose message lists the two names.
    pub fn from_name(name: &str) -> Result<Self, NotationError> {
        match name {
            "1.4.6" => Ok(Dialect::V146),
            "2" => Ok(Dialect::V2),
            other => Err(NotationError::new(
                ErrorKind::Options,
                format!("Unknown notation dialect \"{other}\" (expected \"1.4.6\" or \"2\")"),
            )),
        }
    }

    /// The name hosts use for this dialect.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::V146 => "1.4.6",
            Dialect::V2 => "2",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Dialect;

    #[test]
    fn names_round_trip_and_unknown_names_are_refused() {
        for d in [Dialect::V146, Dialect::V2] {
            assert_eq!(Dialect::from_name(d.name()), Ok(d));
        }
        let e = Dialect::from_name("3").unwrap_err();
        assert_eq!(
            e.message,
            "Unknown notation dialect \"3\" (expected \"1.4.6\" or \"2\")"
        );
        assert_eq!(Dialect::default(), Dialect::V146);
    }
}
