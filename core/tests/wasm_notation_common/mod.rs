//! Notation tests through the `#[wasm_bindgen]` exports, shared by the Node test file
//! (`wasm_notation.rs`) and the browser one (`wasm_notation_browser.rs`): the same
//! assertions must hold wherever the wasm runs.

use barline_core::wasm::notation::{format_notation, interpret_notation, parse_notation};
use js_sys::{Array, Error, Object, Reflect, JSON};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).expect("object")
}

fn json(v: &JsValue) -> String {
    JSON::stringify(v).unwrap().as_string().unwrap()
}

fn options(ts: Option<(f64, f64)>, drum: Option<bool>) -> JsValue {
    let o = Object::new();
    if let Some((n, d)) = ts {
        let ts: Array = [n, d].iter().map(|&x| JsValue::from_f64(x)).collect();
        Reflect::set(&o, &"timeSignature".into(), &ts).unwrap();
    }
    if let Some(drum) = drum {
        Reflect::set(&o, &"drumMode".into(), &JsValue::from_bool(drum)).unwrap();
    }
    o.into()
}

fn thrown(result: Result<impl std::fmt::Debug, JsValue>) -> Error {
    result
        .expect_err("expected an error")
        .dyn_into::<Error>()
        .expect("an Error object")
}

#[wasm_bindgen_test]
fn interpret_returns_plain_note_objects_and_warnings() {
    let result = interpret_notation(
        JsValue::from_str("v90 t/2 C3 E3 1|2 1|3,5"),
        options(Some((4.0, 4.0)), None),
    )
    .unwrap();
    assert_eq!(
        json(&get(&result, "notes")),
        concat!(
            r#"[{"pitch":60,"start_time":1,"duration":0.5,"velocity":90,"probability":1,"velocity_deviation":0},"#,
            r#"{"pitch":64,"start_time":1,"duration":0.5,"velocity":90,"probability":1,"velocity_deviation":0},"#,
            r#"{"pitch":60,"start_time":2,"duration":0.5,"velocity":90,"probability":1,"velocity_deviation":0},"#,
            r#"{"pitch":64,"start_time":2,"duration":0.5,"velocity":90,"probability":1,"velocity_deviation":0},"#,
            r#"{"pitch":60,"start_time":4,"duration":0.5,"velocity":90,"probability":1,"velocity_deviation":0},"#,
            r#"{"pitch":64,"start_time":4,"duration":0.5,"velocity":90,"probability":1,"velocity_deviation":0}]"#
        )
    );
    assert_eq!(json(&get(&result, "warnings")), "[]");
    let warned = interpret_notation(JsValue::from_str("1|1 C3"), JsValue::UNDEFINED).unwrap();
    assert_eq!(
        json(&get(&warned, "warnings")),
        r#"["Time position 1|1 has no pitches","1 pitch(es) buffered but no time position to emit them"]"#
    );
}

#[wasm_bindgen_test]
fn time_signature_option_scales_positions() {
    // 6/8: 1|4 is 1.5 quarter notes, t1 lasts half a quarter note
    // (docs/design/notation.md §4.4).
    let result = interpret_notation(
        JsValue::from_str("C3 1|4 D3 2|1"),
        options(Some((6.0, 8.0)), None),
    )
    .unwrap();
    let notes = get(&result, "notes");
    let first = Array::from(&notes).get(0);
    assert_eq!(get(&first, "start_time").as_f64(), Some(1.5));
    assert_eq!(get(&first, "duration").as_f64(), Some(0.5));
    assert_eq!(
        get(&Array::from(&notes).get(1), "start_time").as_f64(),
        Some(3.0)
    );
}

