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

/// A request that never reached Live: the host could not address the object, or it
/// answered something that is not atoms. Refusals by Live are not errors (see
/// [`LivePort`]).
#[derive(Clone, Debug, PartialEq)]
pub struct LiveError {
    /// What went wrong, prefixed with the request (`get name: no object with id 12`).
    pub message: String,
}

impl LiveError {
    /// Builds an error from any text.
    pub fn new(message: impl Into<String>) -> Self {
        LiveError {
            message: message.into(),
        }
    }

    /// The host found no object with this id (deleted, never existed, or 0). `what`
    /// names the request (`get name`, `call fire`, `type`). Every port uses this text,
    /// so a stale id reads the same natively and on the device.
    pub fn no_object(what: &str, id: LiveId) -> Self {
        LiveError::new(format!("{what}: no object with id {id}"))
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
///
/// # Refusals are answers, not errors
///
/// When Live refuses a request (unknown property or function, read-only property, value
/// out of range, `create_clip` on a filled slot, a change made inside a notification …)
/// `LiveAPI` posts the reason to the Max console and answers as if nothing were there:
///
/// | request | answer after a refusal |
/// |---|---|
/// | `get` | `Ok([])` |
/// | `set` | `Ok(())`, nothing changed |
/// | `call` | `Ok([])`; Live itself may also answer `["id", 0]` or a bare number (`insert_chain` → `1`) |
/// | `get_count` | `Ok(0)` |
///
/// Tools therefore never learn of a refusal from the port: they check the answer's shape
/// (a creator answers `["id", n]` with `n > 0`) and read back what they wrote (`has_clip`
/// flipped, the value stored), exactly as they must in Live. The fake Live Set keeps
/// every posted refusal in its error log so tests can assert "no Live API errors".
///
/// `Err` is reserved for requests that never reached Live: an id that names no object
/// ([`LiveError::no_object`]: deleted, never existed, or 0) and host faults (an answer
/// that is not atoms).
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
    /// Whether a file exists at an absolute path (docs/design/live-model.md §3: Max's
    /// `File` on the device, the fixture's `files` in the fake). Not a Live request.
    fn file_exists(&mut self, path: &str) -> Result<bool, LiveError>;
    /// The entries of one folder in listing order (docs/design/live-model.md §3: Max's
    /// `Folder` on the device, the fixture's `files` in the fake); `None` when no folder
    /// is there. Not a Live request; recursion and its bounds belong to the caller. The
    /// default answers that this host has no folder listing.
    fn list_folder(&mut self, path: &str) -> Result<Option<Vec<FolderEntry>>, LiveError> {
        Err(LiveError::new(format!(
            "folder {path}: this host cannot list folders"
        )))
    }
    /// What happens in Live while a deferred wait passes (a `Task` delay on the device,
    /// where nothing needs doing). The fake applies its pending playhead write, so an
    /// in-process caller that runs waits at once still sees Live's deferred behaviour.
    fn after_wait(&mut self) {}
    /// A number in [0, 1) from the host's random source (`Math.random()` on the device, a
    /// fixture-seeded sequence in the fake). Core has no entropy of its own; tools draw
    /// the transforms' seed from this when the caller gives none
    /// (docs/design/transforms.md §9). Not a Live request.
    fn random_unit(&mut self) -> f64;
}

/// One entry of a folder listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FolderEntry {
    /// File or folder name, without any path.
    pub name: String,
    /// True for a subfolder.
    pub is_folder: bool,
}
