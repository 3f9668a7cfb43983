//! The `LivePort` implementation with the device's semantics (the contract is in
//! `barline_core::live::LivePort`): what `JsLive` answers over `v8-host/src/live-host.mjs`
//! and Max's `LiveAPI`, so a native test sees exactly what a tool on the device sees.
//!
//! - An id that names no object: the host cannot address it and the port returns
//!   `Err(LiveError::no_object(..))`, with the text the v8 host produces. Nothing is
//!   posted (the host never reaches `LiveAPI`).
//! - A request Live refuses: the refusal is posted (kept in [`FakeLive::errors`]) and the
//!   answer is what `LiveAPI` gives after a posted error: `get` → `[]`, `call` → `[]`
//!   (`undefined` in JS), `set` → nothing, `getcount` → 0. Tools see no error; they must
//!   read back, as on the device.
//!
//! The strict forms (`FakeLive::try_get` and friends) keep the refusal as `Err` for tests
//! of the fake itself and for the JS handle, whose `LiveAPI` wrapper posts it.

use super::set::FakeLive;
use barline_core::live::{Atom, FolderEntry, LiveError, LiveId, LivePort};

impl FakeLive {
    /// `Err` when the host could not address `id` (see the module doc).
    fn addressable(&mut self, id: LiveId, what: &str) -> Result<(), LiveError> {
        if self.exists(id) {
            return Ok(());
        }
        // The host builds a LiveAPI for the id to find out (one resolve).
        self.counters.resolve += 1;
        Err(LiveError::no_object(what, id))
    }
}

impl LivePort for FakeLive {
    fn resolve(&mut self, path: &str) -> LiveId {
        self.counters.resolve += 1;
        self.resolve_path(path)
    }

    fn get(&mut self, id: LiveId, property: &str) -> Result<Vec<Atom>, LiveError> {
        self.addressable(id, &format!("get {property}"))?;
        Ok(self.try_get(id, property).unwrap_or_default())
    }

    fn set(&mut self, id: LiveId, property: &str, value: &[Atom]) -> Result<(), LiveError> {
        self.addressable(id, &format!("set {property}"))?;
        // A refusal was posted; the device's port reports nothing.
        let _ = self.try_set(id, property, value);
        Ok(())
    }

    fn call(&mut self, id: LiveId, function: &str, args: &[Atom]) -> Result<Vec<Atom>, LiveError> {
        self.addressable(id, &format!("call {function}"))?;
        Ok(self.try_call(id, function, args).unwrap_or_default())
    }

    fn get_count(&mut self, id: LiveId, child: &str) -> Result<usize, LiveError> {
        self.addressable(id, &format!("getcount {child}"))?;
        Ok(self.try_get_count(id, child).unwrap_or(0))
    }

    fn type_of(&mut self, id: LiveId) -> Result<String, LiveError> {
        self.addressable(id, "type")?;
        Ok(self.type_name(id).unwrap_or_default().to_string())
    }

    fn path_of(&mut self, id: LiveId) -> Result<String, LiveError> {
        self.addressable(id, "path")?;
        Ok(self.canonical_path(id).unwrap_or_default())
    }

    fn file_exists(&mut self, path: &str) -> Result<bool, LiveError> {
        Ok(self.has_file(path))
    }

    fn list_folder(&mut self, path: &str) -> Result<Option<Vec<FolderEntry>>, LiveError> {
        Ok(self.folder_entries(path))
    }

    fn after_wait(&mut self) {
        self.settle();
    }

    fn random_unit(&mut self) -> f64 {
        self.next_random_unit()
    }
}
