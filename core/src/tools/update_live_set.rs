//! `barline-update-live-set` (tools.md 3.4): tempo, time signature, scale, then one
//! locator operation. Everything that needs no write is checked first, so bad input
//! changes nothing (B8). Locator edits move the playhead, which Live applies only after
//! a deferral: the tool asks the host to wait ([`Call::wait`]) and continues on resume
//! from the state it saved (the result so far and the locator job).

use super::call::{Call, DEADLINE_MARGIN_MS};
use super::coerce::{Choice, Choices, Num, Text};
use super::error::{quoted, ErrorCode, ToolError};
use super::format::num;
use super::locators::{self, Cue, POLL_MS, POLL_TRIES};
use super::tool::{Hints, Tool, ToolMeta};
use super::{lom, overview, scale, time};
use crate::live::{Atom, LiveId, LivePort};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

/// `barline-update-live-set`.
pub struct UpdateLiveSet;

/// Locator operations.
pub struct LocatorOps;

impl Choices for LocatorOps {
    const ALL: &'static [&'static str] = &["create", "delete", "rename"];
}

/// Arguments of update-live-set.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateLiveSetParams {
    /// Tempo in BPM (20-999).
    pub tempo: Option<Num<20, 999>>,
    /// Time signature "N/D", e.g. "6/8" (N 1-99, D 1, 2, 4, 8 or 16).
    pub time_signature: Option<Text>,
    /// Scale "<Root> <Scale>", e.g. "F# Minor"; "" turns scale mode off.
    pub scale: Option<Text>,
    /// Locator action: create, delete or rename.
    pub locator_operation: Option<Choice<LocatorOps>>,
    /// Locator to delete or rename, e.g. "locator-2".
    pub locator_id: Option<Text>,
    /// Locator position as bar|beat, e.g. "9|1": where to create; or the locator to delete or rename.
    pub locator_time: Option<Text>,
    /// Name for create or rename; for delete without id or time: delete every locator with exactly this name.
    pub locator_name: Option<Text>,
}

/// What update-live-set returns: only what was set, plus the Song id.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LiveSetUpdated {
    /// The Song's id.
    pub id: String,
    /// Tempo Live kept, in BPM.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "rounded"
    )]
    pub tempo: Option<f64>,
    /// Time signature now in force.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_signature: Option<String>,
    /// The scale set, spelled canonically; "" when scale mode was turned off.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scale: Option<String>,
    /// Notes about what was set.
    #[serde(rename = "$meta", skip_serializing_if = "Option::is_none")]
    pub meta: Option<Vec<String>>,
    /// Pitch classes of the scale set, comma-separated, flats.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scale_pitches: Option<String>,
    /// Outcome of the locator operation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "locator_schema")]
    pub locator: Option<Value>,
}

/// Tempo as results carry floats read from Live (tools.md 1.13).
fn rounded<S: serde::Serializer>(x: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
    x.map(num).serialize(s)
}

fn locator_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": "object",
        "properties": {
            "operation": {"type": "string", "enum": ["created", "deleted", "renamed", "skipped"]},
            "reason": {"type": "string"},
            "id": {"type": "string"},
            "time": {"type": "string"},
            "name": {"type": "string"},
            "count": {"type": "integer"},
            "existingId": {"type": "string"}
        },
        "required": ["operation"]
    })
}

const SCALE_NOTE: &str = "The scale applies to selected clips and is the default for new clips.";

/// A locator edit in progress; saved in the wait state between playhead polls.
#[derive(Clone, Debug, Serialize, Deserialize)]
enum Job {
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
        shown: Map<String, Value>,
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

impl Tool for UpdateLiveSet {
    type Params = UpdateLiveSetParams;
    type Output = LiveSetUpdated;
    const META: ToolMeta = ToolMeta {
        hints: Hints {
            read_only: false,
            destructive: true,
            idempotent: true,
        },
        small_removed: &[
            "locatorOperation",
            "locatorId",
            "locatorTime",
            "locatorName",
        ],
        small_description: Some("Update tempo, time signature or scale."),
        ..ToolMeta::read(
            "barline-update-live-set",
            "Update Live Set",
            "Change tempo, time signature or scale, or create, rename and delete locators.",
        )
    };

