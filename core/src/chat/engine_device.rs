//! A tool call whose request never reached the device (the device is gone; see "The
//! loop" in docs/design/chat.md): the turn pauses in `DeviceUnreachable` with the
//! call back in the round's queue, and the call runs when the device answers again.
//! No result is recorded for such a call, so the model never reads one the device did
//! not give.

use super::conversation::CallStatus;
use super::engine::{Effect, Engine, State};

impl Engine {
    /// The device could not be reached for the running call `call_id` (connection
    /// refused or reset): the turn pauses until `device_back`, or ends on Stop.
    pub fn device_unreachable(&mut self, call_id: &str) -> Vec<Effect> {
        let Some(turn) = self.turn.as_mut() else {
            return Vec::new();
        };
        if turn.running.as_deref() != Some(call_id) {
            return Vec::new(); // late or unknown: the turn moved on
        }
        turn.running = None;
        // The call is counted again when it runs.
        turn.total_calls = turn.total_calls.saturating_sub(1);
        let stopping = turn.stopping;
        if let Some(call) = self
            .conv
            .last_round()
            .and_then(|r| r.calls.iter_mut().find(|c| c.id == call_id))
        {
            call.status = CallStatus::Queued;
        }
        if stopping {
            // Stop was pressed while the call was out: it never ran, so it is not run.
            self.cancel_queued();
            return self.end_stopped();
        }
        self.state = State::DeviceUnreachable;
        vec![
            Effect::Announce {
                text: "Barline isn't answering; the turn goes on when it is back.".into(),
            },
            Effect::Save,
        ]
    }

    /// The device answers again: the paused turn goes on with the call that never
    /// reached it.
    pub fn device_back(&mut self) -> Vec<Effect> {
        if self.state != State::DeviceUnreachable {
            return Vec::new();
        }
        self.run_next_call()
    }
}
