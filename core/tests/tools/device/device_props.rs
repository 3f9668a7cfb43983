//! Property tests of the device tools: device paths round-trip through their text and
//! parsing never panics (docs/design/tool-contract.md §1.2); for every unit kind of the
//! fake's catalogue, a value shown as display text and written back gives the same value
//! within the parameter's resolution (docs/design/tool-rules.md §14, §16).

use barline_core::live::{LiveId, LivePort};
use barline_core::tools::testing::device_path::{DevicePath, PadNote, Root, Seg};
use barline_core::tools::testing::param_value::{self as pv, Kind, Unit};
use barline_fake_live::FakeLive;
use proptest::prelude::*;
use serde_json::Value;

fn root() -> impl Strategy<Value = Root> {
    prop_oneof![
        (0usize..200).prop_map(Root::Track),
        (0usize..12).prop_map(Root::Return),
        Just(Root::Master),
    ]
}

const SPELLINGS: [&str; 7] = ["C", "C#", "Db", "D", "F#", "Bb", "B"];

fn pad() -> impl Strategy<Value = PadNote> {
    prop_oneof![
        Just(PadNote {
            pitch: None,
            spelled: "*".into()
        }),
        (0usize..SPELLINGS.len(), -1i64..8).prop_filter_map("in MIDI range", |(s, o)| {
            let text = format!("{}{o}", SPELLINGS[s]);
            barline_core::tools::testing::device_path::parse_pitch(&text).map(|p| PadNote {
                pitch: Some(p),
                spelled: text,
            })
        }),
    ]
}

/// Paths that follow the grammar: devices alternate with chains or pads.
fn path() -> impl Strategy<Value = DevicePath> {
    let level = (0usize..20, 0u8..4, 0usize..20, pad(), 0usize..3);
    (root(), prop::collection::vec(level, 0..5), any::<bool>()).prop_map(|(root, levels, end)| {
        let mut segs = Vec::new();
        for (d, how, c, p, k) in levels {
            segs.push(Seg::Device(d));
            match how {
                0 => segs.push(Seg::Chain(c)),
                1 => segs.push(Seg::ReturnChain(c)),
                2 => segs.push(Seg::Pad(p)),
                _ => {
                    segs.push(Seg::Pad(p));
                    segs.push(Seg::Chain(k));
                }
            }
        }
        if end {
            segs.push(Seg::Device(0));
        }
        DevicePath { root, segs }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1_000))]
    #[test]
    fn formatted_paths_parse_back_to_the_same_path(p in path()) {
        let text = p.to_string();
        let back = DevicePath::parse(&text).map_err(|e| TestCaseError::fail(e.message))?;
        prop_assert_eq!(&back, &p);
        prop_assert_eq!(back.to_string(), text);
    }

    #[test]
    fn parsing_path_like_text_never_panics(text in "[trmdcp0-9/*#b A-G-]{0,24}") {
        if let Ok(p) = DevicePath::parse(&text) {
            prop_assert_eq!(p.to_string(), text.trim());
        }
    }

    #[test]
    fn parsing_any_text_never_panics(text in "\\PC{0,40}") {
        let _ = DevicePath::parse(&text);
    }
}

/// A Set with one device of each parameter unit the fake's catalogue uses.
const SET: &str = r#"{"format":"barline-live-set/1","scenes":[{}],
  "tracks":[
    {"kind":"audio","devices":[{"device":"Auto Filter"},{"device":"Reverb"},{"device":"Utility"},{"device":"Delay"},{"device":"Audio Effect Rack"}]},
    {"kind":"midi","devices":[{"device":"Pitch"},{"device":"Scale"},{"device":"Arpeggiator"},{"device":"Operator"}]}
  ]}"#;

fn all_params(live: &mut FakeLive) -> Vec<LiveId> {
    let mut out = Vec::new();
    for t in 0..2 {
        for d in 0..5 {
            let dev = live.resolve(&format!("live_set tracks {t} devices {d}"));
            if dev.is_none() {
                continue;
            }
            let n = live.get_count(dev, "parameters").unwrap();
            for p in 0..n {
                out.push(live.resolve(&format!("live_set tracks {t} devices {d} parameters {p}")));
            }
        }
    }
    out
}

/// One step of the label's last digit, in the displayed unit (`1.20 kHz` → 10 Hz).
fn resolution(label: &str) -> f64 {
    let number: String = label
        .trim()
        .chars()
        .take_while(|c| c.is_ascii_digit() || matches!(c, '.' | '-'))
        .collect();
    let decimals = number.split_once('.').map_or(0, |(_, f)| f.len());
    let scale = match label.trim().rsplit(' ').next() {
        Some("kHz") | Some("s") => 1000.0,
        _ => 1.0,
    };
    scale / 10f64.powi(decimals as i32)
}

