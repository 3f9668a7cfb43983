//! The call context every tool receives: the Live port, the request context, this
//! request's warnings, the time budget of docs/design/tool-contract.md §1.15, the
//! issued-id registry (docs/design/tool-contract.md §2.4), comma-list de-duplication
//! (docs/design/tool-contract.md §1.5) and the bulk outcome of §1.9.

use crate::live::{Atom, LivePort};
use crate::tools::framework::context::ToolContext;
use crate::tools::framework::error::{quoted, ErrorCode, ToolError};
use crate::tools::framework::ids::IssuedIds;
use crate::tools::framework::lom;
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Serialize, Serializer};
use std::borrow::Cow;

/// A source of the current time in milliseconds; injected so tests can use a virtual
/// clock and the v8 side can read the host's clock without core touching JS.
pub trait Clock {
    /// Milliseconds since any fixed origin.
    fn now_ms(&self) -> f64;
}

/// A clock that never advances: the deadline is never near (hosts without a clock).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoClock;

impl Clock for NoClock {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// A clock tests move by hand.
#[derive(Debug, Default)]
pub struct VirtualClock(std::cell::Cell<f64>);

impl VirtualClock {
    /// Moves the clock forward.
    pub fn advance(&self, ms: f64) {
        self.0.set(self.0.get() + ms);
    }
}

impl Clock for VirtualClock {
    fn now_ms(&self) -> f64 {
        self.0.get()
    }
}

/// Key in a result's `_meta` carrying messages the v8 host sends out of its status outlet
/// before the response (docs/design/tool-contract.md §1.16, docs/design/live-model.md §3:
/// `update_memory <text>`); the v8 session removes it. Value: an array of atom arrays.
pub const OUTLET_META: &str = "barline/outlet";

/// Selector of an outlet message the v8 host writes to the Max console
/// (docs/design/tool-rules.md §21).
pub const CONSOLE: &str = "console";

/// Longest margin a loop keeps before the deadline (docs/design/tool-contract.md §1.15:
/// min(2 s, timeout/4)).
pub const DEADLINE_MARGIN_MS: f64 = 2_000.0;

/// Longest a loop over many items runs in one call, in ms, whatever the timeout: bulk
/// calls (a thousand scenes on a large Set) answer within 10 s and ask to be repeated
/// for the rest (docs/design/tool-contract.md §1.15).
pub const BULK_BUDGET_MS: f64 = 10_000.0;

/// One tool call in progress.
pub struct Call<'a> {
    /// The Live Set.
    pub live: &'a mut dyn LivePort,
    /// Settings and request facts.
    pub ctx: &'a ToolContext,
    /// Warnings of this request, in emission order (docs/design/tool-contract.md §1.10).
    pub warnings: Vec<String>,
    ids: &'a mut IssuedIds,
    ids_checked: bool,
    clock: &'a dyn Clock,
    started_ms: f64,
    /// The `state` of the wait this call resumes (a wait request and its resume
    /// token, docs/design/wire.md §2), `None` on a first run.
    pub resume: Option<serde_json::Value>,
    wait: Option<(u64, serde_json::Value)>,
    alone: bool,
    outlet: Vec<Vec<Atom>>,
}

impl<'a> Call<'a> {
    /// A call starting now on `clock`.
    pub fn new(
        live: &'a mut dyn LivePort,
        ctx: &'a ToolContext,
        ids: &'a mut IssuedIds,
        clock: &'a dyn Clock,
    ) -> Self {
        let started_ms = clock.now_ms();
        Call {
            live,
            ctx,
            warnings: Vec::new(),
            ids,
            ids_checked: false,
            clock,
            started_ms,
            resume: None,
            wait: None,
            alone: false,
            outlet: Vec::new(),
        }
    }

    /// Asks the host to wait `ms` milliseconds (deferred: Live applies pending writes
    /// meanwhile) and run the tool again with [`Call::resume`] = `state`. The tool's
    /// returned data is ignored; warnings raised so far are kept for the response.
    pub fn wait(&mut self, ms: u64, state: serde_json::Value) {
        self.wait = Some((ms, state));
    }

    /// [`Call::wait`] for work that leaves the Set in a state no other call may see or
    /// disturb (temporary clips, the one playhead): the device holds every other call
    /// until this one finishes.
    pub fn wait_alone(&mut self, ms: u64, state: serde_json::Value) {
        self.wait(ms, state);
        self.alone = true;
    }

