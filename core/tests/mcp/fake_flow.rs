//! The whole request path without the wire: HTTP shapes into the MCP server, forwarded
//! calls executed by the tools against the fake Live Set, results back through the
//! server — what node-host and v8-host do, minus the bytes in between.

use crate::support;

use barline_core::mcp::{HttpAction, Server, Settings};
use barline_core::tools::catalogue;
use barline_core::tools::{self, ToolRequest};
use barline_fake_live::FakeLive;
use serde_json::{json, Value};
use support::fake::demo;
use support::mcp::json_post;

struct Rig {
    server: Server,
    live: FakeLive,
    sid: String,
}

impl Rig {
    fn new(version: &str) -> Rig {
        let mut rig = Rig {
            server: Server::new(Settings::default()),
            live: demo(),
            sid: String::new(),
        };
        let (sid, _) = rig.post(json!({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":version}}));
        rig.sid = sid.expect("session");
        rig
    }

    fn post(&mut self, msg: Value) -> (Option<String>, Value) {
        let session = (!self.sid.is_empty()).then_some(self.sid.as_str());
        let r = json_post("127.0.0.1:3350", msg.to_string(), session);
        let mut action = self.server.handle_http(&r);
        loop {
            match action {
                HttpAction::Respond(resp) => {
                    let sid = resp.headers.get("mcp-session-id").cloned();
                    return (sid, serde_json::from_str(&resp.body).unwrap_or(Value::Null));
                }
                HttpAction::Forward { calls, .. } => {
                    let mut last = HttpAction::Pending;
                    for c in calls {
                        let out = tools::execute(
                            &mut self.live,
                            &ToolRequest {
                                tool: c.tool,
                                args: c.args,
                                context: c.context,
                            },
                            &mut tools::IssuedIds::new(),
                            &tools::NoClock,
                        );
                        last = self.server.complete_tool_call(
                            c.call_id,
                            &out.result.to_string(),
                            &out.warnings,
                        );
                    }
                    action = last;
                }
                HttpAction::Pending => panic!("nothing left to complete"),
            }
        }
    }

    fn rpc(&mut self, method: &str, params: Value) -> Value {
        self.post(json!({"jsonrpc":"2.0","id":1,"method":method,"params":params}))
            .1
    }
}

#[test]
fn tools_list_has_the_implemented_tools_in_catalogue_order() {
    let mut rig = Rig::new("2025-11-25");
    let b = rig.rpc("tools/list", json!({}));
    let names: Vec<&str> = b["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    // docs/design/tool-rules.md §0: every standard tool, in this order; those implemented
    // appear in the same order (the raw Live API tool is off by default).
    const SPEC_ORDER: [&str; 20] = [
        "barline-connect",
        "barline-context",
        "barline-read-live-set",
        "barline-update-live-set",
        "barline-read-track",
        "barline-create-track",
        "barline-update-track",
        "barline-read-scene",
        "barline-create-scene",
        "barline-update-scene",
        "barline-read-clip",
        "barline-create-clip",
        "barline-update-clip",
        "barline-read-device",
        "barline-create-device",
        "barline-update-device",
        "barline-delete",
        "barline-duplicate",
        "barline-select",
        "barline-playback",
    ];
    let expected: Vec<&str> = SPEC_ORDER
        .iter()
        .copied()
        .filter(|n| catalogue::find(n).is_some())
        .collect();
    assert_eq!(names, expected);
    assert!(names.len() >= 3 && names[0] == "barline-connect");
    let create = &b["result"]["tools"][names
        .iter()
        .position(|n| *n == "barline-create-clip")
        .unwrap()];
    assert_eq!(create["title"], "Create Clip");
    assert_eq!(create["annotations"]["destructiveHint"], false);
    assert_eq!(create["annotations"]["idempotentHint"], false);
    assert_eq!(create["annotations"]["readOnlyHint"], false);
}

#[test]
fn connect_and_create_then_read_through_the_server() {
    let mut rig = Rig::new("2025-06-18");
    let b = rig.rpc(
        "tools/call",
        json!({"name": "barline-connect", "arguments": {}}),
    );
    assert_eq!(b["result"]["structuredContent"]["liveSet"]["tempo"], 104);
    let b = rig.rpc("tools/call", json!({"name": "barline-create-clip", "arguments": {"slot": "6/0", "notes": "C3 D3 1|1", "nam": "x"}}));
    let r = &b["result"];
    assert_ne!(r["isError"], true, "{r}");
    // The Node-side unknown-argument warning comes along.
    assert_eq!(
        r["_meta"]["barline/warnings"],
        json!(["ignored unknown argument(s): nam (did you mean \"name\"?)"])
    );
    let id = r["structuredContent"]["id"].as_str().unwrap().to_string();
    let b = rig.rpc("tools/call", json!({"name": "barline-read-clip", "arguments": {"clipId": format!("id {id}"), "include": ["notes"]}}));
    // Tools read clips back in bar|beat 2: velocity and duration stated first.
    assert_eq!(
        b["result"]["structuredContent"]["notes"],
        "v100 n/4 C3 D3 1|1"
    );
}

#[test]
fn bad_arguments_are_answered_on_the_node_side() {
    let mut rig = Rig::new("2025-11-25");
    let before = rig.live.to_json();
    let b = rig.rpc(
        "tools/call",
        json!({"name": "barline-create-clip", "arguments": {"slot": "6/0", "looping": "maybe"}}),
    );
    assert_eq!(b["result"]["isError"], true);
    assert_eq!(b["result"]["_meta"]["barline/error"]["code"], "BAD_INPUT");
    assert_eq!(rig.live.to_json(), before);
}

#[test]
fn live_resources_read_through_v8_side_tools() {
    let mut rig = Rig::new("2025-11-25");
    let b = rig.rpc("resources/read", json!({"uri": "live://set"}));
    let set: Value =
        serde_json::from_str(b["result"]["contents"][0]["text"].as_str().unwrap()).unwrap();
    let connect = rig.rpc("tools/call", json!({"name": "barline-connect"}));
    assert_eq!(set, connect["result"]["structuredContent"]["liveSet"]);
    let b = rig.rpc("resources/read", json!({"uri": "live://capabilities"}));
    let caps: Value =
        serde_json::from_str(b["result"]["contents"][0]["text"].as_str().unwrap()).unwrap();
    let ops = caps["operations"].as_array().unwrap();
    assert!(ops.len() >= 6);
    assert!(ops
        .iter()
        .all(|o| o["supported"] == false && !o["reason"].as_str().unwrap().is_empty()));
    let clip = rig
        .live
        .resolve_id_of("live_set tracks 0 clip_slots 0 clip");
    let b = rig.rpc(
        "resources/read",
        json!({"uri": format!("live://clip/{clip}")}),
    );
    let c: Value =
        serde_json::from_str(b["result"]["contents"][0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(c["name"], "Hats Intro");
    assert!(c["notes"].is_string() && c["length"].is_string());
    let b = rig.rpc("resources/read", json!({"uri": "live://clip/99999"}));
    assert_eq!(b["error"]["code"], -32002);
    assert_eq!(b["error"]["data"]["code"], "NOT_FOUND");
    assert!(!b["error"]["data"]["hint"].as_str().unwrap().is_empty());
}

trait ResolveId {
    fn resolve_id_of(&mut self, path: &str) -> u64;
}

impl ResolveId for FakeLive {
    fn resolve_id_of(&mut self, path: &str) -> u64 {
        use barline_core::live::LivePort;
        self.resolve(path).0
    }
}

/// Issue 15 item 7: a clip URI whose id is malformed or names something other than a
/// clip is the client's mistake: -32602 with the tool's code, never -32603.
#[test]
fn resource_reads_with_wrong_ids_are_invalid_params() {
    let mut rig = Rig::new("2025-11-25");
    let track = rig.live.resolve_id_of("live_set tracks 0");
    for uri in [
        format!("live://clip/{track}"),
        "live://clip/abc".to_string(),
        "live://clip/-1".to_string(),
        "live://clip/99999999999999999999999".to_string(),
    ] {
        let b = rig.rpc("resources/read", json!({"uri": uri}));
        let code = b["error"]["code"].as_i64();
        assert!(code == Some(-32602) || code == Some(-32002), "{uri}: {b}");
        assert!(
            !b["error"]["data"]["hint"].as_str().unwrap_or("").is_empty(),
            "{b}"
        );
    }
    let b = rig.rpc(
        "resources/read",
        json!({"uri": format!("live://clip/{track}")}),
    );
    assert_eq!(b["error"]["code"], -32602, "{b}");
    assert_eq!(b["error"]["data"]["code"], "WRONG_TYPE");
}
