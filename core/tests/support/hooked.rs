//! The fake Live Set with a test's own answers to chosen requests: a test implements
//! [`Hooks`] (which requests to answer itself, what to count) and wraps it in
//! [`Hooked`], which passes every other request to the fake unchanged. One pass-through
//! for every test port, so each port states only what it changes.

use barline_core::live::{Atom, FolderEntry, LiveError, LiveId, LivePort};
use barline_fake_live::FakeLive;
use std::ops::{Deref, DerefMut};

/// What a test port changes about the fake Live Set.
pub trait Hooks {
    /// The Set the other requests go to.
    fn live(&mut self) -> &mut FakeLive;
    /// `Some(answer)` answers a `set` instead of the Set.
    fn set(
        &mut self,
        _id: LiveId,
        _property: &str,
        _value: &[Atom],
    ) -> Option<Result<(), LiveError>> {
        None
    }
    /// `Some(answer)` answers a `call` instead of the Set.
    fn call(
        &mut self,
        _id: LiveId,
        _function: &str,
        _args: &[Atom],
    ) -> Option<Result<Vec<Atom>, LiveError>> {
        None
    }
    /// Told of every Live API request (resolve, get, set, call, getcount, type, path).
    fn request(&mut self) {}
}

/// A [`Hooks`] as a Live port; its fields stay reachable through `Deref`.
pub struct Hooked<H>(pub H);

impl<H> Deref for Hooked<H> {
    type Target = H;
    fn deref(&self) -> &H {
        &self.0
    }
}

impl<H> DerefMut for Hooked<H> {
    fn deref_mut(&mut self) -> &mut H {
        &mut self.0
    }
}

impl<H: Hooks> LivePort for Hooked<H> {
    fn resolve(&mut self, path: &str) -> LiveId {
        self.0.request();
        self.0.live().resolve(path)
    }
    fn get(&mut self, id: LiveId, property: &str) -> Result<Vec<Atom>, LiveError> {
        self.0.request();
        LivePort::get(self.0.live(), id, property)
    }
    fn set(&mut self, id: LiveId, property: &str, value: &[Atom]) -> Result<(), LiveError> {
        self.0.request();
        match self.0.set(id, property, value) {
            Some(answer) => answer,
            None => LivePort::set(self.0.live(), id, property, value),
        }
    }
    fn call(&mut self, id: LiveId, function: &str, args: &[Atom]) -> Result<Vec<Atom>, LiveError> {
        self.0.request();
        match self.0.call(id, function, args) {
            Some(answer) => answer,
            None => LivePort::call(self.0.live(), id, function, args),
        }
    }
    fn get_count(&mut self, id: LiveId, child: &str) -> Result<usize, LiveError> {
        self.0.request();
        LivePort::get_count(self.0.live(), id, child)
    }
    fn type_of(&mut self, id: LiveId) -> Result<String, LiveError> {
        self.0.request();
        self.0.live().type_of(id)
    }
    fn path_of(&mut self, id: LiveId) -> Result<String, LiveError> {
        self.0.request();
        self.0.live().path_of(id)
    }
    fn file_exists(&mut self, path: &str) -> Result<bool, LiveError> {
        self.0.live().file_exists(path)
    }
    fn list_folder(&mut self, path: &str) -> Result<Option<Vec<FolderEntry>>, LiveError> {
        self.0.live().list_folder(path)
    }
    fn after_wait(&mut self) {
        self.0.live().after_wait();
    }
    fn random_unit(&mut self) -> f64 {
        self.0.live().random_unit()
    }
}
