//! Exports for the Max `v8` host: `V8Core`, which runs tool calls against `JsLive`, the
//! Live port over a JS host object that owns a pool of `LiveAPI` objects.

use super::atoms::{array_to_atoms, atoms_to_array, js_to_atom, set};
use crate::live::{Atom, FolderEntry, LiveError, LiveId, LivePort};
use crate::relay::{internal_response, Step, V8Session};
use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// The v8 host's Live object: plain JS methods over pooled `LiveAPI` objects.
    /// Ids go in and out as numbers (or numeric strings); values as arrays of atoms.
    pub type LiveHost;

    #[wasm_bindgen(method, catch)]
    fn resolve(this: &LiveHost, path: &str) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch)]
    fn get(this: &LiveHost, id: f64, property: &str) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch)]
    fn set(this: &LiveHost, id: f64, property: &str, value: Array) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch)]
    fn call(this: &LiveHost, id: f64, function: &str, args: Array) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch, js_name = getCount)]
    fn get_count(this: &LiveHost, id: f64, child: &str) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch, js_name = typeOf)]
    fn type_of(this: &LiveHost, id: f64) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch, js_name = pathOf)]
    fn path_of(this: &LiveHost, id: f64) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch, js_name = fileExists)]
    fn file_exists(this: &LiveHost, path: &str) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch, js_name = listFolder)]
    fn list_folder(this: &LiveHost, path: &str) -> Result<JsValue, JsValue>;
}

/// The Live port over the host object. Refusals come back as `LiveAPI` gives them
/// (`[]`, `undefined`, 0: see `LivePort`); the host throws only when it cannot address
/// an object (`no object with id N`, the text of `LiveError::no_object`).
struct JsLive<'a> {
    host: &'a LiveHost,
}

fn live_error(what: &str, e: JsValue) -> LiveError {
    let text = e
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| "unknown error".to_string());
    LiveError::new(format!("{what}: {text}"))
}

/// LiveAPI's `call` is not uniformly wrapped: nothing → none, one atom → scalar,
/// several → array. Normalised to a list of atoms here, once.
fn to_atoms(value: JsValue) -> Result<Vec<Atom>, LiveError> {
    if value.is_undefined() || value.is_null() {
        return Ok(Vec::new());
    }
    if Array::is_array(&value) {
        return array_to_atoms(&value).map_err(LiveError::new);
    }
    js_to_atom(&value)
        .map(|a| vec![a])
        .ok_or_else(|| LiveError::new("LiveAPI returned a value that is not an atom"))
}

fn to_id(value: &JsValue) -> LiveId {
    let n = value.as_f64().or_else(|| {
        value
            .as_string()
            .and_then(|s| crate::decimal::parse(s.trim().trim_start_matches("id ")))
    });
    match n {
        Some(n) if n >= 1.0 && n.fract() == 0.0 => LiveId(n as u64),
        _ => LiveId::NONE,
    }
}

impl LivePort for JsLive<'_> {
    fn resolve(&mut self, path: &str) -> LiveId {
        self.host
            .resolve(path)
            .map(|v| to_id(&v))
            .unwrap_or(LiveId::NONE)
    }
    fn get(&mut self, id: LiveId, property: &str) -> Result<Vec<Atom>, LiveError> {
        let v = self
            .host
            .get(id.0 as f64, property)
            .map_err(|e| live_error(&format!("get {property}"), e))?;
        to_atoms(v)
    }
    fn set(&mut self, id: LiveId, property: &str, value: &[Atom]) -> Result<(), LiveError> {
        self.host
            .set(id.0 as f64, property, atoms_to_array(value))
            .map(|_| ())
            .map_err(|e| live_error(&format!("set {property}"), e))
    }
    fn call(&mut self, id: LiveId, function: &str, args: &[Atom]) -> Result<Vec<Atom>, LiveError> {
        let v = self
            .host
            .call(id.0 as f64, function, atoms_to_array(args))
            .map_err(|e| live_error(&format!("call {function}"), e))?;
        to_atoms(v)
    }
    fn get_count(&mut self, id: LiveId, child: &str) -> Result<usize, LiveError> {
        let v = self
            .host
            .get_count(id.0 as f64, child)
            .map_err(|e| live_error(&format!("getcount {child}"), e))?;
        // A refused getcount may answer nothing after posting its error: a count of 0.
        if v.is_undefined() || v.is_null() {
            return Ok(0);
        }
        v.as_f64()
            .filter(|n| *n >= 0.0)
            .map(|n| n as usize)
            .ok_or_else(|| LiveError::new(format!("getcount {child}: not a count")))
    }
    fn type_of(&mut self, id: LiveId) -> Result<String, LiveError> {
        let v = self
            .host
            .type_of(id.0 as f64)
            .map_err(|e| live_error("type", e))?;
        v.as_string()
            .ok_or_else(|| LiveError::new("type: not a string"))
    }
    fn path_of(&mut self, id: LiveId) -> Result<String, LiveError> {
        let v = self
            .host
            .path_of(id.0 as f64)
            .map_err(|e| live_error("path", e))?;
        let p = v
            .as_string()
            .ok_or_else(|| LiveError::new("path: not a string"))?;
        // Documented as quoted, observed unquoted: strip one pair defensively.
        let p = p.trim();
        Ok(p.strip_prefix('"')
            .and_then(|q| q.strip_suffix('"'))
            .unwrap_or(p)
            .to_string())
    }
    fn file_exists(&mut self, path: &str) -> Result<bool, LiveError> {
        let v = self
            .host
            .file_exists(path)
            .map_err(|e| live_error("file", e))?;
        v.as_bool()
            .ok_or_else(|| LiveError::new("file: not a boolean"))
    }
    fn list_folder(&mut self, path: &str) -> Result<Option<Vec<FolderEntry>>, LiveError> {
        let v = self
            .host
            .list_folder(path)
            .map_err(|e| live_error("folder", e))?;
        if v.is_null() || v.is_undefined() {
            return Ok(None);
        }
        if !Array::is_array(&v) {
            return Err(LiveError::new("folder: not a list"));
        }
        // Entries arrive as [name, isFolder] pairs.
        let mut out = Vec::new();
        for entry in Array::from(&v).iter() {
            let pair = Array::from(&entry);
            let name = pair
                .get(0)
                .as_string()
                .ok_or_else(|| LiveError::new("folder: an entry has no name"))?;
            out.push(FolderEntry {
                name,
                is_folder: pair.get(1).as_bool().unwrap_or(false),
            });
        }
        Ok(Some(out))
    }

    fn random_unit(&mut self) -> f64 {
        // The engine's own source: the same in Max's v8 and in Node, no host method.
        js_sys::Math::random()
    }
}