    /// The wait requested by [`Call::wait`], if any.
    pub fn take_wait(&mut self) -> Option<(u64, serde_json::Value)> {
        self.wait.take()
    }

    /// Whether the requested wait holds every other call ([`Call::wait_alone`]).
    pub fn waits_alone(&self) -> bool {
        self.alone
    }

    /// Queues a message for the v8 host's status outlet, sent before the response.
    pub fn send_outlet(&mut self, atoms: Vec<Atom>) {
        self.outlet.push(atoms);
    }

    /// Writes a line to the Max console: an outlet message with the [`CONSOLE`]
    /// selector, which the v8 host posts instead of sending on.
    pub fn console(&mut self, line: impl Into<String>) {
        self.outlet
            .push(vec![Atom::from(CONSOLE), Atom::Symbol(line.into())]);
    }

    /// The queued outlet messages.
    pub fn take_outlet(&mut self) -> Vec<Vec<Atom>> {
        std::mem::take(&mut self.outlet)
    }

    /// Adds a warning (a plain sentence, no tool prefix).
    pub fn warn(&mut self, message: impl Into<String>) {
        self.warnings.push(message.into());
    }

    /// Milliseconds left before the request's time limit.
    pub fn remaining_ms(&self) -> f64 {
        self.ctx.timeout_ms as f64 - (self.clock.now_ms() - self.started_ms)
    }

    /// True when a loop must stop before its next item: less than
    /// min(2 s, limit/4) remains of the smaller of the timeout and [`BULK_BUDGET_MS`]
    /// (docs/design/tool-contract.md §1.15).
    pub fn deadline_near(&self) -> bool {
        let limit = (self.ctx.timeout_ms as f64).min(BULK_BUDGET_MS);
        let margin = DEADLINE_MARGIN_MS.min(limit / 4.0);
        limit - (self.clock.now_ms() - self.started_ms) < margin
    }

    /// [`Call::deadline_near`] as a free-standing check, for loops that hold
    /// `call.live` mutably (timeline placement) and so cannot ask the call itself.
    pub fn deadline_check(&self) -> impl Fn() -> bool + 'a {
        let (clock, started) = (self.clock, self.started_ms);
        let timeout = (self.ctx.timeout_ms as f64).min(BULK_BUDGET_MS);
        move || {
            let margin = DEADLINE_MARGIN_MS.min(timeout / 4.0);
            timeout - (clock.now_ms() - started) < margin
        }
    }

    /// The warning of a loop stopped by the deadline:
    /// `stopped after 3 of 10 clips to stay within the time limit; repeat the call for the rest`.
    pub fn warn_stopped(&mut self, done: usize, total: usize, what: &str) {
        self.warn(format!(
            "stopped after {done} of {total} {what} to stay within the time limit; repeat the call for the rest"
        ));
    }

    /// Drops repeated entries of a comma list, keeping the first, with one warning per
    /// repeat (`duplicate id "12" ignored`); `what` names the kind of entry.
    pub fn unique(&mut self, items: Vec<String>, what: &str) -> Vec<String> {
        let mut out: Vec<String> = Vec::with_capacity(items.len());
        for item in items {
            if out.contains(&item) {
                self.warn(format!("duplicate {what} {} ignored", quoted(&item)));
            } else {
                out.push(item);
            }
        }
        out
    }

    /// The issued-id registry, cleared first if the Live Set changed since it was last
    /// used (checked once per call).
    pub fn ids(&mut self) -> &mut IssuedIds {
        if !self.ids_checked {
            self.ids_checked = true;
            if let Some(set) = lom::resolve(self.live, "live_set") {
                self.ids.observe_set(&set.to_string());
            }
        }
        self.ids
    }
}

/// Items of a bulk call (docs/design/tool-contract.md §1.9): successes in order, failures
/// skipped with a warning each; nothing done is an error.
#[derive(Debug)]
pub struct Bulk<T> {
    done: Vec<T>,
    failed: Vec<ToolError>,
}

impl<T> Default for Bulk<T> {
    fn default() -> Self {
        Bulk {
            done: Vec::new(),
            failed: Vec::new(),
        }
    }
}

