//! `barline-create-clip` (docs/design/tool-rules.md §12), MIDI and audio clips: validate
//! everything first (`create_clip_plan`, with the targets in `create_clip_targets`;
//! nothing is written when any input is bad), then create session and arrangement clips.

mod args;
pub mod ops;
pub mod plan;
pub mod targets;

use crate::live::{Atom, LiveId, LivePort};
use crate::tools::clip::create_clip::ops::Kind;
use crate::tools::clip::create_clip::plan::Plan;
use crate::tools::clip::create_clip::targets::Target;
use crate::tools::common::clip::location::ClipLocation;
use crate::tools::common::clip::past_end;
use crate::tools::common::clip::reference::Slot;
use crate::tools::common::clip::{labels, notes};
use crate::tools::common::timeline::Playhead;
use crate::tools::common::{names, overview, time};
use crate::tools::framework::call::{Bulk, Call, OneOrMany};
use crate::tools::framework::coerce::{text_of, Choice};
use crate::tools::framework::error::ToolError;
use crate::tools::framework::lom;
use crate::tools::framework::tool::{Tool, ToolMeta};
use args::CreateClipParams;
use schemars::JsonSchema;
use serde::Serialize;

/// `barline-create-clip`.
pub struct CreateClip;

/// One created clip.
#[derive(Debug, Default, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedClip {
    /// The new clip's id and where it is.
    #[serde(flatten)]
    pub at: ClipLocation,
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
        small_removed: &[
            "transforms",
            "seed",
            "firstStart",
            "auto",
            "timeSignature",
            "start",
            "looping",
        ],
        small_description: Some(
            "Create MIDI clips (notes) or audio clips (sampleFile) in slots or the arrangement.",
        ),
        ..ToolMeta::create(
            "barline-create-clip",
            "Create Clip",
            "Create MIDI clips (notes) or audio clips (sampleFile) in slots or the arrangement. transforms rewrites each new clip's notes once, after notes are written.",
        )
    };

    fn run(call: &mut Call<'_>, p: CreateClipParams) -> Result<OneOrMany<CreatedClip>, ToolError> {
        let playhead = Playhead::note(call.live)?;
        let out = run(call, &p);
        call.warnings.extend(playhead.restore(call.live));
        out
    }
}

fn run(call: &mut Call<'_>, args: &CreateClipParams) -> Result<OneOrMany<CreatedClip>, ToolError> {
    let p = plan::plan(call.live, args, &mut call.warnings)?;
    let song = overview::song(call.live)?;
    let n = p.targets.len();
    // Checked before the first write (a 1 MB or NUL name is BAD_INPUT).
    let names = labels::checked_names(call, text_of(&args.name), n)?;
    let looping = args.looping.map(|f| f.0);
    let mut bulk = Bulk::new();
    let mut created_session: Vec<Slot> = Vec::new();
    for (i, t) in p.targets.iter().enumerate() {
        // docs/design/tool-contract.md §1.15: stop before the time limit, keeping what
        // was created.
        if i > 0 && call.deadline_near() {
            call.warn_stopped(i, n, "clips");
            break;
        }
        let end = p.transformed.as_ref().map_or(p.end, |c| c[i].end);
        // Scenes up to the slot's, one at a time inside the time budget
        // (docs/design/tool-contract.md §1.15).
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
        let clip = match create(call.live, &p, t, end) {
            Ok(c) => c,
            Err(e) => {
                bulk.skip(e);
                continue;
            }
        };
        let mut o = created(t, clip);
        if let Target::Session(slot) = t {
            created_session.push(*slot);
        }
        call.ids().issue(&o.at.id);
        // The clip exists now: a later step that fails is a warning on a successful
        // result, never an error (a write is never reported as a failure,
        // docs/design/tool-contract.md §1.9).
        if let Err(e) = finish_clip(
            call,
            &p,
            clip,
            looping,
            names.get(i).and_then(Option::as_deref),
            i,
            &mut o,
        ) {
            call.warn(format!("clip {clip}: {}", e.message));
        }
        bulk.ok(o);
    }
    let out = bulk.finish(call)?;
    let auto = args.auto.as_ref().map(Choice::get);
    if let Err(e) = ops::auto(call.live, auto, &created_session, &mut call.warnings) {
        call.warn(format!("auto failed: {}", e.message));
    }
    Ok(out)
}

