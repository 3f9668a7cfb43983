//! A Live port that refuses chosen requests the way Live does on the device: the
//! refusal is posted and the answer is empty (`call` → `[]`, `set` → nothing), the
//! object unchanged. Wraps the fake Live Set so a test can plant a refusal of one
//! function or property and check that the tool reports it.

use super::hooked::{Hooked, Hooks};
use barline_core::live::{Atom, LiveError, LiveId};
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
    pub fn new(
        live: &'a mut FakeLive,
        calls: &[&'static str],
        sets: &[&'static str],
    ) -> Hooked<Self> {
        Hooked(Refusing {
            live,
            calls: calls.to_vec(),
            sets: sets.to_vec(),
            refused: 0,
        })
    }
}

impl Hooks for Refusing<'_> {
    fn live(&mut self) -> &mut FakeLive {
        self.live
    }
    fn set(&mut self, _: LiveId, property: &str, _: &[Atom]) -> Option<Result<(), LiveError>> {
        self.sets.contains(&property).then(|| {
            self.refused += 1;
            Ok(())
        })
    }
    fn call(
        &mut self,
        _: LiveId,
        function: &str,
        _: &[Atom],
    ) -> Option<Result<Vec<Atom>, LiveError>> {
        self.calls.contains(&function).then(|| {
            self.refused += 1;
            Ok(Vec::new())
        })
    }
}
