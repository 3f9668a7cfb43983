//! `barline-create-track` (docs/design/tool-rules.md §6): MIDI, audio or return tracks,
//! one by one at consecutive indices, then their names, colours and states. Everything
//! that needs no write (colours, index, limit, kind checks) is checked first.

use crate::live::path::parse_id_atoms;
use crate::live::{Atom, LiveId};
use crate::tools::common::track::reader::{self, Place};
use crate::tools::common::track::return_name;
use crate::tools::common::{names, overview};
use crate::tools::framework::call::{Bulk, Call, OneOrMany};
use crate::tools::framework::coerce::{option_set, text_of, Choice, Flag, Int, Text, INDEX_MAX};
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::lom;
use crate::tools::framework::tool::{Tool, ToolMeta};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// `barline-create-track`.
pub struct CreateTrack;

option_set! {
    /// The kinds of track create-track makes.
    pub enum NewTrackTypes {
        Midi = "midi",
        Audio = "audio",
        Return = "return",
    }
}

/// Most tracks one call creates, and the highest `trackIndex + count`
/// (docs/design/tool-rules.md §6).
pub const MAX_TRACKS: i64 = 100;

/// Arguments of create-track.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateTrackParams {
    /// Position from 0; -1 appends (default).
    pub track_index: Option<Int<-1, INDEX_MAX>>,
    /// How many.
    pub count: Option<Int<1, MAX_TRACKS>>,
    /// Names, comma-separated.
    pub name: Option<Text>,
    /// Colour (a doc line starting with `#` would become a title, so it is spelled out).
    #[schemars(description = "#RRGGBB, comma-separated.")]
    pub color: Option<Text>,
    /// Default midi.
    #[serde(rename = "type")]
    pub kind: Option<Choice<NewTrackTypes>>,
    /// Mute.
    pub mute: Option<Flag>,
    /// Solo.
    pub solo: Option<Flag>,
    /// Arm.
    pub arm: Option<Flag>,
}

/// One created track.
#[derive(Debug, Default, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedTrack {
    /// The new track's id.
    pub id: String,
    /// Its index among regular tracks.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub track_index: Option<i64>,
    /// Its index among return tracks.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub return_track_index: Option<i64>,
}

impl Tool for CreateTrack {
    type Params = CreateTrackParams;
    type Output = OneOrMany<CreatedTrack>;
    const META: ToolMeta = ToolMeta {
        small_removed: &["count", "mute", "solo", "arm", "color"],
        ..ToolMeta::create(
            "barline-create-track",
            "Create Track",
            "Create MIDI, audio or return tracks.",
        )
    };

    fn run(
        call: &mut Call<'_>,
        p: CreateTrackParams,
    ) -> Result<OneOrMany<CreatedTrack>, ToolError> {
        run(call, &p)
    }
}

fn run(call: &mut Call<'_>, p: &CreateTrackParams) -> Result<OneOrMany<CreatedTrack>, ToolError> {
    let colors = names::colors(text_of(&p.color))?;
    let kind = p.kind.as_ref().map_or(NewTrackTypes::Midi, Choice::get);
    let count = p.count.map(Int::get).unwrap_or(1);
    let index = p.track_index.map(Int::get).unwrap_or(-1);
    let song = overview::song(call.live)?;
    let mut arm = p.arm.map(|f| f.0);
    let function = match kind {
        NewTrackTypes::Return => {
            if index != -1 {
                call.warn("trackIndex is ignored for return tracks");
            }
            if arm.is_some() {
                call.warn("return tracks cannot be armed; arm ignored");
                arm = None;
            }
            "create_return_track"
        }
        NewTrackTypes::Audio => "create_audio_track",
        NewTrackTypes::Midi => "create_midi_track",
    };
    if kind != NewTrackTypes::Return {
        let tracks = lom::count(call.live, song, "tracks")? as i64;
        if index >= 0 && index + count > MAX_TRACKS {
            return Err(ToolError::bad_input(format!(
                "trackIndex {index} + count {count} is over {MAX_TRACKS}: tracks can be placed up to index {}",
                MAX_TRACKS - 1
            )));
        }
        if index > tracks {
            return Err(ToolError::bad_input(format!(
                "trackIndex {index} is past the end: the Set has {tracks} tracks, so use 0…{tracks}, or -1 to append"
            )));
        }
    }
    let n = count as usize;
    let names = names::names_for(call, p.name.as_ref().map(Text::as_str), n);
    let mut bulk = Bulk::new();
    for (i, name) in names.iter().enumerate() {
        // docs/design/tool-contract.md §1.15: stop before the time limit, keeping what
        // was created.
        if i > 0 && call.deadline_near() {
            call.warn_stopped(i, n, "tracks");
            break;
        }
        let args: Vec<Atom> = match kind {
            NewTrackTypes::Return => Vec::new(),
            NewTrackTypes::Midi | NewTrackTypes::Audio if index < 0 => vec![Atom::Int(-1)],
            NewTrackTypes::Midi | NewTrackTypes::Audio => vec![Atom::Int(index + i as i64)],
        };
        let answer = call.live.call(song, function, &args)?;
        let Some(track) = parse_id_atoms(&answer).filter(|t| !t.is_none()) else {
            bulk.skip(ToolError::new(
                ErrorCode::LiveRejected,
                format!(
                    "Live did not create track {} of {n} ({function} returned no track)",
                    i + 1
                ),
            ));
            continue;
        };
        bulk.ok(setup(call, track, name.as_deref(), &colors, i, p, arm)?);
    }
    let out = bulk.finish(call)?;
    let created: Vec<String> = match &out {
        OneOrMany::One(t) => vec![t.id.clone()],
        OneOrMany::Many(ts) => ts.iter().map(|t| t.id.clone()).collect(),
    };
    for id in &created {
        call.ids().issue(id);
    }
    Ok(out)
}

/// Name, colour and states of one new track; its place read back from Live.
fn setup(
    call: &mut Call<'_>,
    track: LiveId,
    name: Option<&str>,
    colors: &[i64],
    i: usize,
    p: &CreateTrackParams,
    arm: Option<bool>,
) -> Result<CreatedTrack, ToolError> {
    let place = reader::place(call.live, track)?;
    if let Some(name) = name {
        let text = return_name::to_write(place, name);
        call.live.set(track, "name", &[Atom::Symbol(text)])?;
    }
    if !colors.is_empty() {
        let shown = match name {
            Some(n) => n.to_string(),
            None => lom::text(call.live, track, "name")?,
        };
        names::color(
            call,
            track,
            colors[i % colors.len()],
            &format!("track \"{shown}\""),
        )?;
    }
    for (prop, value) in [
        ("mute", p.mute.map(|f| f.0)),
        ("solo", p.solo.map(|f| f.0)),
        ("arm", arm),
    ] {
        if let Some(v) = value {
            call.live.set(track, prop, &[Atom::Int(i64::from(v))])?;
        }
    }
    let mut o = CreatedTrack {
        id: track.to_string(),
        ..CreatedTrack::default()
    };
    match place {
        Place::Regular(i) => o.track_index = Some(i as i64),
        Place::Return(i) => o.return_track_index = Some(i as i64),
        Place::Master => {}
    }
    Ok(o)
}