#[test]
fn the_catalogue_set_covers_every_unit_kind() {
    let mut live = FakeLive::from_json(SET).unwrap();
    let mut seen = std::collections::BTreeSet::new();
    for p in all_params(&mut live) {
        let d = pv::describe(&mut live, p).unwrap();
        seen.insert(match d.kind {
            Kind::Quantized(items) if items.iter().any(|i| pv::is_division(i)) => {
                "division".to_string()
            }
            Kind::Quantized(_) => "quantized".into(),
            Kind::Division { .. } => "division".into(),
            Kind::Pan { .. } => "pan".into(),
            Kind::Note => "note".into(),
            Kind::Numeric { unit, .. } => format!("{unit:?}"),
        });
    }
    let want = [
        "Db",
        "Hz",
        "Ms",
        "Percent",
        "Plain",
        "Semitones",
        "division",
        "note",
        "pan",
        "quantized",
    ];
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), want);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn display_text_written_back_gives_the_same_value(fractions in prop::collection::vec(0.0f64..=1.0, 40)) {
        let mut live = FakeLive::from_json(SET).unwrap();
        let params = all_params(&mut live);
        for (p, f) in params.iter().zip(fractions.iter().cycle()) {
            let d = pv::describe(&mut live, *p).unwrap();
            let mut raw = d.min + f * (d.max - d.min);
            if matches!(d.kind, Kind::Quantized(_) | Kind::Division { .. } | Kind::Note) {
                raw = raw.round();
            }
            let text = pv::display_text(&mut live, &d, raw).unwrap();
            let before = pv::shown(&mut live, &d, raw).unwrap();
            let mut warnings = Vec::new();
            prop_assert!(pv::write(&mut live, &d, &text, &mut warnings).unwrap(), "{} {text}", d.name);
            prop_assert!(warnings.is_empty(), "{} {text}: {warnings:?}", d.name);
            let written = live.get(*p, "value").unwrap()[0].as_f64().unwrap();
            let after = pv::shown(&mut live, &d, written).unwrap();
            match (&before, &after) {
                (Value::Number(a), Value::Number(b)) => {
                    let (a, b) = (a.as_f64().unwrap(), b.as_f64().unwrap());
                    let step = match d.kind {
                        Kind::Pan { scale } => 1.0 / scale,
                        Kind::Numeric { unit: Unit::Plain, .. } => 1e-4,
                        _ => resolution(&pv::label(&mut live, *p, raw).unwrap()),
                    };
                    prop_assert!((a - b).abs() <= step + 1e-9, "{}: {text} shows {a}, written back {b} (step {step})", d.name);
                }
                _ => prop_assert_eq!(&before, &after, "{}: {}", d.name, text),
            }
        }
    }
}

#[test]
fn labels_of_every_unit_parse_into_base_units() {
    let cases: &[(&str, f64, Unit)] = &[
        ("996.0 Hz", 996.0, Unit::Hz),
        ("1.20 kHz", 1200.0, Unit::Hz),
        ("20.0 ms", 20.0, Unit::Ms),
        ("2.50 s", 2500.0, Unit::Ms),
        ("-6.0 dB", -6.0, Unit::Db),
        ("35 %", 35.0, Unit::Percent),
        ("-12 st", -12.0, Unit::Semitones),
        ("C3", 60.0, Unit::Note),
        ("F#-1", 18.0, Unit::Note),
        ("12L", -12.0, Unit::Pan),
        ("C", 0.0, Unit::Pan),
        ("30R", 30.0, Unit::Pan),
        ("0.25", 0.25, Unit::Plain),
    ];
    for (text, value, unit) in cases {
        assert_eq!(pv::parse_label(text), Some((*value, *unit)), "{text}");
    }
    assert_eq!(
        pv::parse_label("-inf dB"),
        Some((f64::NEG_INFINITY, Unit::Db))
    );
    assert_eq!(pv::parse_label("fast"), None);
    assert!(pv::is_division("1/8T") && pv::is_division("1/16") && !pv::is_division("1/x"));
}

#[test]
fn pad_pitches_are_read_as_notes_read_them() {
    use barline_core::notation::pitch_value;
    use barline_core::tools::testing::device_path::parse_pitch;
    let classes = [
        "C", "C#", "Db", "D", "D#", "Eb", "E", "F", "F#", "Gb", "G", "G#", "Ab", "A", "A#", "Bb",
        "B",
    ];
    for class in classes {
        for octave in -2..=9 {
            let text = format!("{class}{octave}");
            assert_eq!(parse_pitch(&text), pitch_value(&text), "{text}");
        }
    }
    // A path spells the octave one way only, and no spelling the notation lacks.
    for text in ["C01", "C-01", "Cb1", "E#1", "c1", "C1 "] {
        assert_eq!(parse_pitch(text), None, "{text}");
    }
}
