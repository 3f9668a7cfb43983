//! The LOM classes the fake models: their properties (type, access, range), child
//! lists, single children and functions. This table drives `info`, `children`, the
//! "unknown property" errors and the generic type and range checks of `set`.

use super::store::Kind;

/// A LOM class. Nested classes print dotted (`Song.View`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Class {
    Application,
    ApplicationView,
    Song,
    SongView,
    Track,
    TrackView,
    MixerDevice,
    DeviceParameter,
    ClipSlot,
    Clip,
    Scene,
    CuePoint,
    Device,
    DeviceView,
    Chain,
    DrumPad,
}

/// Property value type, as `info` prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ty {
    Int,
    Float,
    Bool,
    Str,
    IntList,
    StrList,
    /// A dict-typed property, read and written as one JSON string.
    Dict,
}

impl Ty {
    /// The type word of an `info` line.
    pub fn info_name(self) -> &'static str {
        match self {
            Ty::Int => "int",
            Ty::Float => "float",
            Ty::Bool => "bool",
            Ty::Str => "symbol",
            Ty::IntList => "list",
            Ty::StrList => "list",
            Ty::Dict => "dict",
        }
    }
}

/// One property: name, type, writability and inclusive numeric range.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Prop {
    pub name: &'static str,
    pub ty: Ty,
    pub writable: bool,
    pub range: Option<(f64, f64)>,
}

const fn p(name: &'static str, ty: Ty, writable: bool, range: Option<(f64, f64)>) -> Prop {
    Prop {
        name,
        ty,
        writable,
        range,
    }
}
const fn rw(name: &'static str, ty: Ty) -> Prop {
    p(name, ty, true, None)
}
const fn ro(name: &'static str, ty: Ty) -> Prop {
    p(name, ty, false, None)
}
const fn rr(name: &'static str, ty: Ty, lo: f64, hi: f64) -> Prop {
    p(name, ty, true, Some((lo, hi)))
}

use Ty::*;

