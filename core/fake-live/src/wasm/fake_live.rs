//! The fake Live Set for JavaScript (package `dist/pkg/fake`): a low-level handle whose
//! methods mirror the Live port one to one. `core/js/fake-liveapi.mjs` builds Max's
//! `LiveAPI` class on top of it; all semantics stay in this crate.
//!
//! Ids cross as JS numbers; atoms as numbers and strings (JS booleans become 0/1, JS
//! objects become one JSON string, arrays are unrolled one level, as Max does).

use crate::FakeLive;
use barline_core::live::{Atom, LiveId, LivePort};
use wasm_bindgen::prelude::*;

/// The LiveAPI class and the Set accessors, in JS (shape conversion only).
const WRAPPER_JS: &str = include_str!("../../../js/fake-liveapi.mjs");

/// `createLiveSet(fixture?, options?)` → `{ LiveAPI, handle, dump(), counters(),
/// resetCounters(), reset(), errors(), clearErrors(), settle() }`. `fixture` is JSON
/// text, an object, or omitted for Live's default Set; `options` as in
/// `core/js/fake-liveapi.mjs` (`idType`, `immediateCallback`, `onError`, `liveVersion`). An empty
/// object or `"{}"` also gives the default Set.
#[wasm_bindgen(js_name = createLiveSet)]
pub fn create_live_set(fixture: JsValue, options: JsValue) -> Result<JsValue, JsError> {
    let text = if fixture.is_undefined() || fixture.is_null() {
        None
    } else if let Some(s) = fixture.as_string() {
        Some(s)
    } else {
        let json = js_sys::JSON::stringify(&fixture)
            .map_err(|_| JsError::new("the fixture object cannot be turned into JSON"))?;
        json.as_string()
    };
    // An empty object means "no fixture" (the simulator passes `{}` when given no set).
    let text = text.filter(|t| t.trim() != "{}");
    let handle = FakeLiveSet::new(text)?;
    let body = format!(
        "{}\nreturn wrapLiveSet(handle, options);",
        WRAPPER_JS.replacen("export function", "function", 1)
    );
    let factory = js_sys::Function::new_with_args("handle, options", &body);
    factory
        .call2(&JsValue::NULL, &JsValue::from(handle), &options)
        .map_err(|e| {
            JsError::new(&format!(
                "createLiveSet: {}",
                e.as_string()
                    .unwrap_or_else(|| "the LiveAPI wrapper failed".into())
            ))
        })
}

/// A saved state of a [`FakeLiveSet`] ([`FakeLiveSet::checkpoint`]).
#[wasm_bindgen]
pub struct FakeCheckpoint {
    live: FakeLive,
    fixture: Option<String>,
}

/// One fake Live Set plus the fixture it was loaded from (for `reset`).
#[wasm_bindgen]
pub struct FakeLiveSet {
    live: FakeLive,
    fixture: Option<String>,
}

fn id(n: f64) -> LiveId {
    if n.is_finite() && n >= 0.0 {
        LiveId(n as u64)
    } else {
        LiveId::NONE
    }
}

fn atom_from_js(v: &JsValue, out: &mut Vec<Atom>, depth: u8) -> Result<(), JsError> {
    if let Some(n) = v.as_f64() {
        out.push(if n.fract() == 0.0 && n.abs() < 9.0e15 {
            Atom::Int(n as i64)
        } else {
            Atom::Float(n)
        });
    } else if let Some(s) = v.as_string() {
        out.push(Atom::Symbol(s));
    } else if let Some(b) = v.as_bool() {
        out.push(Atom::Int(b as i64));
    } else if js_sys::Array::is_array(v) && depth == 0 {
        for item in js_sys::Array::from(v).iter() {
            atom_from_js(&item, out, 1)?;
        }
    } else if v.is_object() && !js_sys::Array::is_array(v) {
        let text = js_sys::JSON::stringify(v)
            .map_err(|_| JsError::new("argument object cannot be turned into JSON"))?;
        out.push(Atom::Symbol(text.as_string().unwrap_or_default()));
    } else {
        return Err(JsError::new(
            "arguments must be numbers, strings, booleans, objects or one-level arrays",
        ));
    }
    Ok(())
}

fn atoms_from_js(args: &js_sys::Array) -> Result<Vec<Atom>, JsError> {
    let mut out = Vec::new();
    for v in args.iter() {
        atom_from_js(&v, &mut out, 0)?;
    }
    Ok(out)
}

