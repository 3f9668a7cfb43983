//! `barline-create-clip` (tools.md 3.12), MIDI clips: validate everything first (nothing
//! is written when any input is bad), then create session and arrangement clips.

use super::call::{Bulk, Call, OneOrMany};
use super::clip_ops::{self, Kind};
use super::clip_ref::{self, Slot};
use super::clip_transforms::{self as ct, CallTransforms, Report, Seed};
use super::coerce::{Choice, Choices, Flag, Index, List, Text};
use super::error::{quoted, ErrorCode, ToolError};
use super::tool::{Tool, ToolMeta};
use super::{lom, names, notes, overview, time};
use crate::live::{Atom, LivePort};
use crate::notation::{self, InterpretOptions, Note};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// `barline-create-clip`.
pub struct CreateClip;

/// The `auto` options.
pub struct AutoPlay;

impl Choices for AutoPlay {
    const ALL: &'static [&'static str] = &["play-scene", "play-clip"];
}

/// Arguments of create-clip.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateClipParams {
    /// Session positions: comma-separated "trackIndex/sceneIndex", e.g. "0/0,0/1".
    pub slot: Option<List>,
    /// Track for arrangement clips (with arrangementStart).
    pub track_index: Option<Index>,
    /// Arrangement positions: comma-separated bar|beat in the Set's signature, e.g. "9|1".
    pub arrangement_start: Option<List>,
    /// Clip name; comma-separated names for several clips.
    pub name: Option<Text>,
    /// Colour (a doc line starting with `#` would become a title, so it is spelled out).
    #[schemars(description = "#RRGGBB; comma-separated colours cycle over the clips.")]
    pub color: Option<Text>,
    /// Clip signature "N/D" (default: the Set's); also used to read notes, start and length.
    pub time_signature: Option<Text>,
    /// bar|beat where the clip region begins (default "1|1").
    pub start: Option<Text>,
    /// Region length, bars:beats (e.g. "2:0"); default: up to the bar after the last note.
    pub length: Option<Text>,
    /// Loop the clip (Live's default: on).
    pub looping: Option<Flag>,
    /// bar|beat where playback first starts in a looping clip.
    pub first_start: Option<Text>,
    /// Notes in bar|beat notation, e.g. "t4 C3 E3 G3 1|1".
    pub notes: Option<Text>,
    /// Transform expressions for each created MIDI clip's notes, e.g. "velocity += rand(-8, 8)".
    pub transforms: Option<Text>,
    /// Seed of the transforms' randomness (default: drawn, and reported).
    pub seed: Option<Seed>,
    /// Absolute path of an audio file: makes audio clips on audio tracks (not with notes).
    pub sample_file: Option<Text>,
    /// After creation: fire the first session position's scene, or each created session clip.
    pub auto: Option<Choice<AutoPlay>>,
}

/// One created clip.
#[derive(Debug, Default, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedClip {
    /// The new clip's id.
    pub id: String,
    /// Its session slot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slot: Option<String>,
    /// Its track (arrangement clips).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub track_index: Option<i64>,
    /// Its arrangement position.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arrangement_start: Option<String>,
    /// Notes written (MIDI clips given notes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note_count: Option<i64>,
    /// Notes the transforms matched (`transforms` given).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transformed: Option<i64>,
    /// The seed the transforms used.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<i64>,
    /// Region length as Live set it (audio clips, MIDI clips sized from their notes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub length: Option<String>,
}

impl Tool for CreateClip {
    type Params = CreateClipParams;
    type Output = OneOrMany<CreatedClip>;
    const META: ToolMeta = ToolMeta {
        small_removed: &["transforms", "seed", "firstStart", "auto"],
        ..ToolMeta::create(
            "barline-create-clip",
            "Create Clip",
            "Create MIDI or audio clips in session slots (slot) and/or in the arrangement (trackIndex + arrangementStart). Give notes in bar|beat notation for MIDI, or sampleFile (absolute path) for audio.",
        )
    };

    fn run(call: &mut Call<'_>, p: CreateClipParams) -> Result<OneOrMany<CreatedClip>, ToolError> {
        run(call, &p)
    }
}

