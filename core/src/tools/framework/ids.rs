//! The issued-id registry of docs/design/tool-contract.md §2.4: ids this device reported recently, and the
//! new id of objects an operation replaced, so a vanished id can be told apart
//! (`STALE_REFERENCE`) from one that never existed (`NOT_FOUND`). It lives in the v8
//! session across calls and is lent to each [`crate::tools::framework::call::Call`].

use std::collections::{HashMap, HashSet, VecDeque};

/// How many ids (and replacements) are remembered; older ones are forgotten first.
pub const CAPACITY: usize = 20_000;

/// Recently issued ids and old→new replacements, for one Live Set.
#[derive(Clone, Debug, Default)]
pub struct IssuedIds {
    set_id: Option<String>,
    order: VecDeque<String>,
    known: HashSet<String>,
    replaced_order: VecDeque<String>,
    replaced: HashMap<String, String>,
}

impl IssuedIds {
    /// An empty registry.
    pub fn new() -> Self {
        Self::default()
    }

    /// Clears everything when the Live Set (its `live_set` id) changed since last seen:
    /// ids of another Set mean nothing.
    pub fn observe_set(&mut self, set_id: &str) {
        if self.set_id.as_deref() != Some(set_id) {
            *self = IssuedIds {
                set_id: Some(set_id.to_string()),
                ..Default::default()
            };
        }
    }

    /// Records an id reported in a result.
    pub fn issue(&mut self, id: &str) {
        if self.known.insert(id.to_string()) {
            self.order.push_back(id.to_string());
            if self.order.len() > CAPACITY {
                if let Some(old) = self.order.pop_front() {
                    self.known.remove(&old);
                }
            }
        }
    }

    /// True when `id` was issued (and not yet forgotten).
    pub fn was_issued(&self, id: &str) -> bool {
        self.known.contains(id)
    }

    /// Records that `old` was replaced by `new` (moved or split clips); issues `new`.
    pub fn replace(&mut self, old: &str, new: &str) {
        if self
            .replaced
            .insert(old.to_string(), new.to_string())
            .is_none()
        {
            self.replaced_order.push_back(old.to_string());
            if self.replaced_order.len() > CAPACITY {
                if let Some(gone) = self.replaced_order.pop_front() {
                    self.replaced.remove(&gone);
                }
            }
        }
        self.issue(new);
    }

    /// The id that replaced `old`, if known.
    pub fn replacement(&self, old: &str) -> Option<&str> {
        self.replaced.get(old).map(String::as_str)
    }

    /// Number of remembered ids.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// True when nothing is remembered.
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }
}
