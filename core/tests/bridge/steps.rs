//! Long calls cut into steps (core/src/live/journal.rs, core/src/bridge/v8_session.rs):
//! each uninterrupted run stays within the budget, the stepped call answers exactly
//! what one run answers and leaves Live as one run does, and calls that arrive
//! meanwhile are answered in order.

use crate::support;

use barline_core::bridge::{decode_response, frame_request};
use barline_core::live::{Atom, LivePort};
use barline_core::relay::{Step, V8Session, CANCELLED_TEXT};
use barline_fake_live::FakeLive;
use serde_json::{json, Value};
use support::fake::demo;
use support::hooked::{Hooked, Hooks};

/// The fake Live Set, counting the Live requests of the current run.
struct Counting {
    live: FakeLive,
    run: usize,
}

impl Hooks for Counting {
    fn live(&mut self) -> &mut FakeLive {
        &mut self.live
    }
    fn request(&mut self) {
        self.run += 1;
    }
}

fn request(id: u64, tool: &str, args: Value) -> Vec<Atom> {
    frame_request(
        id,
        &json!({"tool": tool, "args": args, "context": {}}).to_string(),
    )
    .unwrap()
}

/// Drives a session like the v8 host: runs every wait at once, oldest first. Returns
/// the responses in the order they were sent, the number of runs and the most Live
/// requests one run made.
fn drive(
    s: &mut V8Session,
    live: &mut Hooked<Counting>,
    requests: &[Vec<Atom>],
) -> (Vec<(u64, Value)>, usize, usize) {
    let mut waiting = std::collections::VecDeque::new();
    let mut answers = Vec::new();
    let (mut runs, mut most) = (0, 0);
    // As the device does when Live is ready: the version is read before any call.
    assert!(s.start(live).is_empty());
    live.run = 0;
    let mut take =
        |step: Step, live: &mut Hooked<Counting>, waiting: &mut std::collections::VecDeque<u64>| {
            runs += 1;
            most = most.max(live.run);
            live.run = 0;
            match step {
                Step::Respond(atoms) => {
                    let d = decode_response(&atoms).unwrap();
                    answers.push((d.request_id, serde_json::from_str(&d.result_json).unwrap()));
                }
                Step::Wait { token, .. } => waiting.push_back(token),
                Step::Invalid(m) => panic!("invalid: {m}"),
            }
        };
    for r in requests {
        let step = s.handle(live, r);
        take(step, live, &mut waiting);
    }
    while let Some(token) = waiting.pop_front() {
        live.after_wait();
        let step = s.resume(live, token);
        take(step, live, &mut waiting);
    }
    (answers, runs, most)
}

fn counting() -> Hooked<Counting> {
    Hooked(Counting {
        live: demo(),
        run: 0,
    })
}

#[test]
fn a_set_wide_read_in_steps_answers_what_one_run_answers() {
    let read = request(1, "barline-read-live-set", json!({"include": ["*"]}));
    let mut whole = counting();
    let (one, runs, most) = drive(
        &mut V8Session::new(),
        &mut whole,
        std::slice::from_ref(&read),
    );
    assert_eq!(runs, 1);
    assert!(
        most > 100,
        "the demo Set read should take more than 100 requests, took {most}"
    );

    let mut stepped = counting();
    let (steps, runs, most_in_a_run) = drive(
        &mut V8Session::new().with_step_budget(40),
        &mut stepped,
        &[read],
    );
    assert!(runs > 3, "expected several steps, got {runs}");
    assert!(most_in_a_run <= 40, "a run made {most_in_a_run} requests");
    assert_eq!(steps, one);
}

#[test]
fn a_write_in_steps_is_made_once_and_leaves_live_as_one_run_does() {
    let notes = (0..300)
        .map(|i| format!("C3 {}|1", i % 64 + 1))
        .collect::<Vec<_>>()
        .join(" ");
    let calls = [
        request(
            1,
            "barline-create-clip",
            json!({"slot": "0/3,1/3,2/3", "notes": notes, "length": "64:0", "seed": 7}),
        ),
        request(2, "barline-read-live-set", json!({"include": ["tracks"]})),
    ];
    let mut whole = counting();
    let (one, _, _) = drive(&mut V8Session::new(), &mut whole, &calls);
    let mut stepped = counting();
    let (steps, runs, most) = drive(
        &mut V8Session::new().with_step_budget(5),
        &mut stepped,
        &calls,
    );
    assert!(runs > 4, "expected several steps, got {runs}");
    assert!(most <= 5);
    assert_eq!(steps, one);
    assert_eq!(stepped.live.to_json(), whole.live.to_json());
    assert_eq!(
        stepped.live.counters().undo_steps,
        whole.live.counters().undo_steps,
        "no write was repeated"
    );
}

