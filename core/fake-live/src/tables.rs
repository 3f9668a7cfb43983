//! The data of the schema: every modelled property (type, access, range) and function
//! (and whether it changes the Set) of each LOM class, per the LOM reference (Live 12.3).

use super::schema::{Func, Prop, Ty};

pub(super) const fn p(
    name: &'static str,
    ty: Ty,
    writable: bool,
    range: Option<(f64, f64)>,
) -> Prop {
    Prop {
        name,
        ty,
        writable,
        range,
    }
}
pub(super) const fn rw(name: &'static str, ty: Ty) -> Prop {
    p(name, ty, true, None)
}
pub(super) const fn ro(name: &'static str, ty: Ty) -> Prop {
    p(name, ty, false, None)
}
pub(super) const fn rr(name: &'static str, ty: Ty, lo: f64, hi: f64) -> Prop {
    p(name, ty, true, Some((lo, hi)))
}

use Ty::*;

pub(super) const APPLICATION: &[Prop] = &[
    ro("open_dialog_count", Int),
    ro("current_dialog_message", Str),
    ro("current_dialog_button_count", Int),
    ro("average_process_usage", Float),
    ro("peak_process_usage", Float),
];
pub(super) const APPLICATION_VIEW: &[Prop] = &[ro("focused_document_view", Str)];
pub(super) const SONG: &[Prop] = &[
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
pub(super) const SONG_VIEW: &[Prop] = &[rw("draw_mode", Bool), rw("follow_song", Bool)];
pub(super) const TRACK: &[Prop] = &[
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
pub(super) const TRACK_VIEW: &[Prop] = &[rw("is_collapsed", Bool)];
pub(super) const MIXER: &[Prop] = &[
    rr("panning_mode", Int, 0.0, 1.0),
    rr("crossfade_assign", Int, 0.0, 2.0),
];
pub(super) const PARAMETER: &[Prop] = &[
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
pub(super) const CLIP_SLOT: &[Prop] = &[
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
pub(super) const CLIP: &[Prop] = &[
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
    rw("is_playing", Bool),
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
    ro("available_warp_modes", IntList),
    rr("gain", Float, 0.0, 1.0),
    rr("pitch_coarse", Int, -48.0, 48.0),
    rr("pitch_fine", Float, -500.0, 500.0),
    ro("file_path", Str),
    ro("sample_length", Int),
    ro("sample_rate", Float),
];
pub(super) const SCENE: &[Prop] = &[
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
pub(super) const CUE_POINT: &[Prop] = &[rw("name", Str), ro("time", Float)];
pub(super) const DEVICE: &[Prop] = &[
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
    ro("multi_sample_mode", Bool),
];
pub(super) const SAMPLE: &[Prop] = &[
    ro("file_path", Str),
    ro("gain", Float),
    ro("length", Int),
    ro("sample_rate", Float),
];
pub(super) const DEVICE_VIEW: &[Prop] = &[rw("is_collapsed", Bool)];
pub(super) const CHAIN: &[Prop] = &[
    rw("name", Str),
    rw("color", Int),
    rr("color_index", Int, 0.0, 69.0),
    rw("mute", Bool),
    rw("solo", Bool),
    rw("is_auto_colored", Bool),
    ro("muted_via_solo", Bool),
    rr("in_note", Int, 0.0, 127.0),
    rr("out_note", Int, 0.0, 127.0),
    rr("choke_group", Int, 0.0, 16.0),
];
pub(super) const DRUM_PAD: &[Prop] = &[
    ro("name", Str),
    ro("note", Int),
    rw("mute", Bool),
    rw("solo", Bool),
];

pub(super) const fn f(name: &'static str) -> Func {
    Func {
        name,
        mutates: false,
    }
}
pub(super) const fn m(name: &'static str) -> Func {
    Func {
        name,
        mutates: true,
    }
}

pub(super) const APPLICATION_FNS: &[Func] = &[
    f("get_major_version"),
    f("get_minor_version"),
    f("get_bugfix_version"),
    f("get_version_string"),
    f("get_document"),
];
pub(super) const APPLICATION_VIEW_FNS: &[Func] = &[f("show_view"), f("hide_view"), f("focus_view")];
pub(super) const SONG_FNS: &[Func] = &[
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
pub(super) const SONG_VIEW_FNS: &[Func] = &[f("select_device")];
pub(super) const TRACK_FNS: &[Func] = &[
    m("create_midi_clip"),
    m("create_audio_clip"),
    m("delete_clip"),
    m("delete_device"),
    m("duplicate_clip_slot"),
    m("duplicate_clip_to_arrangement"),
    m("insert_device"),
    f("stop_all_clips"),
];
pub(super) const PARAMETER_FNS: &[Func] = &[f("str_for_value"), f("re_enable_automation")];
pub(super) const CLIP_SLOT_FNS: &[Func] = &[
    m("create_clip"),
    m("create_audio_clip"),
    m("delete_clip"),
    m("duplicate_clip_to"),
    f("fire"),
    f("stop"),
    f("set_fire_button_state"),
];
pub(super) const CLIP_FNS: &[Func] = &[
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
    f("gain_display_string"),
];
pub(super) const SCENE_FNS: &[Func] =
    &[f("fire"), f("fire_as_selected"), f("set_fire_button_state")];
pub(super) const CUE_FNS: &[Func] = &[f("jump")];
pub(super) const DEVICE_FNS: &[Func] = &[
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
pub(super) const CHAIN_FNS: &[Func] = &[m("insert_device"), m("delete_device")];
pub(super) const DRUM_PAD_FNS: &[Func] = &[m("delete_all_chains")];
pub(super) const SAMPLE_FNS: &[Func] = &[f("gain_display_string")];