const APPLICATION: &[Prop] = &[
    ro("open_dialog_count", Int),
    ro("current_dialog_message", Str),
    ro("current_dialog_button_count", Int),
    ro("average_process_usage", Float),
    ro("peak_process_usage", Float),
];
const APPLICATION_VIEW: &[Prop] = &[ro("focused_document_view", Str)];
const SONG: &[Prop] = &[
    rr("tempo", Float, 20.0, 999.0),
    rr("signature_numerator", Int, 1.0, 99.0),
    rr("signature_denominator", Int, 1.0, 16.0),
    rw("is_playing", Bool),
    rr("current_song_time", Float, 0.0, f64::MAX),
    rw("loop", Bool),
    rr("loop_start", Float, 0.0, f64::MAX),
    rr("loop_length", Float, 0.0, f64::MAX),
    rr("start_time", Float, 0.0, f64::MAX),
    ro("song_length", Float),
    ro("last_event_time", Float),
    rr("root_note", Int, 0.0, 11.0),
    rw("scale_name", Str),
    rw("scale_mode", Bool),
    ro("scale_intervals", IntList),
    rw("metronome", Bool),
    rw("record_mode", Bool),
    rw("session_record", Bool),
    rw("overdub", Bool),
    rr("clip_trigger_quantization", Int, 0.0, 13.0),
    rr("groove_amount", Float, 0.0, 1.0),
    rr("swing_amount", Float, 0.0, 1.0),
    ro("can_undo", Bool),
    ro("can_redo", Bool),
    rw("back_to_arranger", Bool),
    ro("name", Str),
    ro("file_path", Str),
];
const SONG_VIEW: &[Prop] = &[rw("draw_mode", Bool), rw("follow_song", Bool)];
const TRACK: &[Prop] = &[
    rw("name", Str),
    rw("color", Int),
    rr("color_index", Int, 0.0, 69.0),
    rw("mute", Bool),
    rw("solo", Bool),
    rw("arm", Bool),
    rw("fold_state", Bool),
    ro("can_be_armed", Bool),
    ro("has_midi_input", Bool),
    ro("has_audio_input", Bool),
    ro("has_midi_output", Bool),
    ro("has_audio_output", Bool),
    ro("is_foldable", Bool),
    ro("is_grouped", Bool),
    ro("is_visible", Bool),
    ro("muted_via_solo", Bool),
    ro("playing_slot_index", Int),
    ro("fired_slot_index", Int),
    rr("current_monitoring_state", Int, 0.0, 2.0),
    rw("input_routing_type", Dict),
    rw("input_routing_channel", Dict),
    rw("output_routing_type", Dict),
    rw("output_routing_channel", Dict),
    ro("available_input_routing_types", Dict),
    ro("available_input_routing_channels", Dict),
    ro("available_output_routing_types", Dict),
    ro("available_output_routing_channels", Dict),
];
const TRACK_VIEW: &[Prop] = &[rw("is_collapsed", Bool)];
const MIXER: &[Prop] = &[
    rr("panning_mode", Int, 0.0, 1.0),
    rr("crossfade_assign", Int, 0.0, 2.0),
];
const PARAMETER: &[Prop] = &[
    rw("value", Float),
    rw("display_value", Float),
    ro("name", Str),
    ro("original_name", Str),
    ro("min", Float),
    ro("max", Float),
    ro("default_value", Float),
    ro("is_quantized", Bool),
    ro("is_enabled", Bool),
    ro("value_items", StrList),
    ro("automation_state", Int),
    ro("state", Int),
];
const CLIP_SLOT: &[Prop] = &[
    ro("has_clip", Bool),
    rw("has_stop_button", Bool),
    ro("is_playing", Bool),
    ro("is_triggered", Bool),
    ro("is_recording", Bool),
    ro("is_group_slot", Bool),
    ro("will_record_on_start", Bool),
    ro("playing_status", Int),
    ro("color", Int),
    ro("color_index", Int),
];
const CLIP: &[Prop] = &[
    rw("name", Str),
    rw("color", Int),
    rr("color_index", Int, 0.0, 69.0),
    ro("length", Float),
    rw("looping", Bool),
    rw("loop_start", Float),
    rw("loop_end", Float),
    rw("start_marker", Float),
    rw("end_marker", Float),
    rw("position", Float),
    ro("is_midi_clip", Bool),
    ro("is_audio_clip", Bool),
    ro("is_session_clip", Bool),
    ro("is_arrangement_clip", Bool),
    ro("start_time", Float),
    ro("end_time", Float),
    ro("is_playing", Bool),
    ro("is_triggered", Bool),
    ro("is_recording", Bool),
    ro("is_overdubbing", Bool),
    ro("playing_position", Float),
    rr("signature_numerator", Int, 1.0, 99.0),
    rr("signature_denominator", Int, 1.0, 16.0),
    rw("muted", Bool),
    rr("launch_mode", Int, 0.0, 3.0),
    rr("launch_quantization", Int, 0.0, 14.0),
    rw("legato", Bool),
    rw("warping", Bool),
    rr("warp_mode", Int, 0.0, 6.0),
    rr("gain", Float, 0.0, 1.0),
    rr("pitch_coarse", Int, -48.0, 48.0),
    rr("pitch_fine", Float, -50.0, 49.0),
    ro("file_path", Str),
    ro("sample_length", Int),
    ro("sample_rate", Float),
];
const SCENE: &[Prop] = &[
    rw("name", Str),
    rw("color", Int),
    rr("color_index", Int, 0.0, 69.0),
    ro("is_empty", Bool),
    ro("is_triggered", Bool),
    rr("tempo", Float, 20.0, 999.0),
    rw("tempo_enabled", Bool),
    rr("time_signature_numerator", Int, 1.0, 99.0),
    rr("time_signature_denominator", Int, 1.0, 16.0),
    rw("time_signature_enabled", Bool),
];
const CUE_POINT: &[Prop] = &[rw("name", Str), ro("time", Float)];
const DEVICE: &[Prop] = &[
    rw("name", Str),
    ro("class_name", Str),
    ro("class_display_name", Str),
    ro("type", Int),
    ro("is_active", Bool),
    ro("can_have_chains", Bool),
    ro("can_have_drum_pads", Bool),
    ro("can_compare_ab", Bool),
    rw("is_using_compare_preset_b", Bool),
    ro("has_drum_pads", Bool),
    ro("has_macro_mappings", Bool),
    ro("visible_macro_count", Int),
    ro("variation_count", Int),
    rw("selected_variation_index", Int),
];
const DEVICE_VIEW: &[Prop] = &[rw("is_collapsed", Bool)];
const CHAIN: &[Prop] = &[
    rw("name", Str),
    rw("color", Int),
    rr("color_index", Int, 0.0, 69.0),
    rw("mute", Bool),
    rw("solo", Bool),
    rw("is_auto_colored", Bool),
    ro("muted_via_solo", Bool),
    rr("in_note", Int, -1.0, 127.0),
    rr("out_note", Int, 0.0, 127.0),
    rr("choke_group", Int, 0.0, 16.0),
];
const DRUM_PAD: &[Prop] = &[
    ro("name", Str),
    ro("note", Int),
    rw("mute", Bool),
    rw("solo", Bool),
];