#[test]
fn calls_arriving_during_a_stepped_call_are_answered_in_order() {
    let calls = [
        request(1, "barline-read-live-set", json!({"include": ["*"]})),
        request(2, "barline-debug-echo", json!({"text": "second"})),
        request(3, "barline-read-live-set", json!({})),
    ];
    let mut live = counting();
    let (answers, _, _) = drive(
        &mut V8Session::new().with_step_budget(30),
        &mut live,
        &calls,
    );
    let order: Vec<u64> = answers.iter().map(|(id, _)| *id).collect();
    assert_eq!(order, [1, 2, 3]);
}

#[test]
fn a_replay_answers_recorded_requests_in_any_order_and_repeats_no_write() {
    use barline_core::live::{Journal, JournalPort};
    let mut live = counting();
    let song = live.live.resolve("live_set");
    let mut journal = Journal::new();
    {
        let mut port = JournalPort::new(&mut live, &mut journal, 2);
        port.set(song, "tempo", &[Atom::Float(99.0)]).unwrap();
        let tempo = port.get(song, "tempo").unwrap();
        assert_eq!(tempo, vec![Atom::Float(99.0)]);
        assert!(
            port.get(song, "name").is_err(),
            "past the budget every request fails"
        );
        assert!(port.exhausted());
    }
    assert_eq!(live.run, 2);
    assert_eq!(journal.recorded(), 2);
    live.run = 0;
    live.live.set(song, "tempo", &[Atom::Float(130.0)]).unwrap(); // Live moved on meanwhile
    let mut port = JournalPort::new(&mut live, &mut journal, 2);
    assert!(
        port.get(song, "name").unwrap().len() == 1,
        "a new request goes to Live"
    );
    assert_eq!(
        port.get(song, "tempo").unwrap(),
        vec![Atom::Float(99.0)],
        "a read answers as recorded"
    );
    port.set(song, "tempo", &[Atom::Float(99.0)]).unwrap();
    assert!(!port.exhausted());
    assert_eq!((port.spent(), port.unreplayed()), (1, 0));
    drop(port);
    assert_eq!(
        live.run, 1,
        "only the new request reached Live: the write was not made again"
    );
}

#[test]
fn a_call_cancelled_while_it_waits_is_answered_cancelled_and_never_reaches_live() {
    let mut live = counting();
    let mut s = V8Session::new().with_step_budget(30);
    assert!(s.start(&mut live).is_empty());
    let long = s.handle(
        &mut live,
        &request(1, "barline-read-live-set", json!({"include": ["*"]})),
    );
    let queued = s.handle(
        &mut live,
        &request(2, "barline-create-track", json!({"name": "Dropped"})),
    );
    assert!(s.cancel(2), "a call waiting behind another can be dropped");
    assert!(!s.cancel(1), "a started call runs to its end");
    assert!(!s.cancel(7), "an unknown request is ignored");
    let mut waiting = std::collections::VecDeque::new();
    let mut answers = Vec::new();
    for step in [long, queued] {
        match step {
            Step::Wait { token, .. } => waiting.push_back(token),
            other => panic!("both calls wait: {other:?}"),
        }
    }
    while let Some(token) = waiting.pop_front() {
        live.after_wait();
        match s.resume(&mut live, token) {
            Step::Respond(atoms) => {
                let d = decode_response(&atoms).unwrap();
                answers.push((
                    d.request_id,
                    serde_json::from_str::<Value>(&d.result_json).unwrap(),
                ));
            }
            Step::Wait { token, .. } => waiting.push_back(token),
            Step::Invalid(m) => panic!("invalid: {m}"),
        }
    }
    let ids: Vec<u64> = answers.iter().map(|(id, _)| *id).collect();
    assert_eq!(ids, [1, 2]);
    assert_eq!(answers[0].1.get("isError"), None, "{}", answers[0].1);
    assert_eq!(answers[1].1["isError"], true);
    assert_eq!(answers[1].1["content"][0]["text"], CANCELLED_TEXT);
    assert!(
        !live.live.to_json().contains("Dropped"),
        "the cancelled call never ran"
    );
}
