//! The locator operation of update-live-set (docs/design/tool-rules.md §4): create,
//! rename or delete locators, checked before any write and decided against the Set's
//! locators; rename writes at once, create and delete go on as a playhead job
//! ([`locator_job`]). A create past the end of the arrangement first lays a temporary
//! clip there ([`locator_extension`]).
//!
//! [`locator_job`]: crate::tools::live_set::update_live_set::locator_job
//! [`locator_extension`]: crate::tools::live_set::update_live_set::locator_extension

use crate::live::{Atom, LiveId};
use crate::tools::common::locators::{self, Cue};
use crate::tools::common::time;
use crate::tools::framework::call::Call;
use crate::tools::framework::coerce::{Choice, Text};
use crate::tools::framework::error::{quoted, ToolError};
use crate::tools::framework::lom;
use crate::tools::live_set::update_live_set::args::{
    LiveSetUpdated, LocatorDone, LocatorOps, LocatorOutcome, UpdateLiveSetParams,
};
use crate::tools::live_set::update_live_set::locator_extension::{self, Holder};
use crate::tools::live_set::update_live_set::locator_job::{self, Job};

/// Which locator operation a call asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Operation {
    Create,
    Rename,
    Delete,
}

/// A locator operation checked before any write (bad input changes nothing,
/// docs/design/tool-contract.md §3.1): its time parsed in the Song's signature and, for a
/// create past the end, the track that will hold the temporary clip.
#[derive(Debug)]
pub struct Edit {
    operation: Operation,
    id: Option<String>,
    time: Option<f64>,
    name: Option<String>,
    holder: Option<Holder>,
}

impl Edit {
    /// The operation `p` asks for in signature `sig`, checked; `None` without
    /// `locatorOperation`.
    pub fn check(
        call: &mut Call<'_>,
        song: LiveId,
        p: &UpdateLiveSetParams,
        sig: (i64, i64),
    ) -> Result<Option<Edit>, ToolError> {
        let operation = match p.locator_operation.as_ref().map(Choice::get) {
            None => return Ok(None),
            Some(LocatorOps::Create) => Operation::Create,
            Some(LocatorOps::Rename) => Operation::Rename,
            Some(LocatorOps::Delete) => Operation::Delete,
        };
        let time = p
            .locator_time
            .as_ref()
            .map(|t| time::parse_position(t.as_str(), sig.0, sig.1).map_err(ToolError::bad_input))
            .transpose()?;
        let holder = match (operation, time) {
            (Operation::Create, Some(t)) => locator_extension::check(call, song, t)?,
            _ => None,
        };
        let text = |t: &Option<Text>| t.as_ref().map(|t| t.as_str().to_string());
        Ok(Some(Edit {
            operation,
            id: text(&p.locator_id),
            time,
            name: text(&p.locator_name),
            holder,
        }))
    }
}

/// What a locator edit comes to before any job runs: a job that moves the playhead, or
/// the outcome it already has.
enum Next {
    Run(Job),
    Done(LocatorOutcome),
}

/// Runs `edit` after the Set-wide settings written into `out`: rename at once, create
/// and delete as a job that may ask the host to wait.
pub fn start(
    call: &mut Call<'_>,
    song: LiveId,
    edit: Edit,
    mut out: LiveSetUpdated,
    sig: (i64, i64),
) -> Result<LiveSetUpdated, ToolError> {
    let next = match edit.operation {
        Operation::Create => create(call, song, edit, sig)?,
        Operation::Rename => Next::Done(rename(call, song, edit, sig)?),
        Operation::Delete => delete(call, song, edit, sig)?,
    };
    match next {
        Next::Run(job) => locator_job::run(call, song, job, out, sig),
        Next::Done(locator) => {
            out.locator = Some(locator);
            Ok(out)
        }
    }
}

/// A create: a name for a locator that already stands at the time, a skip for a
/// nameless one, else the create job (playback stopped, the arrangement extended).
fn create(
    call: &mut Call<'_>,
    song: LiveId,
    edit: Edit,
    sig: (i64, i64),
) -> Result<Next, ToolError> {
    let time_text = |t: f64| time::position(t, sig.0, sig.1);
    let Some(t) = edit.time else {
        call.warn("locatorTime is required to create a locator");
        return Ok(Next::Done(LocatorOutcome::skipped("missing_locatorTime")));
    };
    let cues = locators::list(call.live, song)?;
    if let (Some(i), Some(name)) = (locators::at_time(&cues, t), &edit.name) {
        // Fewer calls (docs/design/tool-rules.md §4): the model asked for a
        // locator with this name here; one already stands there, so it is named.
        call.live
            .set(cues[i].live_id, "name", &[Atom::Symbol(name.clone())])?;
        call.warn(format!(
            "a locator already stood at {} ({}): renamed it instead of creating a second one",
            time_text(t),
            locators::id_text(i)
        ));
        let kept = lom::text(call.live, cues[i].live_id, "name")?;
        return Ok(Next::Done(LocatorOutcome::renamed(i, kept)));
    }
    if let Some(i) = locators::at_time(&cues, t) {
        call.warn(format!(
            "locator already exists at {} ({}); nothing created",
            time_text(t),
            locators::id_text(i)
        ));
        return Ok(Next::Done(exists(time_text(t), i)));
    }
    stop_playback(call, song)?;
    let temp = locator_extension::extend(call, edit.holder, t)?;
    Ok(Next::Run(Job::Create {
        t,
        name: edit.name,
        temp,
        tries: 0,
    }))
}