enum Target {
    Session(Slot),
    Arrangement {
        track: usize,
        start: f64,
        text: String,
    },
}

/// Audio file extensions accepted for `sampleFile` (the tools.md 3.2 list).
pub const AUDIO_EXTENSIONS: [&str; 8] = [
    ".wav", ".aiff", ".aif", ".aifc", ".flac", ".ogg", ".mp3", ".m4a",
];
/// Latest arrangement start Live accepts for an audio clip, in beats.
const MAX_AUDIO_START: f64 = 1_576_800.0;

/// Everything checked before the first write (tools.md 3.12 step 1).
struct Plan<'a> {
    targets: Vec<Target>,
    sig: (i64, i64),
    start: f64,
    end: f64,
    length_given: bool,
    first_start: Option<f64>,
    notes: Option<Vec<Note>>,
    sample: Option<&'a str>,
    colors: Vec<i64>,
    /// Per target, the notes after `transforms` (transforms.md 9); `None` without them.
    transformed: Option<Vec<ClipNotes>>,
}

/// One MIDI clip's transformed notes, its end (3.12 step 2 from those notes) and report.
struct ClipNotes {
    values: Vec<serde_json::Value>,
    end: f64,
    report: Report,
}

fn bad(e: String) -> ToolError {
    ToolError::bad_input(e)
}

fn text(t: &Option<Text>) -> Option<&str> {
    t.as_ref().map(Text::as_str)
}

