//! The playhead job of a locator create or delete (docs/design/tool-rules.md §4 step 4):
//! Live toggles a cue only where the playhead is and moves the playhead only after a
//! deferral, so the job moves it, asks the host to wait ([`Call::wait`]) and polls again
//! on resume from the state it saved (the result so far and the job), one locator at a
//! time.

use crate::live::{Atom, LiveId};
use crate::tools::common::locators::{self, POLL_MS, POLL_TRIES};
use crate::tools::common::{overview, time};
use crate::tools::framework::call::{Call, DEADLINE_MARGIN_MS};
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::lom;
use crate::tools::live_set::update_live_set::args::{LiveSetUpdated, LocatorDone, LocatorOutcome};
use crate::tools::live_set::update_live_set::locator_extension;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A locator edit in progress; saved in the wait state between playhead polls.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) enum Job {
    /// Create at `t`; `temp` are temporary arrangement clips as (track, clip) ids.
    Create {
        t: f64,
        name: Option<String>,
        temp: Vec<(u64, u64)>,
        tries: u64,
    },
    /// Delete the locators at `times` (latest first; the first is in progress).
    Delete {
        times: Vec<f64>,
        done: usize,
        shown: LocatorOutcome,
        tries: u64,
    },
}

/// The wait state: result so far, the Song's signature, the job, and the time the
/// request spent before this run (each resumed run starts its own clock; the request's
/// time limit covers them all).
#[derive(Debug, Serialize, Deserialize)]
struct Pending {
    out: LiveSetUpdated,
    sig: (i64, i64),
    job: Job,
    #[serde(default)]
    spent_ms: f64,
}

/// [`Call::deadline_near`] for the whole request: this run plus the runs before it.
fn deadline_near(call: &Call<'_>, spent_ms: f64) -> bool {
    let margin = DEADLINE_MARGIN_MS.min(call.ctx.timeout_ms as f64 / 4.0);
    call.remaining_ms() - spent_ms < margin
}

/// Moves the playhead to the job's first time and runs the job, after the Set-wide
/// settings already written into `out`.
pub(super) fn run(
    call: &mut Call<'_>,
    song: LiveId,
    job: Job,
    out: LiveSetUpdated,
    sig: (i64, i64),
) -> Result<LiveSetUpdated, ToolError> {
    let first = match &job {
        Job::Create { t, .. } => *t,
        Job::Delete { times, .. } => times.first().copied().unwrap_or(0.0),
    };
    call.live
        .set(song, "current_song_time", &[Atom::Float(first)])?;
    step(
        call,
        song,
        Pending {
            out,
            sig,
            job,
            spent_ms: 0.0,
        },
    )
}

/// Continues a locator job after a wait.
pub fn resume(call: &mut Call<'_>, state: Value) -> Result<LiveSetUpdated, ToolError> {
    let pending: Pending = serde_json::from_value(state).map_err(|e| {
        ToolError::new(
            ErrorCode::Internal,
            format!("wait state is unreadable: {e}"),
        )
    })?;
    let song = overview::song(call.live)?;
    step(call, song, pending)
}