/// A function and whether a successful call changes the Set (one undo step).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Func {
    pub name: &'static str,
    pub mutates: bool,
}

const fn f(name: &'static str) -> Func {
    Func {
        name,
        mutates: false,
    }
}
const fn m(name: &'static str) -> Func {
    Func {
        name,
        mutates: true,
    }
}

const APPLICATION_FNS: &[Func] = &[
    f("get_major_version"),
    f("get_minor_version"),
    f("get_bugfix_version"),
    f("get_version_string"),
    f("get_document"),
];
const APPLICATION_VIEW_FNS: &[Func] = &[f("show_view"), f("hide_view"), f("focus_view")];
const SONG_FNS: &[Func] = &[
    m("create_midi_track"),
    m("create_audio_track"),
    m("create_return_track"),
    m("create_scene"),
    m("delete_track"),
    m("delete_return_track"),
    m("delete_scene"),
    m("duplicate_track"),
    m("duplicate_scene"),
    m("capture_and_insert_scene"),
    m("set_or_delete_cue"),
    m("move_device"),
    f("start_playing"),
    f("stop_playing"),
    f("continue_playing"),
    f("stop_all_clips"),
    f("undo"),
    f("redo"),
    f("jump_by"),
    f("get_current_beats_song_time"),
    f("begin_undo_step"),
    f("end_undo_step"),
];
const SONG_VIEW_FNS: &[Func] = &[f("select_device")];
const TRACK_FNS: &[Func] = &[
    m("create_midi_clip"),
    m("create_audio_clip"),
    m("delete_clip"),
    m("delete_device"),
    m("duplicate_clip_slot"),
    m("duplicate_clip_to_arrangement"),
    m("insert_device"),
    f("stop_all_clips"),
];
const PARAMETER_FNS: &[Func] = &[f("str_for_value"), f("re_enable_automation")];
const CLIP_SLOT_FNS: &[Func] = &[
    m("create_clip"),
    m("create_audio_clip"),
    m("delete_clip"),
    m("duplicate_clip_to"),
    f("fire"),
    f("stop"),
    f("set_fire_button_state"),
];
const CLIP_FNS: &[Func] = &[
    f("get_notes_extended"),
    f("get_all_notes_extended"),
    f("get_selected_notes_extended"),
    f("get_notes_by_id"),
    m("add_new_notes"),
    m("apply_note_modifications"),
    m("remove_notes_extended"),
    m("remove_notes_by_id"),
    m("duplicate_notes_by_id"),
    m("quantize"),
    m("quantize_pitch"),
    m("duplicate_loop"),
    m("crop"),
    f("select_all_notes"),
    f("deselect_all_notes"),
    f("fire"),
    f("stop"),
    f("set_fire_button_state"),
];
const SCENE_FNS: &[Func] = &[f("fire"), f("fire_as_selected"), f("set_fire_button_state")];
const CUE_FNS: &[Func] = &[f("jump")];
const DEVICE_FNS: &[Func] = &[
    m("save_preset_to_compare_ab_slot"),
    m("insert_chain"),
    m("store_variation"),
    m("recall_selected_variation"),
    m("recall_last_used_variation"),
    m("delete_selected_variation"),
    m("randomize_macros"),
    m("add_macro"),
    m("remove_macro"),
];
const CHAIN_FNS: &[Func] = &[m("insert_device"), m("delete_device")];
const DRUM_PAD_FNS: &[Func] = &[m("delete_all_chains")];