fn plan<'a>(
    live: &mut dyn LivePort,
    args: &'a CreateClipParams,
    warnings: &mut Vec<String>,
) -> Result<Plan<'a>, ToolError> {
    let mut slots = Vec::new();
    for s in args.slot.as_ref().map(List::items).unwrap_or_default() {
        let slot = clip_ref::parse_slot(&s, warnings)?;
        if slot.scene > 999 {
            return Err(bad(format!(
                "sceneIndex {} in slot {} is above 999",
                slot.scene,
                quoted(&s)
            )));
        }
        if slots.contains(&slot) {
            warnings.push(format!(
                "duplicate slot {} ignored",
                quoted(&slot.to_string())
            ));
        } else {
            slots.push(slot);
        }
    }
    let starts = args
        .arrangement_start
        .as_ref()
        .map(List::items)
        .unwrap_or_default();
    let track_index = args.track_index.map(Index::index);
    match (starts.is_empty(), track_index.is_some()) {
        (false, false) => return Err(bad("arrangementStart needs trackIndex".into())),
        (true, true) => {
            return Err(bad(
                "trackIndex needs arrangementStart (bar|beat positions on that track)".into(),
            ))
        }
        _ => {}
    }
    if slots.is_empty() && starts.is_empty() {
        return Err(bad("give slot and/or trackIndex + arrangementStart".into()));
    }
    let sample = text(&args.sample_file);
    if let Some(path) = sample {
        if args.notes.is_some() {
            return Err(bad(
                "give notes (MIDI clips) or sampleFile (audio clips), not both".into(),
            ));
        }
        let absolute =
            path.starts_with('/') || path.get(1..3).is_some_and(|p| p == ":\\" || p == ":/");
        let lower = path.to_ascii_lowercase();
        if !absolute || !AUDIO_EXTENSIONS.iter().any(|e| lower.ends_with(e)) {
            return Err(bad(format!(
                "sampleFile {} must be an absolute path to an audio file ({})",
                quoted(path),
                AUDIO_EXTENSIONS.join(" ")
            )));
        }
        // Checked by the host before any write: a refused create_audio_clip would only
        // show as a missing clip afterwards (LivePort: refusals are answers).
        if !live.file_exists(path)? {
            return Err(ToolError::not_found(format!(
                "sampleFile \"{path}\" does not exist: give the absolute path of an existing audio file"
            )));
        }
    }
    let clip_sig = text(&args.time_signature)
        .map(time::parse_signature)
        .transpose()
        .map_err(bad)?;
    let colors = text(&args.color)
        .map(names::parse_colors)
        .transpose()?
        .unwrap_or_default();
    let song = overview::song(live)?;
    let (sn, sd) = overview::signature(live, song)?;
    let (cn, cd) = clip_sig.unwrap_or((sn, sd));
    let start = text(&args.start)
        .map(|t| time::parse_position(t, cn, cd))
        .transpose()
        .map_err(bad)?
        .unwrap_or(0.0);
    let length = text(&args.length)
        .map(|t| time::parse_duration(t, cn, cd))
        .transpose()
        .map_err(bad)?;
    if length.is_some_and(|l| l <= 0.0) {
        return Err(bad(format!(
            "length {} must be longer than 0",
            quoted(text(&args.length).unwrap_or(""))
        )));
    }
    let first_start = text(&args.first_start)
        .map(|t| time::parse_position(t, cn, cd))
        .transpose()
        .map_err(bad)?;
    let mut targets: Vec<Target> = slots.into_iter().map(Target::Session).collect();
    for s in &starts {
        let beats = time::parse_position(s, sn, sd).map_err(bad)?;
        if sample.is_some() && beats > MAX_AUDIO_START {
            return Err(bad(format!(
                "arrangementStart {} is beyond the latest position Live accepts for audio clips",
                quoted(s)
            )));
        }
        targets.push(Target::Arrangement {
            track: track_index.unwrap_or(0),
            start: beats,
            text: time::position(beats, sn, sd),
        });
    }
    // Live checks that need no write: tracks exist and take this kind of clip (B15).
    let track_count = live.get_count(song, "tracks")?;
    for t in &targets {
        let track = match t {
            Target::Session(s) => s.track,
            Target::Arrangement { track, .. } => *track,
        };
        if track >= track_count {
            return Err(ToolError::not_found(format!(
                "trackIndex {track} does not exist (the Set has {track_count} tracks)"
            )));
        }
        let tid = lom::resolve(live, &format!("live_set tracks {track}"))
            .ok_or_else(|| ToolError::not_found(format!("trackIndex {track} does not exist")))?;
        let (want, other) = if sample.is_some() {
            ("has_audio_input", "audio")
        } else {
            ("has_midi_input", "MIDI")
        };
        if !lom::flag(live, tid, want)? {
            let is = if lom::flag(live, tid, "is_foldable")? {
                "a group track"
            } else if sample.is_some() {
                "a MIDI track"
            } else {
                "an audio track"
            };
            return Err(ToolError::new(
                ErrorCode::WrongType,
                format!(
                    "track {track} is {is}; {other} clips need {} {other} track",
                    if other == "audio" { "an" } else { "a" }
                ),
            ));
        }
    }
    // Cheap before expensive (issue 15): occupied slots are known before any notation
    // is interpreted; when every position is taken, nothing else is worth doing.
    let scenes = live.get_count(song, "scenes")?;
    let mut occupied = Vec::new();
    for t in &targets {
        if let Target::Session(slot) = t {
            if slot.scene < scenes {
                let cs = clip_ref::clip_slot(live, *slot)?;
                if lom::flag(live, cs, "has_clip")? {
                    occupied.push(format!("slot {slot} already has a clip"));
                }
            }
        }
    }
    if occupied.len() == targets.len() {
        let mut listed: Vec<String> = occupied.iter().take(10).cloned().collect();
        if occupied.len() > 10 {
            listed.push(format!("and {} more", occupied.len() - 10));
        }
        return Err(ToolError::new(ErrorCode::Conflict, listed.join("; ")));
    }
    let notes = match text(&args.notes) {
        Some(text) => {
            let r = notation::interpret(
                text,
                &InterpretOptions::time_signature(cn as u32, cd as u32),
            )
            .map_err(|e| bad(format!("notes: {e}")))?;
            warnings.extend(r.warnings);
            Some(
                r.notes
                    .into_iter()
                    .filter(|n| n.velocity > 0)
                    .collect::<Vec<_>>(),
            )
        }
        None => None,
    };
    let transforms = CallTransforms::prepare(live, text(&args.transforms), args.seed)?;
    // MIDI length: explicit, else the bar after the latest note start, at least one bar.
    let bar = time::bar_beats(cn, cd);
    let end = end_of(
        start,
        length,
        bar,
        notes.iter().flatten().map(|n| n.start_time),
    );
    let transformed = match (&transforms, sample) {
        (Some(tf), None) => {
            let given: Vec<_> = notes.iter().flatten().map(ct::from_notation).collect();
            let n = targets.len();
            let mut out = Vec::with_capacity(n);
            for (i, t) in targets.iter().enumerate() {
                let at = match t {
                    Target::Session(_) => None,
                    Target::Arrangement { start, .. } => Some(*start),
                };
                let clip = tf.context((cn, cd), end - start, at, i, n)?;
                let mut v = given.clone();
                let report = tf.midi(&mut v, (cn, cd), &clip, warnings)?;
                out.push(ClipNotes {
                    values: ct::note_values(&v),
                    end: end_of(start, length, bar, v.iter().map(|n| n.start_time.max(0.0))),
                    report,
                });
            }
            Some(out)
        }
        _ => None,
    };
    if let (Some(fs), None) = (first_start, sample) {
        if fs >= end - 1e-9 {
            return Err(bad(format!(
                "firstStart {} must lie before the clip end ({})",
                quoted(text(&args.first_start).unwrap_or("")),
                time::position(end, cn, cd)
            )));
        }
    }
    Ok(Plan {
        targets,
        sig: (cn, cd),
        start,
        end,
        length_given: length.is_some(),
        first_start,
        notes,
        sample,
        colors,
        transformed,
    })
}

