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
    Sample,
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

/// A function and whether a successful call changes the Set (one undo step).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Func {
    pub name: &'static str,
    pub mutates: bool,
}

use super::tables::*;

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
            Class::Device if kind == Kind::Simpler => "SimplerDevice",
            Class::Sample => "Sample",
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
            Class::Sample => SAMPLE,
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
            Class::Sample => SAMPLE_FNS,
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
            Class::Track if matches!(kind, Kind::MasterTrack | Kind::ReturnTrack) => {
                &[("devices", "Device")]
            }
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
            Class::Device if kind == Kind::Simpler => {
                &[("view", "Device.View"), ("sample", "Sample")]
            }
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
            "warping"
            | "warp_mode"
            | "available_warp_modes"
            | "gain"
            | "pitch_coarse"
            | "pitch_fine"
            | "file_path"
            | "sample_length"
            | "sample_rate" => kind == AudioClip,
            _ => true,
        },
        Class::Device => match name {
            "has_drum_pads"
            | "has_macro_mappings"
            | "visible_macro_count"
            | "variation_count"
            | "selected_variation_index" => matches!(kind, Rack | DrumRack),
            "multi_sample_mode" => kind == Simpler,
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
        Class::Clip if name == "gain_display_string" => kind == Kind::AudioClip,
        Class::Song => !matches!(name, "begin_undo_step" | "end_undo_step") || undo_step_fns,
        // `insert_chain` exists everywhere and answers `1` on non-racks (observed).
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