impl Class {
    /// The class name `type` reports; `kind` picks subclasses (RackDevice, DrumChain).
    pub fn type_name(self, kind: Kind, parent: Option<Class>) -> &'static str {
        match self {
            Class::Application => "Application",
            Class::ApplicationView => "Application.View",
            Class::Song => "Song",
            Class::SongView => "Song.View",
            Class::Track => "Track",
            Class::TrackView => "Track.View",
            Class::MixerDevice if parent == Some(Class::Chain) => "ChainMixerDevice",
            Class::MixerDevice => "MixerDevice",
            Class::DeviceParameter => "DeviceParameter",
            Class::ClipSlot => "ClipSlot",
            Class::Clip => "Clip",
            Class::Scene => "Scene",
            Class::CuePoint => "CuePoint",
            Class::Device if matches!(kind, Kind::Rack | Kind::DrumRack) => "RackDevice",
            Class::Device => "Device",
            Class::DeviceView => "Device.View",
            Class::Chain if kind == Kind::DrumChain => "DrumChain",
            Class::Chain => "Chain",
            Class::DrumPad => "DrumPad",
        }
    }

    fn all_props(self) -> &'static [Prop] {
        match self {
            Class::Application => APPLICATION,
            Class::ApplicationView => APPLICATION_VIEW,
            Class::Song => SONG,
            Class::SongView => SONG_VIEW,
            Class::Track => TRACK,
            Class::TrackView => TRACK_VIEW,
            Class::MixerDevice => MIXER,
            Class::DeviceParameter => PARAMETER,
            Class::ClipSlot => CLIP_SLOT,
            Class::Clip => CLIP,
            Class::Scene => SCENE,
            Class::CuePoint => CUE_POINT,
            Class::Device => DEVICE,
            Class::DeviceView => DEVICE_VIEW,
            Class::Chain => CHAIN,
            Class::DrumPad => DRUM_PAD,
        }
    }

    fn all_fns(self) -> &'static [Func] {
        match self {
            Class::Application => APPLICATION_FNS,
            Class::ApplicationView => APPLICATION_VIEW_FNS,
            Class::Song => SONG_FNS,
            Class::SongView => SONG_VIEW_FNS,
            Class::Track => TRACK_FNS,
            Class::DeviceParameter => PARAMETER_FNS,
            Class::ClipSlot => CLIP_SLOT_FNS,
            Class::Clip => CLIP_FNS,
            Class::Scene => SCENE_FNS,
            Class::CuePoint => CUE_FNS,
            Class::Device => DEVICE_FNS,
            Class::Chain => CHAIN_FNS,
            Class::DrumPad => DRUM_PAD_FNS,
            Class::TrackView | Class::MixerDevice | Class::DeviceView => &[],
        }
    }

    /// List children (`get` gives flat id lists, `getcount` counts them).
    pub fn list_children(self, kind: Kind) -> &'static [(&'static str, &'static str)] {
        match self {
            Class::Application => &[("control_surfaces", "ControlSurface")],
            Class::Song => &[
                ("tracks", "Track"),
                ("return_tracks", "Track"),
                ("visible_tracks", "Track"),
                ("scenes", "Scene"),
                ("cue_points", "CuePoint"),
            ],
            Class::Track if kind == Kind::MasterTrack => &[("devices", "Device")],
            Class::Track if kind == Kind::ReturnTrack => &[("devices", "Device")],
            Class::Track => &[
                ("clip_slots", "ClipSlot"),
                ("arrangement_clips", "Clip"),
                ("devices", "Device"),
                ("take_lanes", "TakeLane"),
            ],
            Class::MixerDevice => &[("sends", "DeviceParameter")],
            Class::Scene => &[("clip_slots", "ClipSlot")],
            Class::Device if kind == Kind::DrumRack => &[
                ("parameters", "DeviceParameter"),
                ("chains", "Chain"),
                ("return_chains", "Chain"),
                ("drum_pads", "DrumPad"),
                ("visible_drum_pads", "DrumPad"),
            ],
            Class::Device if kind == Kind::Rack => &[
                ("parameters", "DeviceParameter"),
                ("chains", "Chain"),
                ("return_chains", "Chain"),
            ],
            Class::Device => &[("parameters", "DeviceParameter")],
            Class::Chain => &[("devices", "Device")],
            Class::DrumPad => &[("chains", "Chain")],
            _ => &[],
        }
    }

    /// Single children and object-valued properties (`get` gives `["id", n]`).
    pub fn single_children(self, kind: Kind) -> &'static [(&'static str, &'static str)] {
        match self {
            Class::Application => &[("view", "Application.View")],
            Class::Song => &[("master_track", "Track"), ("view", "Song.View")],
            Class::SongView => &[
                ("selected_track", "Track"),
                ("selected_scene", "Scene"),
                ("detail_clip", "Clip"),
                ("highlighted_clip_slot", "ClipSlot"),
                ("selected_chain", "Chain"),
                ("selected_parameter", "DeviceParameter"),
            ],
            Class::Track => &[
                ("mixer_device", "MixerDevice"),
                ("view", "Track.View"),
                ("group_track", "Track"),
            ],
            Class::TrackView => &[("selected_device", "Device")],
            Class::MixerDevice if kind == Kind::MasterTrack => &[
                ("volume", "DeviceParameter"),
                ("panning", "DeviceParameter"),
                ("track_activator", "DeviceParameter"),
                ("left_split_stereo", "DeviceParameter"),
                ("right_split_stereo", "DeviceParameter"),
                ("cue_volume", "DeviceParameter"),
                ("crossfader", "DeviceParameter"),
                ("song_tempo", "DeviceParameter"),
            ],
            Class::MixerDevice => &[
                ("volume", "DeviceParameter"),
                ("panning", "DeviceParameter"),
                ("track_activator", "DeviceParameter"),
                ("left_split_stereo", "DeviceParameter"),
                ("right_split_stereo", "DeviceParameter"),
            ],
            Class::ClipSlot => &[("clip", "Clip")],
            Class::Device => &[("view", "Device.View")],
            Class::Chain => &[("mixer_device", "ChainMixerDevice")],
            _ => &[],
        }
    }

    /// The properties an object of this class and kind has.
    pub fn props(self, kind: Kind) -> impl Iterator<Item = &'static Prop> {
        self.all_props()
            .iter()
            .filter(move |p| prop_available(self, kind, p.name))
    }

    /// Looks a property up, honouring per-kind absences (no `arm` on return tracks …).
    pub fn prop(self, kind: Kind, name: &str) -> Option<&'static Prop> {
        self.props(kind).find(|p| p.name == name)
    }

    /// The functions an object of this class and kind has.
    pub fn fns(self, kind: Kind, undo_step_fns: bool) -> impl Iterator<Item = &'static Func> {
        self.all_fns()
            .iter()
            .filter(move |f| fn_available(self, kind, f.name, undo_step_fns))
    }

    /// Looks a function up.
    pub fn func(self, kind: Kind, name: &str, undo_step_fns: bool) -> Option<&'static Func> {
        self.fns(kind, undo_step_fns).find(|f| f.name == name)
    }
}