/// MIDI clip end (3.12 step 2): `start + length`, else the bar after the latest note
/// start, at least one bar after `start`.
fn end_of(start: f64, length: Option<f64>, bar: f64, starts: impl Iterator<Item = f64>) -> f64 {
    if let Some(l) = length {
        return start + l;
    }
    let last = starts.fold(f64::NEG_INFINITY, f64::max);
    let bars = if last.is_finite() {
        (last / bar + 1e-9).floor() + 1.0
    } else {
        1.0
    };
    (bars * bar).max(start + bar)
}

fn run(call: &mut Call<'_>, args: &CreateClipParams) -> Result<OneOrMany<CreatedClip>, ToolError> {
    let p = plan(call.live, args, &mut call.warnings)?;
    let song = overview::song(call.live)?;
    let n = p.targets.len();
    let mut names = call.names(text(&args.name), n);
    // Checked before the first write (a 1 MB or NUL name is BAD_INPUT).
    for name in names.iter_mut().flatten() {
        let checked = super::name_rules::check_name("name", name)?;
        if let Some(w) = checked.warning {
            call.warn(w);
        }
        *name = checked.name;
    }
    let looping = args.looping.map(|f| f.0);
    let mut bulk = Bulk::new();
    let mut created_session: Vec<Slot> = Vec::new();
    for (i, t) in p.targets.iter().enumerate() {
        // tools.md 1.15: stop before the time limit, keeping what was created.
        if i > 0 && call.deadline_near() {
            call.warn_stopped(i, n, "clips");
            break;
        }
        let end = p.transformed.as_ref().map_or(p.end, |c| c[i].end);
        // Scenes up to the slot's, one at a time inside the time budget (1.15).
        if let Target::Session(slot) = t {
            match add_scenes(call, song, *slot) {
                Ok(true) => {}
                Ok(false) => {
                    call.warn_stopped(i, n, "clips");
                    break;
                }
                Err(e) => {
                    bulk.skip(e);
                    continue;
                }
            }
        }
        let live = &mut *call.live;
        let made = match (t, p.sample) {
            (Target::Session(slot), Some(path)) => {
                clip_ops::create_session(live, *slot, Kind::Audio(path))
            }
            (Target::Session(slot), None) => clip_ops::create_session(live, *slot, Kind::Midi(end)),
            (Target::Arrangement { track, start, .. }, Some(path)) => {
                clip_ops::create_arrangement(live, *track, *start, Kind::Audio(path))
            }
            // 3.12 step 4: the clip occupies exactly its region on the timeline.
            (Target::Arrangement { track, start, .. }, None) => {
                clip_ops::create_arrangement(live, *track, *start, Kind::Midi(end - p.start))
            }
        };
        let clip = match made {
            Ok(c) => c,
            Err(e) => {
                bulk.skip(e);
                continue;
            }
        };
        let mut o = CreatedClip {
            id: clip.to_string(),
            ..Default::default()
        };
        match t {
            Target::Session(slot) => {
                o.slot = Some(slot.to_string());
                created_session.push(*slot);
            }
            Target::Arrangement { track, text, .. } => {
                o.track_index = Some(*track as i64);
                o.arrangement_start = Some(text.clone());
            }
        }
        call.ids().issue(&o.id);
        // The clip exists now: a later step that fails is a warning on a successful
        // result, never an error (a write is never reported as a failure, 1.9).
        if let Err(e) = finish_clip(call, &p, clip, looping, names[i].as_deref(), i, &mut o) {
            call.warn(format!("clip {clip}: {}", e.message));
        }
        bulk.ok(o);
    }
    let out = bulk.finish(call)?;
    let auto = args.auto.as_ref().map(Choice::as_str);
    if let Err(e) = clip_ops::auto(call.live, auto, &created_session, &mut call.warnings) {
        call.warn(format!("auto failed: {}", e.message));
    }
    Ok(out)
}