/// A delete: the times of the locators it names (by id, time or name), or a skip when
/// it names none; then the delete job, with playback stopped.
fn delete(
    call: &mut Call<'_>,
    song: LiveId,
    edit: Edit,
    sig: (i64, i64),
) -> Result<Next, ToolError> {
    let time_text = |t: f64| time::position(t, sig.0, sig.1);
    let cues = locators::list(call.live, song)?;
    let mut shown = LocatorOutcome::new(LocatorDone::Deleted);
    let by = match (&edit.id, edit.time) {
        (Some(id), _) => Some((true, id.clone())),
        (None, Some(t)) => Some((false, time_text(t))),
        (None, None) => None,
    };
    let times = if let Some((is_id, what)) = by {
        let Some(i) = target(&cues, edit.id.as_deref(), edit.time) else {
            call.warn(format!("locator {} not found", quoted(&what)));
            let skip = LocatorOutcome::skipped("locator_not_found");
            return Ok(Next::Done(naming(skip, is_id, what)));
        };
        shown = naming(shown, is_id, what);
        vec![cues[i].time]
    } else if let Some(name) = edit.name {
        let mut times: Vec<f64> = cues
            .iter()
            .filter(|c| c.name == name)
            .map(|c| c.time)
            .collect();
        if times.is_empty() {
            call.warn(format!(
                "no locator named {}; nothing deleted",
                quoted(&name)
            ));
            return Ok(Next::Done(LocatorOutcome {
                name: Some(name),
                ..LocatorOutcome::skipped("no_locators_found")
            }));
        }
        times.reverse();
        shown.name = Some(name);
        times
    } else {
        call.warn("locatorId or locatorTime is required");
        return Ok(Next::Done(LocatorOutcome::skipped("missing_identifier")));
    };
    stop_playback(call, song)?;
    Ok(Next::Run(Job::Delete {
        times,
        done: 0,
        shown,
        tries: 0,
    }))
}

fn rename(
    call: &mut Call<'_>,
    song: LiveId,
    Edit {
        id, time: t, name, ..
    }: Edit,
    sig: (i64, i64),
) -> Result<LocatorOutcome, ToolError> {
    let Some(name) = name else {
        call.warn("locatorName is required to rename a locator");
        return Ok(LocatorOutcome::skipped("missing_locatorName"));
    };
    if id.is_none() && t.is_none() {
        call.warn("locatorId or locatorTime is required");
        return Ok(LocatorOutcome {
            name: Some(name),
            ..LocatorOutcome::skipped("missing_identifier")
        });
    }
    let cues = locators::list(call.live, song)?;
    let Some(index) = target(&cues, id.as_deref(), t) else {
        let what = id.unwrap_or_else(|| time::position(t.unwrap_or(0.0), sig.0, sig.1));
        call.warn(format!("locator {} not found", quoted(&what)));
        let is_id = what.starts_with("locator-");
        let skip = LocatorOutcome::skipped("locator_not_found");
        return Ok(naming(skip, is_id, what));
    };
    let cue = cues[index].live_id;
    call.live.set(cue, "name", &[Atom::Symbol(name)])?;
    let kept = lom::text(call.live, cue, "name")?;
    Ok(LocatorOutcome::renamed(index, kept))
}

/// `outcome` naming the locator it concerns by id (`is_id`) or by time.
fn naming(outcome: LocatorOutcome, is_id: bool, what: String) -> LocatorOutcome {
    if is_id {
        LocatorOutcome {
            id: Some(what),
            ..outcome
        }
    } else {
        LocatorOutcome {
            time: Some(what),
            ..outcome
        }
    }
}

/// The index of the cue a rename or delete targets: by id, else by time.
fn target(cues: &[Cue], id: Option<&str>, t: Option<f64>) -> Option<usize> {
    match id {
        Some(id) => locators::parse_id(id).filter(|i| *i < cues.len()),
        None => t.and_then(|t| locators::at_time(cues, t)),
    }
}

/// A create skipped because locator `index` already stands at `time` (bar|beat).
fn exists(time: String, index: usize) -> LocatorOutcome {
    LocatorOutcome {
        time: Some(time),
        existing_id: Some(locators::id_text(index)),
        ..LocatorOutcome::skipped("locator_exists")
    }
}

fn stop_playback(call: &mut Call<'_>, song: LiveId) -> Result<(), ToolError> {
    if lom::flag(call.live, song, "is_playing")? {
        call.live.call(song, "stop_playing", &[])?;
        call.warn("playback stopped to edit locators");
    }
    Ok(())
}
