//! A Live port that refuses chosen requests the way Live does on the device: the
//! refusal is posted and the answer is empty (`call` → `[]`, `set` → nothing), the
//! object unchanged. Wraps the fake Live Set so a test can plant a refusal of one
//! function or property and check that the tool reports it.

use barline_core::live::{Atom, FolderEntry, LiveError, LiveId, LivePort};
use barline_fake_live::FakeLive;

/// The fake Live Set with refused `call` functions and `set` properties.
pub struct Refusing<'a> {
    /// The Set behind the refusals.
    pub live: &'a mut FakeLive,
    /// Functions whose every call is refused.
    pub calls: Vec<&'static str>,
    /// Properties whose every write is refused.
    pub sets: Vec<&'static str>,
    /// How many requests were refused.
    pub refused: usize,
}

impl<'a> Refusing<'a> {
    /// Refuses the named functions and property writes.
    pub fn new(live: &'a mut FakeLive, calls: &[&'static str], sets: &[&'static str]) -> Self {
        Refusing {
            live,
            calls: calls.to_vec(),
            sets: sets.to_vec(),
            refused: 0,
        }
    }
}

impl LivePort for Refusing<'_> {
    fn resolve(&mut self, path: &str) -> LiveId {
        self.live.resolve(path)
    }
    fn get(&mut self, id: LiveId, property: &str) -> Result<Vec<Atom>, LiveError> {
        LivePort::get(self.live, id, property)
    }
    fn set(&mut self, id: LiveId, property: &str, value: &[Atom]) -> Result<(), LiveError> {
        if self.sets.contains(&property) {
            self.refused += 1;
            return Ok(());
        }
        LivePort::set(self.live, id, property, value)
    }
    fn call(&mut self, id: LiveId, function: &str, args: &[Atom]) -> Result<Vec<Atom>, LiveError> {
        if self.calls.contains(&function) {
            self.refused += 1;
            return Ok(Vec::new());
        }
        LivePort::call(self.live, id, function, args)
    }
    fn get_count(&mut self, id: LiveId, child: &str) -> Result<usize, LiveError> {
        LivePort::get_count(self.live, id, child)
    }
    fn type_of(&mut self, id: LiveId) -> Result<String, LiveError> {
        self.live.type_of(id)
    }
    fn path_of(&mut self, id: LiveId) -> Result<String, LiveError> {
        self.live.path_of(id)
    }
    fn file_exists(&mut self, path: &str) -> Result<bool, LiveError> {
        self.live.file_exists(path)
    }
    fn list_folder(&mut self, path: &str) -> Result<Option<Vec<FolderEntry>>, LiveError> {
        self.live.list_folder(path)
    }
    fn after_wait(&mut self) {
        self.live.after_wait();
    }
    fn random_unit(&mut self) -> f64 {
        self.live.random_unit()
    }
}