/// Adds scenes until `slot`'s scene exists, warning when that took more than one
/// (`6/99` in a Set of 4 scenes creates 96). `Ok(false)`: the time budget ran out
/// before the slot existed (scenes added so far stay).
fn add_scenes(
    call: &mut Call<'_>,
    song: crate::live::LiveId,
    slot: Slot,
) -> Result<bool, ToolError> {
    let mut scenes = call.live.get_count(song, "scenes")?;
    let start = scenes;
    while scenes <= slot.scene {
        if scenes > start && call.deadline_near() {
            return Ok(false);
        }
        scenes = clip_ops::add_scene(call.live, song, slot)?;
    }
    if scenes - start > 1 {
        call.warn(format!(
            "slot {slot} created {} new scenes to reach scene {}",
            scenes - start,
            slot.scene
        ));
    }
    Ok(true)
}

/// Steps 5 of 3.12 on a created clip: region, name, colour, firstStart, notes, and
/// what the result reports (notes Live holds, the length Live set).
fn finish_clip(
    call: &mut Call<'_>,
    p: &Plan<'_>,
    clip: crate::live::LiveId,
    looping: Option<bool>,
    name: Option<&str>,
    i: usize,
    o: &mut CreatedClip,
) -> Result<(), ToolError> {
    let per = p.transformed.as_ref().map(|c| &c[i]);
    if p.sample.is_none() {
        let end = per.map_or(p.end, |c| c.end);
        clip_ops::configure_midi(call.live, clip, (p.start, end), looping, p.sig)?;
    }
    if let Some(name) = name {
        call.live
            .set(clip, "name", &[Atom::Symbol(name.to_string())])?;
    }
    if !p.colors.is_empty() {
        let what = name
            .map(|s| format!("clip \"{s}\""))
            .unwrap_or_else(|| format!("clip {clip}"));
        call.set_color(clip, p.colors[i % p.colors.len()], &what)?;
    }
    if let (Some(fs), None) = (p.first_start, p.sample) {
        if lom::flag(call.live, clip, "looping")? {
            call.live.set(clip, "start_marker", &[Atom::Float(fs)])?;
        } else {
            call.warn("firstStart ignored: clip is not looping");
        }
    }
    if let Some(c) = per {
        (o.transformed, o.seed) = (c.report.transformed, c.report.seed);
        notes::add_values(call.live, clip, &c.values)?;
        if p.notes.is_some() {
            o.note_count = Some(notes::count(call.live, clip)?);
        }
    } else if let Some(list) = &p.notes {
        notes::add(call.live, clip, list)?;
        o.note_count = Some(notes::count(call.live, clip)?);
    }
    if p.sample.is_some() || (p.notes.is_some() && !p.length_given) {
        let len = lom::number(call.live, clip, "length")?;
        o.length = Some(time::duration(len, p.sig.0, p.sig.1));
    }
    Ok(())
}