fn atoms_to_js(atoms: &[Atom]) -> js_sys::Array {
    atoms
        .iter()
        .map(|a| match a {
            Atom::Int(i) => JsValue::from_f64(*i as f64),
            Atom::Float(f) => JsValue::from_f64(*f),
            Atom::Symbol(s) => JsValue::from_str(s),
        })
        .collect()
}

#[wasm_bindgen]
impl FakeLiveSet {
    /// Loads a fixture (JSON text); without one, Live's default Set.
    #[wasm_bindgen(constructor)]
    pub fn new(fixture_json: Option<String>) -> Result<FakeLiveSet, JsError> {
        let live = match &fixture_json {
            Some(text) => FakeLive::from_json(text).map_err(|e| JsError::new(&e.to_string()))?,
            None => FakeLive::new(),
        };
        Ok(FakeLiveSet {
            live,
            fixture: fixture_json,
        })
    }

    /// A copy of the whole Set (ids, counters, clock) to go back to: the wrapper keeps
    /// one so that a panic inside the fake never poisons the simulator.
    pub fn checkpoint(&self) -> FakeCheckpoint {
        FakeCheckpoint {
            live: self.live.clone(),
            fixture: self.fixture.clone(),
        }
    }

    /// A Set in the state of `checkpoint`, as a new object (a trapped one stays unusable).
    #[wasm_bindgen(js_name = fromCheckpoint)]
    pub fn from_checkpoint(checkpoint: &FakeCheckpoint) -> FakeLiveSet {
        FakeLiveSet {
            live: checkpoint.live.clone(),
            fixture: checkpoint.fixture.clone(),
        }
    }

    /// Panics, on purpose: the tests of the wrapper's recovery need a real trap.
    #[wasm_bindgen(js_name = panicForTest)]
    pub fn panic_for_test(&mut self) {
        panic!("a panic planted by a test of the fake's recovery");
    }

    /// Reloads the original fixture: a fresh Set, counters and errors cleared. A version
    /// chosen with `setLiveVersion` stays.
    pub fn reset(&mut self) -> Result<(), JsError> {
        let version = self.live.live_version().to_string();
        *self = FakeLiveSet::new(self.fixture.clone())?;
        self.live.set_live_version(&version);
        Ok(())
    }

    /// Models another Live version (e.g. `"12.2.5"`), as the fixture's `live_version`
    /// does; createLiveSet's `liveVersion` option calls it.
    #[wasm_bindgen(js_name = setLiveVersion)]
    pub fn set_live_version(&mut self, version: &str) {
        self.live.set_live_version(version);
    }

    /// The modelled Live version.
    #[wasm_bindgen(js_name = liveVersion)]
    pub fn live_version(&self) -> String {
        self.live.live_version().to_string()
    }

    /// Resolves a path or `id N` (counted); 0 when nothing is there.
    pub fn resolve(&mut self, path: &str) -> f64 {
        self.live.resolve(path).0 as f64
    }

    /// Resolves without counting (a mode-1 `LiveAPI` re-checking its path).
    #[wasm_bindgen(js_name = resolveQuiet)]
    pub fn resolve_quiet(&self, path: &str) -> f64 {
        self.live.resolve_path(path).0 as f64
    }

    /// True while the object exists.
    pub fn exists(&self, object: f64) -> bool {
        self.live.exists(id(object))
    }

    /// `get`: the atoms; throws the posted error text on failure.
    pub fn get(&mut self, object: f64, property: &str) -> Result<js_sys::Array, JsError> {
        self.live
            .try_get(id(object), property)
            .map(|a| atoms_to_js(&a))
            .map_err(|e| JsError::new(&e.message))
    }

    /// `set` with the value atoms.
    pub fn set(
        &mut self,
        object: f64,
        property: &str,
        values: js_sys::Array,
    ) -> Result<(), JsError> {
        let atoms = atoms_from_js(&values)?;
        self.live
            .try_set(id(object), property, &atoms)
            .map_err(|e| JsError::new(&e.message))
    }

    /// `call` with argument atoms; returns all result atoms.
    pub fn call(
        &mut self,
        object: f64,
        function: &str,
        args: js_sys::Array,
    ) -> Result<js_sys::Array, JsError> {
        let atoms = atoms_from_js(&args)?;
        self.live
            .try_call(id(object), function, &atoms)
            .map(|a| atoms_to_js(&a))
            .map_err(|e| JsError::new(&e.message))
    }