    fn run(call: &mut Call<'_>, p: UpdateLiveSetParams) -> Result<LiveSetUpdated, ToolError> {
        if let Some(state) = call.resume.take() {
            return resume(call, state);
        }
        let song = overview::song(call.live)?;
        // Everything checked before the first write (B8).
        let new_sig = p
            .time_signature
            .as_ref()
            .map(|t| time::parse_signature(t.as_str()).map_err(ToolError::bad_input))
            .transpose()?;
        let new_scale = match p.scale.as_ref().map(|s| s.as_str().trim()) {
            None => None,
            Some("") => Some(None),
            Some(text) => Some(Some(scale::parse(text)?)),
        };
        let sig = match new_sig {
            Some(s) => s,
            None => overview::signature(call.live, song)?,
        };
        let op = p.locator_operation.as_ref().map(Choice::as_str);
        let locator_time = p
            .locator_time
            .as_ref()
            .filter(|_| op.is_some())
            .map(|t| time::parse_position(t.as_str(), sig.0, sig.1).map_err(ToolError::bad_input))
            .transpose()?;
        let holder = match (op, locator_time) {
            (Some("create"), Some(t)) => check_extension(call, song, t)?,
            _ => None,
        };

        let mut out = LiveSetUpdated {
            id: song.to_string(),
            tempo: None,
            time_signature: None,
            scale: None,
            meta: None,
            scale_pitches: None,
            locator: None,
        };
        if let Some(bpm) = p.tempo {
            out.tempo = Some(set_tempo(call, song, bpm.get())?);
        }
        if let Some((n, d)) = new_sig {
            call.live
                .set(song, "signature_numerator", &[Atom::Int(n)])?;
            call.live
                .set(song, "signature_denominator", &[Atom::Int(d)])?;
            let (n, d) = overview::signature(call.live, song)?;
            out.time_signature = Some(format!("{n}/{d}"));
        }
        match new_scale {
            None => {}
            Some(None) => {
                call.live.set(song, "scale_mode", &[Atom::Int(0)])?;
                out.scale = Some(String::new());
            }
            Some(Some(s)) => {
                call.live
                    .set(song, "root_note", &[Atom::Int(s.pitch_class)])?;
                call.live
                    .set(song, "scale_name", &[Atom::Symbol(s.name.into())])?;
                call.live.set(song, "scale_mode", &[Atom::Int(1)])?;
                let intervals = lom::ints(call.live, song, "scale_intervals")?;
                out.scale = Some(s.text());
                out.meta = Some(vec![SCALE_NOTE.into()]);
                out.scale_pitches = Some(scale::pitches(s.pitch_class, &intervals));
            }
        }

        let Some(op) = op else {
            if p.locator_id.is_some() || p.locator_time.is_some() || p.locator_name.is_some() {
                call.warn("locator parameters ignored without locatorOperation");
            }
            return Ok(out);
        };
        let name = p.locator_name.as_ref().map(|n| n.as_str().to_string());
        let id = p.locator_id.as_ref().map(|n| n.as_str().to_string());
        let time_text = |t: f64| time::position(t, sig.0, sig.1);
        let job = match op {
            "create" => {
                let Some(t) = locator_time else {
                    call.warn("locatorTime is required to create a locator");
                    out.locator = Some(skipped("missing_locatorTime", &[]));
                    return Ok(out);
                };
                let cues = locators::list(call.live, song)?;
                if let Some(i) = locators::at_time(&cues, t) {
                    let existing = locators::id_text(i);
                    call.warn(format!(
                        "locator already exists at {} ({existing}); nothing created",
                        time_text(t)
                    ));
                    out.locator = Some(skipped(
                        "locator_exists",
                        &[
                            ("time", json!(time_text(t))),
                            ("existingId", json!(existing)),
                        ],
                    ));
                    return Ok(out);
                }
                stop_playback(call, song)?;
                let temp = extend_arrangement(call, holder, t)?;
                Job::Create {
                    t,
                    name,
                    temp,
                    tries: 0,
                }
            }
            "rename" => {
                out.locator = Some(rename(call, song, id, locator_time, name, sig)?);
                return Ok(out);
            }
            _ => {
                let cues = locators::list(call.live, song)?;
                let mut shown = Map::new();
                let times = if let Some(id) = id {
                    match target(&cues, Some(&id), None) {
                        Some(c) => {
                            shown.insert("id".into(), json!(id));
                            vec![c.time]
                        }
                        None => {
                            call.warn(format!("locator {} not found", quoted(&id)));
                            out.locator = Some(skipped("locator_not_found", &[("id", json!(id))]));
                            return Ok(out);
                        }
                    }
                } else if let Some(t) = locator_time {
                    match target(&cues, None, Some(t)) {
                        Some(c) => {
                            shown.insert("time".into(), json!(time_text(t)));
                            vec![c.time]
                        }
                        None => {
                            call.warn(format!("locator {} not found", quoted(&time_text(t))));
                            out.locator = Some(skipped(
                                "locator_not_found",
                                &[("time", json!(time_text(t)))],
                            ));
                            return Ok(out);
                        }
                    }
                } else if let Some(name) = name {
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
                        out.locator = Some(skipped("no_locators_found", &[("name", json!(name))]));
                        return Ok(out);
                    }
                    times.reverse();
                    shown.insert("name".into(), json!(name));
                    times
                } else {
                    call.warn("locatorId or locatorTime is required");
                    out.locator = Some(skipped("missing_identifier", &[]));
                    return Ok(out);
                };
                stop_playback(call, song)?;
                Job::Delete {
                    times,
                    done: 0,
                    shown,
                    tries: 0,
                }
            }
        };
        let first = first_move(&job);
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
}

/// Continues a locator job after a wait.
fn resume(call: &mut Call<'_>, state: Value) -> Result<LiveSetUpdated, ToolError> {
    let pending: Pending = serde_json::from_value(state).map_err(|e| {
        ToolError::new(
            ErrorCode::Internal,
            format!("wait state is unreadable: {e}"),
        )
    })?;
    let song = overview::song(call.live)?;
    step(call, song, pending)
}

/// Where the playhead must go first.
fn first_move(job: &Job) -> f64 {
    match job {
        Job::Create { t, .. } => *t,
        Job::Delete { times, .. } => times.first().copied().unwrap_or(0.0),
    }
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
            p.spent_ms += call.ctx.timeout_ms as f64 - call.remaining_ms() + POLL_MS as f64;
            let state = serde_json::to_value(&p)
                .map_err(|e| ToolError::new(ErrorCode::Internal, format!("wait state: {e}")))?;
            call.wait(POLL_MS, state);
            return Ok(p.out);
        }
        if !arrived {
            call.warn(format!(
                "playhead did not reach {}; the locator may be placed elsewhere",
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
        if *done == 0 && !shown.contains_key("name") {
            let fields: Vec<(&str, Value)> =
                shown.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
            p.out.locator = Some(skipped("locator_not_found", &fields));
            return Ok(p.out);
        }
        let mut o = Map::new();
        o.insert("operation".into(), json!("deleted"));
        if shown.contains_key("name") {
            o.insert("count".into(), json!(done));
        }
        o.extend(shown.clone());
        p.out.locator = Some(Value::Object(o));
    }
    Ok(p.out)
}

/// Places the cue at the playhead, removes the temporary clips, names the new cue.
/// When the playhead stopped short on an existing locator, the toggle would delete
/// that one, so nothing is toggled.
fn finish_create(
    call: &mut Call<'_>,
    song: LiveId,
    (t, arrived): (f64, bool),
    name: Option<String>,
    temp: &[(u64, u64)],
    sig: (i64, i64),
) -> Result<Value, ToolError> {
    let occupied = if arrived {
        None
    } else {
        let now = lom::number(call.live, song, "current_song_time")?;
        locators::at_time(&locators::list(call.live, song)?, now)
    };
    if occupied.is_none() {
        call.live.call(song, "set_or_delete_cue", &[])?;
    }
    for (track, clip) in temp {
        call.live.call(
            LiveId(*track),
            "delete_clip",
            &[Atom::Symbol("id".into()), Atom::Int(*clip as i64)],
        )?;
    }
    if let Some(existing) = occupied {
        return Ok(skipped(
            "locator_exists",
            &[
                ("time", json!(time::position(t, sig.0, sig.1))),
                ("existingId", json!(locators::id_text(existing))),
            ],
        ));
    }
    let now = lom::number(call.live, song, "current_song_time")?;
    let cues = locators::list(call.live, song)?;
    let Some(i) = locators::at_time(&cues, t).or_else(|| locators::at_time(&cues, now)) else {
        call.warn(format!(
            "Live placed no locator at {}",
            time::position(t, sig.0, sig.1)
        ));
        return Ok(skipped(
            "locator_not_found",
            &[("time", json!(time::position(t, sig.0, sig.1)))],
        ));
    };
    let mut o = Map::new();
    o.insert("operation".into(), json!("created"));
    o.insert(
        "time".into(),
        json!(time::position(cues[i].time, sig.0, sig.1)),
    );
    if let Some(name) = name {
        call.live
            .set(cues[i].live_id, "name", &[Atom::Symbol(name.clone())])?;
        o.insert(
            "name".into(),
            json!(lom::text(call.live, cues[i].live_id, "name")?),
        );
    }
    o.insert("id".into(), json!(locators::id_text(i)));
    Ok(Value::Object(o))
}

fn rename(
    call: &mut Call<'_>,
    song: LiveId,
    id: Option<String>,
    t: Option<f64>,
    name: Option<String>,
    sig: (i64, i64),
) -> Result<Value, ToolError> {
    let Some(name) = name else {
        call.warn("locatorName is required to rename a locator");
        return Ok(skipped("missing_locatorName", &[]));
    };
    if id.is_none() && t.is_none() {
        call.warn("locatorId or locatorTime is required");
        return Ok(skipped("missing_identifier", &[("name", json!(name))]));
    }
    let cues = locators::list(call.live, song)?;
    let Some(index) = (match &id {
        Some(id) => locators::parse_id(id).filter(|i| *i < cues.len()),
        None => t.and_then(|t| locators::at_time(&cues, t)),
    }) else {
        let what = id.unwrap_or_else(|| time::position(t.unwrap_or(0.0), sig.0, sig.1));
        call.warn(format!("locator {} not found", quoted(&what)));
        let key = if what.starts_with("locator-") {
            "id"
        } else {
            "time"
        };
        return Ok(skipped("locator_not_found", &[(key, json!(what))]));
    };
    let cue = cues[index].live_id;
    call.live.set(cue, "name", &[Atom::Symbol(name)])?;
    Ok(json!({
        "operation": "renamed",
        "id": locators::id_text(index),
        "name": lom::text(call.live, cue, "name")?,
    }))
}

/// The cue a delete targets: by id, else by time.
fn target<'c>(cues: &'c [Cue], id: Option<&str>, t: Option<f64>) -> Option<&'c Cue> {
    match id {
        Some(id) => locators::parse_id(id).and_then(|i| cues.get(i)),
        None => t.and_then(|t| locators::at_time(cues, t)).map(|i| &cues[i]),
    }
}