/// The host's wall clock (`Date.now()`), which starts each request's deadline.
struct DateClock;

impl crate::tools::framework::call::Clock for DateClock {
    fn now_ms(&self) -> f64 {
        js_sys::Date::now()
    }
}

/// The v8 side's core: decodes requests, runs tools, frames responses.
#[wasm_bindgen]
pub struct V8Core {
    session: V8Session,
    host: LiveHost,
}

/// The step for the host plus `messages`: the status-outlet messages to send first.
fn step_to_js_with(step: Step, messages: Vec<Vec<Atom>>) -> JsValue {
    let out = step_to_js(step);
    let list = Array::new();
    for m in &messages {
        list.push(&atoms_to_array(m));
    }
    if let Some(o) = out.dyn_ref::<Object>() {
        set(o, "messages", &list);
    }
    out
}

fn step_to_js(step: Step) -> JsValue {
    let out = Object::new();
    match step {
        Step::Respond(atoms) => {
            set(&out, "kind", &"respond".into());
            set(&out, "atoms", &atoms_to_array(&atoms));
        }
        Step::Wait { ms, token } => {
            set(&out, "kind", &"wait".into());
            set(&out, "ms", &JsValue::from_f64(ms as f64));
            set(&out, "token", &JsValue::from_f64(token as f64));
        }
        Step::Invalid(message) => {
            set(&out, "kind", &"invalid".into());
            set(&out, "message", &message.into());
        }
    }
    out.into()
}

#[wasm_bindgen]
impl V8Core {
    /// A core bound to the host's Live object.
    #[wasm_bindgen(constructor)]
    pub fn new(host: LiveHost) -> V8Core {
        V8Core {
            // Live waits while a run lasts: long calls go in steps (crate::live::journal).
            session: V8Session::with_clock(Box::new(DateClock))
                .with_step_budget(crate::live::STEP_BUDGET),
            host,
        }
    }

    /// Reads Live's version once the Live API may be used; returns the status-outlet
    /// messages (atom lists) that say what it means, none on a supported Live.
    pub fn start(&mut self) -> Array {
        let mut live = JsLive { host: &self.host };
        let messages = Array::new();
        for message in self.session.start(&mut live) {
            messages.push(&atoms_to_array(&message));
        }
        messages
    }

    /// Handles one `mcp_request` message (selector first). Returns
    /// `{kind: "respond", atoms}`, `{kind: "wait", ms, token}` or `{kind: "invalid", message}`,
    /// each with `messages`: atom lists for the status outlet, to send first.
    pub fn handle(&mut self, atoms: JsValue) -> JsValue {
        let atoms = match array_to_atoms(&atoms) {
            Ok(a) => a,
            Err(e) => return step_to_js(Step::Invalid(format!("bad request atoms: {e}"))),
        };
        let mut live = JsLive { host: &self.host };
        let step = self.session.handle(&mut live, &atoms);
        step_to_js_with(step, self.session.take_outlet())
    }

    /// Continues a request after the wait it asked for.
    pub fn resume(&mut self, token: f64) -> JsValue {
        let mut live = JsLive { host: &self.host };
        let step = self.session.resume(&mut live, token as u64);
        step_to_js_with(step, self.session.take_outlet())
    }

    /// Handles `mcp_cancel <requestId>`: a call still queued behind another is answered
    /// CANCELLED at its turn without running; true when there was one.
    pub fn cancel(&mut self, request_id: f64) -> bool {
        request_id >= 0.0 && self.session.cancel(request_id as u64)
    }

    /// Requests parked in a wait.
    #[wasm_bindgen(js_name = parkedCount)]
    pub fn parked_count(&self) -> usize {
        self.session.parked_count()
    }
}

/// The `mcp_response` atoms of an `INTERNAL` error for a request (used after a trap,
/// from a fresh instance).
#[wasm_bindgen(js_name = internalResponse)]
pub fn internal_response_atoms(request_id: f64, message: &str) -> Array {
    atoms_to_array(&internal_response(request_id as u64, "", message))
}

/// The request id of a bridge message (`atoms[1]`), or -1 when it has none; lets a
/// host answer a request whose handling trapped.
#[wasm_bindgen(js_name = requestIdOf)]
pub fn request_id_of(atoms: JsValue) -> f64 {
    array_to_atoms(&atoms)
        .ok()
        .and_then(|a| a.get(1).and_then(Atom::as_i64))
        .filter(|id| *id >= 0)
        .map_or(-1.0, |id| id as f64)
}