    /// `getcount`.
    pub fn getcount(&mut self, object: f64, child: &str) -> Result<f64, JsError> {
        self.live
            .try_get_count(id(object), child)
            .map(|n| n as f64)
            .map_err(|e| JsError::new(&e.message))
    }

    /// `getstring` (counted as a get).
    pub fn getstring(&mut self, object: f64, property: &str) -> Result<String, JsError> {
        self.live
            .get_string(id(object), property)
            .map_err(|e| JsError::new(&e.message))
    }

    /// Class name (`Song.View`), or "" when there is no object (not counted).
    #[wasm_bindgen(js_name = typeOf)]
    pub fn type_of(&self, object: f64) -> String {
        self.live.type_name(id(object)).unwrap_or("").to_string()
    }

    /// Canonical unquoted path, or "" when there is no object (not counted).
    pub fn path(&self, object: f64) -> String {
        self.live.canonical_path(id(object)).unwrap_or_default()
    }

    /// Child names (the roots when there is no object).
    pub fn children(&self, object: f64) -> Vec<String> {
        self.live.children(id(object))
    }

    /// The `info` text.
    pub fn info(&self, object: f64) -> String {
        self.live.info(id(object))
    }

    /// What an observer of `property` receives after the name (not counted).
    #[wasm_bindgen(js_name = observedValue)]
    pub fn observed_value(&self, object: f64, property: &str) -> Result<js_sys::Array, JsError> {
        self.live
            .observed_value(id(object), property)
            .map(|a| atoms_to_js(&a))
            .map_err(|e| JsError::new(&e))
    }

    /// Changes since the last call as a flat array `[id, property, id, property, …]`.
    #[wasm_bindgen(js_name = takeChanges)]
    pub fn take_changes(&mut self) -> js_sys::Array {
        let out = js_sys::Array::new();
        for (object, prop) in self.live.take_changes() {
            out.push(&JsValue::from_f64(object.0 as f64));
            out.push(&JsValue::from_str(&prop));
        }
        out
    }

    /// Marks an observer callback as running (changes are then refused).
    #[wasm_bindgen(js_name = setInNotification)]
    pub fn set_in_notification(&mut self, on: bool) {
        self.live.set_in_notification(on);
    }

    /// Applies what a deferral makes visible (the playhead write).
    pub fn settle(&mut self) {
        self.live.settle();
    }

    /// Whether a file "exists" (the fixture's `files`); the simulator's `File` asks.
    #[wasm_bindgen(js_name = hasFile)]
    pub fn has_file(&self, path: &str) -> bool {
        self.live.has_file(path)
    }

    /// Makes a file on the real disk exist for the fake (`FakeLive::add_file`): the
    /// simulator calls it for absolute paths it finds there, as Live would open them.
    #[wasm_bindgen(js_name = addFile)]
    pub fn add_file(&mut self, path: &str) {
        self.live.add_file(path);
    }

    /// Virtual milliseconds so far (fixture `call_delay_ms` per request).
    #[wasm_bindgen(js_name = virtualTimeMs)]
    pub fn virtual_time_ms(&self) -> f64 {
        self.live.virtual_time_ms() as f64
    }

    /// Every error posted so far.
    pub fn errors(&self) -> Vec<String> {
        self.live.errors().to_vec()
    }

    /// Forgets the posted errors.
    #[wasm_bindgen(js_name = clearErrors)]
    pub fn clear_errors(&mut self) {
        self.live.take_errors();
    }

    /// Counters as a JSON string: `by_type` (`{Track: {get, set, call, getcount}}`),
    /// `totals`, `resolve`, `undo_steps`, `distinct_symbols`.
    #[wasm_bindgen(js_name = countersJson)]
    pub fn counters_json(&self) -> String {
        let c = self.live.counters();
        serde_json::json!({
            "by_type": c.by_type,
            "totals": c.totals(),
            "resolve": c.resolve,
            "undo_steps": c.undo_steps,
            "distinct_symbols": c.distinct_symbols,
        })
        .to_string()
    }

    /// Zeroes the counters.
    #[wasm_bindgen(js_name = resetCounters)]
    pub fn reset_counters(&mut self) {
        self.live.reset_counters();
    }

    /// The Set as fixture JSON.
    pub fn dump(&self) -> String {
        self.live.to_json()
    }
}
