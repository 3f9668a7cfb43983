//! The v8 side of the bridge against a small Live port: round trip, per-request
//! warnings, waits parked and resumed, undecodable requests.

use barline_core::bridge::{decode_response, frame_request, REQUEST_TERMINATOR};
use barline_core::live::{Atom, LiveError, LiveId, LivePort};
use barline_core::relay::{Step, V8Session};
use serde_json::{json, Value};

/// One object (`live_set`, id 1) with a `tempo` of 120.
struct OneSong;

impl LivePort for OneSong {
    fn resolve(&mut self, path: &str) -> LiveId {
        if path == "live_set" || path == "id 1" {
            LiveId(1)
        } else {
            LiveId::NONE
        }
    }
    fn get(&mut self, id: LiveId, property: &str) -> Result<Vec<Atom>, LiveError> {
        match (id.0, property) {
            (1, "tempo") => Ok(vec![Atom::Float(120.5)]),
            _ => Err(LiveError::new(format!("no property {property}"))),
        }
    }
    fn set(&mut self, _: LiveId, _: &str, _: &[Atom]) -> Result<(), LiveError> {
        Ok(())
    }
    fn call(&mut self, _: LiveId, f: &str, _: &[Atom]) -> Result<Vec<Atom>, LiveError> {
        Err(LiveError::new(format!("no function {f}")))
    }
    fn get_count(&mut self, _: LiveId, _: &str) -> Result<usize, LiveError> {
        Ok(0)
    }
    fn type_of(&mut self, _: LiveId) -> Result<String, LiveError> {
        Ok("Song".into())
    }
    fn path_of(&mut self, _: LiveId) -> Result<String, LiveError> {
        Ok("live_set".into())
    }
    fn file_exists(&mut self, _: &str) -> Result<bool, LiveError> {
        Ok(false)
    }
    fn random_unit(&mut self) -> f64 {
        0.5
    }
}

fn request(id: u64, tool: &str, args: Value) -> Vec<Atom> {
    frame_request(
        id,
        &json!({"tool": tool, "args": args, "context": {}}).to_string(),
    )
    .unwrap()
}

fn respond(step: Step) -> (u64, Value, Vec<String>) {
    match step {
        Step::Respond(atoms) => {
            let d = decode_response(&atoms).unwrap();
            (
                d.request_id,
                serde_json::from_str(&d.result_json).unwrap(),
                d.warnings,
            )
        }
        other => panic!("expected a response, got {other:?}"),
    }
}

#[test]
fn echo_round_trips_with_its_own_warnings() {
    let mut s = V8Session::new();
    let (id, result, warnings) = respond(s.handle(
        &mut OneSong,
        &request(
            4,
            "barline-debug-echo",
            json!({"text": "漢𝄞", "warnings": ["a", "b"]}),
        ),
    ));
    assert_eq!(id, 4);
    assert_eq!(result["structuredContent"]["text"], "漢𝄞");
    assert_eq!(warnings, vec!["a", "b"]);
}

#[test]
fn the_live_port_is_used() {
    let mut s = V8Session::new();
    let (_, result, _) = respond(s.handle(
        &mut OneSong,
        &request(
            1,
            "barline-debug-get",
            json!({"path": "live_set", "property": "tempo"}),
        ),
    ));
    assert_eq!(result["structuredContent"]["value"], json!([120.5]));
    let (_, result, _) = respond(s.handle(
        &mut OneSong,
        &request(
            2,
            "barline-debug-get",
            json!({"path": "live_set tracks 9", "property": "name"}),
        ),
    ));
    assert_eq!(result["_meta"]["barline/error"]["code"], "NOT_FOUND");
}

#[test]
fn a_wait_parks_the_request_until_resumed() {
    let mut s = V8Session::new();
    let step = s.handle(
        &mut OneSong,
        &request(9, "barline-debug-wait", json!({"ms": 250, "text": "late"})),
    );
    let Step::Wait { ms, token } = step else {
        panic!("{step:?}")
    };
    assert_eq!(ms, 250);
    assert_eq!(s.parked_count(), 1);
    let (id, result, warnings) = respond(s.resume(&mut OneSong, token));
    assert_eq!(id, 9);
    assert_eq!(
        result["structuredContent"],
        json!({"waited": 250, "text": "late"})
    );
    assert_eq!(warnings, vec!["waited 250 ms"]);
    assert_eq!(s.parked_count(), 0);
    assert!(matches!(s.resume(&mut OneSong, token), Step::Invalid(_)));
}

#[test]
fn a_damaged_request_with_an_id_gets_internal() {
    let mut s = V8Session::new();
    let atoms = vec![
        Atom::from("mcp_request"),
        Atom::Int(5),
        Atom::from("{\"tool\":"),
    ];
    let (id, result, _) = respond(s.handle(&mut OneSong, &atoms));
    assert_eq!(id, 5);
    assert_eq!(result["_meta"]["barline/error"]["code"], "INTERNAL");
    assert!(result["content"][0]["text"]
        .as_str()
        .unwrap()
        .contains(REQUEST_TERMINATOR));
    let no_id = vec![Atom::from("mcp_request")];
    assert!(matches!(s.handle(&mut OneSong, &no_id), Step::Invalid(_)));
}

#[test]
fn unknown_tools_answer_not_found() {
    let mut s = V8Session::new();
    let (_, result, _) = respond(s.handle(&mut OneSong, &request(1, "barline-nope", json!({}))));
    assert_eq!(result["isError"], true);
}