/// `{operation: "skipped", reason, …}`.
fn skipped(reason: &str, fields: &[(&str, Value)]) -> Value {
    let mut o = Map::new();
    o.insert("operation".into(), json!("skipped"));
    o.insert("reason".into(), json!(reason));
    for (k, v) in fields {
        o.insert((*k).into(), v.clone());
    }
    Value::Object(o)
}

/// Sets the tempo and reads back what Live kept (B11).
fn set_tempo(call: &mut Call<'_>, song: LiveId, bpm: f64) -> Result<f64, ToolError> {
    call.live.set(song, "tempo", &[Atom::Float(bpm)])?;
    let kept = lom::number(call.live, song, "tempo")?;
    if (kept - bpm).abs() > 0.001 {
        call.warn(format!(
            "Live kept tempo {} instead of {}",
            num(kept),
            num(bpm)
        ));
    }
    Ok(kept)
}

fn stop_playback(call: &mut Call<'_>, song: LiveId) -> Result<(), ToolError> {
    if lom::flag(call.live, song, "is_playing")? {
        call.live.call(song, "stop_playing", &[])?;
        call.warn("playback stopped to edit locators");
    }
    Ok(())
}

/// The track that holds a temporary clip: the first regular MIDI track (groups left
/// out), else the first regular audio track (`false`). Stops at the first MIDI track.
fn extension_track(
    live: &mut dyn LivePort,
    song: LiveId,
) -> Result<Option<(LiveId, bool)>, ToolError> {
    let atoms = live.get(song, "tracks")?;
    let mut audio = None;
    for pair in atoms.chunks(2) {
        let Some(n) = pair.get(1).and_then(Atom::as_i64).filter(|n| *n > 0) else {
            continue;
        };
        let id = LiveId(n as u64);
        if lom::flag(live, id, "is_foldable")? {
            continue;
        }
        if lom::flag(live, id, "has_midi_input")? {
            return Ok(Some((id, true)));
        }
        audio.get_or_insert((id, false));
    }
    Ok(audio)
}