#[wasm_bindgen_test]
fn syntax_errors_carry_position_and_expectations() {
    // "😀" is two UTF-16 code units: the error offset counts code units
    // (docs/design/notation.md §2.1).
    let e = thrown(interpret_notation(
        JsValue::from_str("// 😀\n$"),
        JsValue::UNDEFINED,
    ));
    assert_eq!(
        String::from(e.message()),
        "bar|beat syntax error at position 6 (line 2, column 1): Expected bar copy operation, \
         time position, probability value, velocity value, duration value but \"$\" found"
    );
    assert_eq!(get(&e, "kind").as_string().as_deref(), Some("syntax"));
    assert_eq!(get(&e, "offset").as_f64(), Some(6.0));
    assert_eq!(get(&e, "line").as_f64(), Some(2.0));
    assert_eq!(get(&e, "column").as_f64(), Some(1.0));
    assert_eq!(Array::from(&get(&e, "expected")).length(), 5);
    let e = thrown(parse_notation(JsValue::from_str("C3E3 1|1")));
    assert_eq!(json(&get(&e, "expected")), r#"["valid syntax"]"#);
    assert_eq!(get(&e, "offset").as_f64(), Some(2.0));
}

#[wasm_bindgen_test]
fn value_and_interpretation_errors() {
    let e = thrown(interpret_notation(
        JsValue::from_str("v128 $"),
        JsValue::UNDEFINED,
    ));
    assert_eq!(
        String::from(e.message()),
        "MIDI velocity 128 outside valid range 0-127"
    );
    assert_eq!(get(&e, "kind").as_string().as_deref(), Some("value"));
    // The warning produced before the interpretation error travels with it
    // (docs/design/notation.md §5.1).
    let e = thrown(interpret_notation(
        JsValue::from_str("1|1 t1:2 C3 1|1"),
        JsValue::UNDEFINED,
    ));
    assert_eq!(
        String::from(e.message()),
        "Time signature numerator required for bar:beat duration format: \"1:2\""
    );
    assert_eq!(
        json(&get(&e, "warnings")),
        r#"["Time position 1|1 has no pitches"]"#
    );
}

#[wasm_bindgen_test]
fn incomplete_time_signature_is_rejected() {
    let only_numerator = Object::new();
    let ts: Array = [JsValue::from_f64(3.0), JsValue::NULL].iter().collect();
    Reflect::set(&only_numerator, &"timeSignature".into(), &ts).unwrap();
    let e = thrown(interpret_notation(
        JsValue::from_str("C3 1|1"),
        only_numerator.clone().into(),
    ));
    assert_eq!(
        String::from(e.message()),
        "Time signature must be specified with both numerator and denominator"
    );
    // Empty input is answered before the option check.
    assert!(interpret_notation(JsValue::from_str(""), only_numerator.into()).is_ok());
    let e = thrown(interpret_notation(
        JsValue::from_str("C3 1|1"),
        options(Some((4.0, 0.5)), None),
    ));
    assert_eq!(get(&e, "kind").as_string().as_deref(), Some("input"));
}

#[wasm_bindgen_test]
fn format_accepts_plain_objects_with_defaults() {
    let notes = JSON::parse(
        r#"[{"pitch":36,"start_time":0,"duration":0.25,"velocity":100},
            {"pitch":36,"start_time":1,"duration":0.25,"velocity":100},
            {"pitch":38,"start_time":0.5,"duration":0.25,"velocity":90,"probability":1,"velocity_deviation":0},
            {"pitch":38,"start_time":1.5,"duration":0.25,"velocity":90}]"#,
    )
    .unwrap();
    let text = format_notation(notes, options(Some((4.0, 4.0)), Some(true))).unwrap();
    assert_eq!(text, "t/4 C1 1|1,2 v90 D1 1|1.5,2.5");
    assert_eq!(
        format_notation(Array::new().into(), JsValue::UNDEFINED).unwrap(),
        ""
    );
}

#[wasm_bindgen_test]
fn format_rejects_bad_notes_precisely() {
    let e = thrown(format_notation(
        JSON::parse(r#"[{"pitch":128,"start_time":0,"duration":1,"velocity":100}]"#).unwrap(),
        JsValue::UNDEFINED,
    ));
    assert_eq!(String::from(e.message()), "Invalid MIDI pitch: 128");
    assert_eq!(get(&e, "kind").as_string().as_deref(), Some("format"));
    let e = thrown(format_notation(
        JSON::parse(r#"[{"pitch":60,"start_time":0,"duration":1,"velocity":100},{"pitch":"C3"}]"#)
            .unwrap(),
        JsValue::UNDEFINED,
    ));
    assert!(String::from(e.message()).starts_with("notes[1] must be an object"));
    assert!(format_notation(JsValue::from_str("C3"), JsValue::UNDEFINED).is_err());
}

#[wasm_bindgen_test]
fn parse_returns_the_ast() {
    let ast = parse_notation(JsValue::from_str("C3 1|1x4@/2,3")).unwrap();
    assert_eq!(
        json(&ast),
        concat!(
            r#"{"elements":[{"type":"pitch","pitch":60,"span":{"start":0,"end":2}},"#,
            r#"{"type":"timePoints","bar":1,"beats":[{"type":"repeat","start":1,"count":4,"step":0.5},"#,
            r#"{"type":"beat","beat":3}],"span":{"start":3,"end":13}}]}"#
        )
    );
}

#[wasm_bindgen_test]
fn round_trip_through_the_boundary() {
    let text = "v70-90 t/4 Gb1 1|1x8@/2 v100 t4 C3 E3 G3 2|1 p0.5 t/3 D4 2|2+1/3";
    let notes = get(
        &interpret_notation(JsValue::from_str(text), JsValue::UNDEFINED).unwrap(),
        "notes",
    );
    let formatted = format_notation(notes.clone(), JsValue::UNDEFINED).unwrap();
    let again = get(
        &interpret_notation(JsValue::from_str(&formatted), JsValue::UNDEFINED).unwrap(),
        "notes",
    );
    let key = |v: &JsValue| {
        let mut rows: Vec<String> = Array::from(v).iter().map(|n| json(&n)).collect();
        rows.sort();
        rows
    };
    assert_eq!(key(&notes), key(&again));
}