/// Creates the clip for target `t`: audio from the sample, else an empty MIDI clip
/// whose region ends at `end`.
fn create(
    live: &mut dyn LivePort,
    p: &Plan<'_>,
    t: &Target,
    end: f64,
) -> Result<LiveId, ToolError> {
    match (t, p.sample) {
        (Target::Session(slot), Some(path)) => ops::create_session(live, *slot, Kind::Audio(path)),
        (Target::Session(slot), None) => ops::create_session(live, *slot, Kind::Midi(end)),
        (Target::Arrangement { track, start, .. }, Some(path)) => {
            ops::create_arrangement(live, *track, *start, Kind::Audio(path))
        }
        // docs/design/tool-rules.md §12 step 4: the clip occupies exactly its region
        // on the timeline.
        (Target::Arrangement { track, start, .. }, None) => {
            ops::create_arrangement(live, *track, *start, Kind::Midi(end - p.start))
        }
    }
}

/// The result entry of a clip just created at `t`: its id and where it is.
fn created(t: &Target, clip: LiveId) -> CreatedClip {
    let at = match t {
        Target::Session(slot) => ClipLocation::in_slot(clip, *slot),
        Target::Arrangement { track, text, .. } => ClipLocation {
            track_index: Some(*track as i64),
            ..ClipLocation::at(clip, text.clone())
        },
    };
    CreatedClip {
        at,
        ..Default::default()
    }
}

/// Adds scenes until `slot`'s scene exists, warning when that took more than one
/// (`6/99` in a Set of 4 scenes creates 96). `Ok(false)`: the time budget ran out
/// before the slot existed (scenes added so far stay).
fn add_scenes(call: &mut Call<'_>, song: LiveId, slot: Slot) -> Result<bool, ToolError> {
    let mut scenes = lom::count(call.live, song, "scenes")?;
    let start = scenes;
    while scenes <= slot.scene {
        if scenes > start && call.deadline_near() {
            return Ok(false);
        }
        scenes = ops::add_scene(call.live, song, slot)?;
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

/// Steps 5 of docs/design/tool-rules.md §12 on a created clip: region, name, colour,
/// firstStart, notes, and what the result reports (notes Live holds, the length Live
/// set).
fn finish_clip(
    call: &mut Call<'_>,
    p: &Plan<'_>,
    clip: LiveId,
    looping: Option<bool>,
    name: Option<&str>,
    i: usize,
    o: &mut CreatedClip,
) -> Result<(), ToolError> {
    let per = p.transformed.as_ref().map(|c| &c[i]);
    if p.sample.is_none() {
        let end = per.map_or(p.end, |c| c.end);
        ops::configure_midi(call.live, clip, (p.start, end), looping, p.sig)?;
    }
    names::write_name_and_color(call, clip, "clip", name, names::cycled(&p.colors, i))?;
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
            o.note_count = Some(counted(call, clip)?);
        }
    } else if let Some(list) = &p.notes {
        notes::add(call.live, clip, list)?;
        o.note_count = Some(counted(call, clip)?);
    }
    if p.sample.is_none() && (p.notes.is_some() || per.is_some()) {
        past_end::warn(call, clip, p.sig)?;
    }
    if p.sample.is_some() || (p.notes.is_some() && !p.length_given) {
        let len = lom::number(call.live, clip, "length")?;
        o.length = Some(time::duration(len, p.sig.0, p.sig.1));
    }
    Ok(())
}

/// The notes the new clip holds, wherever they start (those at or past its end are held
/// by Live but silent: `past_end::warn` says so).
fn counted(call: &mut Call<'_>, clip: LiveId) -> Result<i64, ToolError> {
    Ok(notes::count_outside(call.live, clip)?.0)
}