/// Most failures an all-failed bulk error lists.
pub const MAX_LISTED_FAILURES: usize = 10;

impl<T> Bulk<T> {
    /// An empty outcome.
    pub fn new() -> Self {
        Self::default()
    }

    /// Records a success.
    pub fn ok(&mut self, item: T) {
        self.done.push(item);
    }

    /// Records a skipped item.
    pub fn skip(&mut self, error: ToolError) {
        self.failed.push(error);
    }

    /// Records the outcome of one item.
    pub fn record(&mut self, outcome: Result<T, ToolError>) {
        match outcome {
            Ok(item) => self.ok(item),
            Err(e) => self.skip(e),
        }
    }

    /// The outcome: the successes (one warning per skipped item), or, when nothing
    /// succeeded, an error with the first failure's code listing up to 10 failures.
    pub fn finish(self, call: &mut Call<'_>) -> Result<OneOrMany<T>, ToolError> {
        if self.done.is_empty() {
            return Err(all_failed(&self.failed));
        }
        for e in &self.failed {
            call.warn(format!("{}; skipped", e.message));
        }
        Ok(OneOrMany::from(self.done))
    }
}

/// The error of a bulk call where nothing succeeded: the first failure's code, up to
/// [`MAX_LISTED_FAILURES`] messages. Not generic, so one copy serves every tool.
fn all_failed(failed: &[ToolError]) -> ToolError {
    let code = failed
        .first()
        .map(|e| e.code)
        .unwrap_or(ErrorCode::Internal);
    let mut listed: Vec<String> = failed
        .iter()
        .take(MAX_LISTED_FAILURES)
        .map(|e| e.message.clone())
        .collect();
    if failed.is_empty() {
        listed.push("nothing to do".into());
    } else if failed.len() > MAX_LISTED_FAILURES {
        listed.push(format!("and {} more", failed.len() - MAX_LISTED_FAILURES));
    }
    ToolError::new(code, listed.join("; "))
}

impl<T> Bulk<T> {
    /// [`finish`](Self::finish), except that each skipped item warns with its own
    /// message as it stands (the device tools word every skip themselves:
    /// `failed to create "Reverb" at "t9": no track at t9`).
    pub fn finish_with_item_warnings(self, call: &mut Call<'_>) -> Result<OneOrMany<T>, ToolError> {
        if self.done.is_empty() {
            return Err(all_failed(&self.failed));
        }
        for e in self.failed {
            call.warn(e.message);
        }
        Ok(OneOrMany::from(self.done))
    }
}

/// A result that is one object when one item was produced and an array otherwise
/// (docs/design/tool-contract.md §1.8). Its schema is the §1.13 `anyOf` of the item and
/// `{items: [item]}`.
#[derive(Clone, Debug, PartialEq)]
pub enum OneOrMany<T> {
    /// Exactly one item.
    One(T),
    /// Zero or several items.
    Many(Vec<T>),
}

impl<T> From<Vec<T>> for OneOrMany<T> {
    fn from(mut items: Vec<T>) -> Self {
        if items.len() == 1 {
            match items.pop() {
                Some(one) => OneOrMany::One(one),
                None => OneOrMany::Many(items),
            }
        } else {
            OneOrMany::Many(items)
        }
    }
}

impl<T> OneOrMany<T> {
    /// The same result with each item converted by `f`.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> OneOrMany<U> {
        match self {
            OneOrMany::One(one) => OneOrMany::One(f(one)),
            OneOrMany::Many(items) => OneOrMany::Many(items.into_iter().map(f).collect()),
        }
    }
}

impl<T: Serialize> Serialize for OneOrMany<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            OneOrMany::One(one) => one.serialize(s),
            OneOrMany::Many(items) => items.serialize(s),
        }
    }
}

impl<T: JsonSchema> JsonSchema for OneOrMany<T> {
    fn inline_schema() -> bool {
        true
    }
    fn schema_name() -> Cow<'static, str> {
        format!("OneOrMany_{}", T::schema_name()).into()
    }
    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let item = generator.subschema_for::<T>();
        json_schema!({
            "type": "object",
            "anyOf": [item, {"type": "object", "properties": {"items": {"type": "array", "items": item}}, "required": ["items"]}]
        })
    }
}