fn prop_available(class: Class, kind: Kind, name: &str) -> bool {
    use Kind::*;
    match class {
        Class::Track => match name {
            "mute" | "solo" => kind != MasterTrack,
            "arm" => matches!(kind, MidiTrack | AudioTrack),
            "fold_state" => kind == GroupTrack,
            "current_monitoring_state" => matches!(kind, MidiTrack | AudioTrack),
            n if n.starts_with("input_routing") || n.starts_with("available_input") => {
                matches!(kind, MidiTrack | AudioTrack)
            }
            _ => true,
        },
        Class::MixerDevice => name != "crossfade_assign" || kind != MasterTrack,
        Class::Clip => match name {
            "warping" | "warp_mode" | "gain" | "pitch_coarse" | "pitch_fine" | "file_path"
            | "sample_length" | "sample_rate" => kind == AudioClip,
            _ => true,
        },
        Class::Device => match name {
            "has_drum_pads"
            | "has_macro_mappings"
            | "visible_macro_count"
            | "variation_count"
            | "selected_variation_index" => matches!(kind, Rack | DrumRack),
            _ => true,
        },
        Class::Chain => match name {
            "in_note" | "out_note" | "choke_group" => kind == DrumChain,
            _ => true,
        },
        _ => true,
    }
}

fn fn_available(class: Class, kind: Kind, name: &str, undo_step_fns: bool) -> bool {
    match class {
        Class::Song => !matches!(name, "begin_undo_step" | "end_undo_step") || undo_step_fns,
        // `insert_chain` exists everywhere and answers `1` on non-racks [O].
        Class::Device => match name {
            "save_preset_to_compare_ab_slot" | "insert_chain" => true,
            _ => matches!(kind, Kind::Rack | Kind::DrumRack),
        },
        Class::Track => match kind {
            Kind::MasterTrack | Kind::ReturnTrack => {
                matches!(name, "insert_device" | "delete_device")
            }
            _ => true,
        },
        _ => true,
    }
}