/// Polls the playhead and advances the job; asks for a wait while the playhead has not
/// arrived (at most [`POLL_TRIES`] polls per move).
fn step(call: &mut Call<'_>, song: LiveId, mut p: Pending) -> Result<LiveSetUpdated, ToolError> {
    let sig = p.sig;
    loop {
        let (target, tries) = match &mut p.job {
            Job::Create { t, tries, .. } => (*t, tries),
            Job::Delete { times, tries, .. } => match times.first() {
                Some(t) => (*t, tries),
                None => break,
            },
        };
        let arrived = locators::playhead_at(call.live, song, target)?;
        if !arrived && *tries < POLL_TRIES {
            *tries += 1;
            // There is one playhead for every session: another one's locator edit may
            // have moved it since, so it is moved back before each wait.
            call.live
                .set(song, "current_song_time", &[Atom::Float(target)])?;
            p.spent_ms += call.ctx.timeout_ms as f64 - call.remaining_ms() + POLL_MS as f64;
            let state = serde_json::to_value(&p)
                .map_err(|e| ToolError::new(ErrorCode::Internal, format!("wait state: {e}")))?;
            // Alone: the playhead and any temporary clip are this call's until it ends.
            call.wait_alone(POLL_MS, state);
            return Ok(p.out);
        }
        if !arrived {
            call.warn(format!(
                "playhead did not reach {}; nothing was toggled there",
                time::position(target, sig.0, sig.1)
            ));
        }
        match &mut p.job {
            Job::Create { t, name, temp, .. } => {
                let (t, name, temp) = (*t, name.clone(), temp.clone());
                p.out.locator = Some(finish_create(call, song, (t, arrived), name, &temp, sig)?);
                return Ok(p.out);
            }
            Job::Delete {
                times, done, tries, ..
            } => {
                // A cue is toggled only where the playhead is; elsewhere the call would
                // create a stray locator, so a missed move skips this one.
                if arrived {
                    call.live.call(song, "set_or_delete_cue", &[])?;
                    *done += 1;
                }
                times.remove(0);
                *tries = 0;
                if let Some(next) = times.first().copied() {
                    if deadline_near(call, p.spent_ms) {
                        let total = *done + times.len();
                        let done = *done;
                        call.warn_stopped(done, total, "locators");
                        break;
                    }
                    call.live
                        .set(song, "current_song_time", &[Atom::Float(next)])?;
                }
            }
        }
    }
    if let Job::Delete { done, shown, .. } = &p.job {
        if *done == 0 && shown.name.is_none() {
            p.out.locator = Some(LocatorOutcome {
                operation: LocatorDone::Skipped,
                reason: Some("locator_not_found".into()),
                ..shown.clone()
            });
            return Ok(p.out);
        }
        let count = shown.name.is_some().then_some(*done);
        p.out.locator = Some(LocatorOutcome {
            count,
            ..shown.clone()
        });
    }
    Ok(p.out)
}

/// Places the cue at the playhead, removes the temporary clips, names the new cue. A
/// cue is toggled only with the playhead at `t` (elsewhere it would create a locator
/// other than the one reported, or delete an existing one), and only the cue at `t` is
/// reported as created.
fn finish_create(
    call: &mut Call<'_>,
    song: LiveId,
    (t, arrived): (f64, bool),
    name: Option<String>,
    temp: &[(u64, u64)],
    sig: (i64, i64),
) -> Result<LocatorOutcome, ToolError> {
    // Live lists cues in creation order and snaps a new one to its grid
    // (core/fake-live/README.md rows 49 and 50): the new cue is the id that was not
    // there before, wherever it landed.
    let before: Vec<LiveId> = locators::list(call.live, song)?
        .iter()
        .map(|c| c.live_id)
        .collect();
    if arrived {
        call.live.call(song, "set_or_delete_cue", &[])?;
    }
    locator_extension::remove(call, temp)?;
    let at = time::position(t, sig.0, sig.1);
    if !arrived {
        return Ok(LocatorOutcome {
            time: Some(at),
            ..LocatorOutcome::skipped("playhead_busy")
        });
    }
    let cues = locators::list(call.live, song)?;
    let fresh = cues.iter().position(|c| !before.contains(&c.live_id));
    let Some(i) = fresh.or_else(|| locators::at_time(&cues, t)) else {
        call.warn(format!("Live placed no locator at {at}"));
        return Ok(LocatorOutcome {
            time: Some(at),
            ..LocatorOutcome::skipped("locator_not_found")
        });
    };
    let kept = match name {
        Some(name) => {
            call.live
                .set(cues[i].live_id, "name", &[Atom::Symbol(name)])?;
            Some(lom::text(call.live, cues[i].live_id, "name")?)
        }
        None => None,
    };
    Ok(LocatorOutcome {
        time: Some(time::position(cues[i].time, sig.0, sig.1)),
        id: Some(locators::id_text(i)),
        name: kept,
        ..LocatorOutcome::new(LocatorDone::Created)
    })
}
