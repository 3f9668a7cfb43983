//! The port trait that tool code is written against.

use super::Atom;
use std::fmt;

/// A Live object id as `LiveAPI` reports it. `LiveId(0)` means "no object".
/// Ids are assigned by Live, unrelated to indices, and never reused in a session.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct LiveId(pub u64);

impl LiveId {
    /// The id that refers to nothing.
    pub const NONE: LiveId = LiveId(0);

    /// True when this id refers to nothing.
    pub fn is_none(self) -> bool {
        self.0 == 0
    }
}

impl fmt::Display for LiveId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// What Live (or the fake) posted to the Max console when it refused a request.
#[derive(Clone, Debug, PartialEq)]
pub struct LiveError {
    /// The console text, e.g. `set: property tempo out of range`.
    pub message: String,
}

impl LiveError {
    /// Builds an error from any text.
    pub fn new(message: impl Into<String>) -> Self {
        LiveError {
            message: message.into(),
        }
    }
}

impl fmt::Display for LiveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for LiveError {}

/// The Live Object Model as tool code sees it: a thin, synchronous mirror of `LiveAPI`.
///
/// Every method is one Live API round trip, so implementations can count them. Results
/// keep `LiveAPI`'s shapes: `get` returns the atoms of the property (`["id", 7]` for a
/// child), `call` returns the atoms of the result (empty for void functions).
pub trait LivePort {
    /// Resolves a canonical path (`live_set tracks 0`) or `id N` to an id;
    /// [`LiveId::NONE`] when nothing is there.
    fn resolve(&mut self, path: &str) -> LiveId;
    /// Reads a property or child of an object.
    fn get(&mut self, id: LiveId, property: &str) -> Result<Vec<Atom>, LiveError>;
    /// Writes a property of an object.
    fn set(&mut self, id: LiveId, property: &str, value: &[Atom]) -> Result<(), LiveError>;
    /// Calls a function of an object.
    fn call(&mut self, id: LiveId, function: &str, args: &[Atom]) -> Result<Vec<Atom>, LiveError>;
    /// Number of elements of a list child (`tracks`, `clip_slots`, …).
    fn get_count(&mut self, id: LiveId, child: &str) -> Result<usize, LiveError>;
    /// Class name of an object, dotted for nested classes (`Song.View`).
    fn type_of(&mut self, id: LiveId) -> Result<String, LiveError>;
    /// Canonical, unquoted path of an object.
    fn path_of(&mut self, id: LiveId) -> Result<String, LiveError>;
}
