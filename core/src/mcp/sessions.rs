//! The session table: which `Mcp-Session-Id`s are alive, and which one gives way when
//! the table is full.
//!
//! Rules (issue 15 item 6): a session with a tool call in flight is never evicted; a
//! session idle for [`SESSION_TTL_MS`] expires; when the table is full, a new session
//! replaces the least recently used idle session, preferring sessions that never sent
//! anything after `initialize` (what a flood of bare `initialize` calls creates), so a
//! local process cannot push out a client that is working.

use std::collections::HashMap;

/// Sessions kept at once.
pub const MAX_SESSIONS: usize = 256;

/// An idle session expires after 8 hours: a working day of pauses. Clients start a new
/// session when they get 404 for an old one (MCP Streamable HTTP), and a long TTL costs
/// only a few hundred bytes per session, since the table is bounded anyway.
pub const SESSION_TTL_MS: u64 = 8 * 60 * 60 * 1000;

/// One client session.
pub(super) struct Session {
    pub(super) version: &'static str,
    pub(super) log_level: String,
    /// Host clock (ms) of the last request in this session.
    last_used: u64,
    /// Requests after `initialize`; 0 marks a session nobody used.
    requests: u64,
    /// Tool calls of this session out at Live.
    in_flight: usize,
    /// What the client asked for in `initialize` (small-model mode, tools it skips).
    pub(super) profile: super::profile::Profile,
}

impl Session {
    fn idle(&self) -> bool {
        self.in_flight == 0
    }

    fn expired(&self, now: u64) -> bool {
        self.idle() && now.saturating_sub(self.last_used) > SESSION_TTL_MS
    }
}

/// Why a new session could not be admitted.
pub(super) struct TableFull;

/// All sessions of one server.
#[derive(Default)]
pub(super) struct Sessions {
    map: HashMap<String, Session>,
}

impl Sessions {
    /// Adds a session at host time `now`, making room as the module comment says;
    /// `TableFull` when every session has a call in flight.
    pub(super) fn open(
        &mut self,
        sid: String,
        version: &'static str,
        now: u64,
    ) -> Result<(), TableFull> {
        if self.map.len() >= MAX_SESSIONS {
            self.map.retain(|_, s| !s.expired(now));
        }
        if self.map.len() >= MAX_SESSIONS {
            let victim = self
                .map
                .iter()
                .filter(|(_, s)| s.idle())
                .min_by_key(|(_, s)| (s.requests > 0, s.last_used))
                .map(|(id, _)| id.clone())
                .ok_or(TableFull)?;
            self.map.remove(&victim);
        }
        self.map.insert(
            sid,
            Session {
                version,
                log_level: "info".into(),
                last_used: now,
                requests: 0,
                in_flight: 0,
                profile: super::profile::Profile::default(),
            },
        );
        Ok(())
    }

    /// The live session `sid`, marked as used at `now`; an expired one is removed.
    pub(super) fn touch(&mut self, sid: &str, now: u64) -> Option<&mut Session> {
        if self.map.get(sid).is_some_and(|s| s.expired(now)) {
            self.map.remove(sid);
        }
        let s = self.map.get_mut(sid)?;
        s.last_used = s.last_used.max(now);
        s.requests += 1;
        Some(s)
    }

    /// The session `sid`, read only.
    pub(super) fn get(&self, sid: &str) -> Option<&Session> {
        self.map.get(sid)
    }

    /// The session `sid` without marking it used.
    pub(super) fn get_mut(&mut self, sid: &str) -> Option<&mut Session> {
        self.map.get_mut(sid)
    }

    /// Ends session `sid`; false when there was none.
    pub(super) fn close(&mut self, sid: &str) -> bool {
        self.map.remove(sid).is_some()
    }

    /// A tool call of `sid` went out to Live.
    pub(super) fn call_started(&mut self, sid: &str) {
        if let Some(s) = self.map.get_mut(sid) {
            s.in_flight += 1;
        }
    }

    /// A tool call of `sid` was answered or failed.
    pub(super) fn call_ended(&mut self, sid: &str) {
        if let Some(s) = self.map.get_mut(sid) {
            s.in_flight = s.in_flight.saturating_sub(1);
        }
    }

    /// Sessions alive.
    pub(super) fn len(&self) -> usize {
        self.map.len()
    }
}