/// A create past the end needs a track to hold the temporary clip (checked before any
/// write): `UNSUPPORTED` in a Set without tracks, or without MIDI tracks when the
/// request carried no silent WAV. `None` when `t` is within the arrangement.
fn check_extension(
    call: &mut Call<'_>,
    song: LiveId,
    t: f64,
) -> Result<Option<(LiveId, bool)>, ToolError> {
    if t <= lom::number(call.live, song, "song_length")? {
        return Ok(None);
    }
    match extension_track(call.live, song)? {
        None => Err(ToolError::new(
            ErrorCode::Unsupported,
            "a locator past the end of the arrangement needs at least one track",
        )
        .with_hint("Create a track first, or place the locator within the arrangement.")),
        Some((_, false)) if call.ctx.silent_wav.is_none() => Err(ToolError::new(
            ErrorCode::Unsupported,
            "a locator past the end of the arrangement needs a MIDI track here (this request carried no silent WAV for an audio track)",
        )
        .with_hint("Create a MIDI track first, or place the locator within the arrangement.")),
        found => Ok(found),
    }
}

/// Past the end: a temporary clip at `t` on the track [`check_extension`] chose: 1 beat
/// of MIDI, or an audio clip from the silent WAV.
fn extend_arrangement(
    call: &mut Call<'_>,
    holder: Option<(LiveId, bool)>,
    t: f64,
) -> Result<Vec<(u64, u64)>, ToolError> {
    let atoms = match holder {
        None => return Ok(Vec::new()),
        Some((track, true)) => call.live.call(
            track,
            "create_midi_clip",
            &[Atom::Float(t), Atom::Float(1.0)],
        )?,
        Some((track, false)) => {
            let wav = call.ctx.silent_wav.clone().unwrap_or_default();
            call.live.call(
                track,
                "create_audio_clip",
                &[Atom::Symbol(wav), Atom::Float(t)],
            )?
        }
    };
    let clip = match atoms.as_slice() {
        [Atom::Symbol(tag), n] if tag == "id" => n.as_i64().filter(|n| *n > 0),
        _ => None,
    };
    Ok(match (holder, clip) {
        (Some((track, _)), Some(c)) => vec![(track.0, c as u64)],
        _ => Vec::new(),
    })
}
