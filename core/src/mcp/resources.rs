//! Resources (docs/design/tool-contract.md §3.10): what `resources/list` and
//! `resources/templates/list` offer, and where `resources/read` is answered — static text
//! here on the Node side, Live data on the v8 side (forwarded like a tool call to
//! `tools::resource`).

use crate::tools::catalogue;
use crate::tools::catalogue::resources;
use serde_json::{json, Value};

/// The bar|beat reference served as `notation://barbeat` (≤ 25,000 characters).
pub const NOTATION_REFERENCE: &str = include_str!("notation_reference.md");

/// The transform language taught to the model, served as `transforms://reference`:
/// every parameter, selector, variable and function with an example, and recipes as
/// the exact texts to pass (rules: docs/design/transforms.md).
pub const TRANSFORMS_REFERENCE: &str = include_str!("transforms_reference.md");

/// The URI of [`TRANSFORMS_REFERENCE`].
pub const TRANSFORMS_URI: &str = "transforms://reference";

/// Where a `resources/read` is answered.
#[derive(Clone, Debug, PartialEq)]
pub enum Route {
    /// Answered at once with this `ReadResourceResult`.
    Static(Value),
    /// Needs Live: forward `uri` to the v8 side.
    Live(String),
    /// No such resource.
    NotFound,
}

/// True when a tool listed with `opts` takes `transforms` (small-model mode hides the
/// parameter), so the transforms reference is offered only then.
pub fn transforms_listed(opts: catalogue::CatalogueOptions) -> bool {
    !opts.small_model && (opts.lists("barline-create-clip") || opts.lists("barline-update-clip"))
}

/// The `resources` array of `resources/list` for the catalogue of `opts`.
pub fn list(opts: catalogue::CatalogueOptions) -> Value {
    let mut out = vec![
        json!({"uri": resources::SET, "name": "live-set", "title": "Live Set overview",
         "description": "Tempo, time signature, scale and track/scene counts of the open Live Set.",
         "mimeType": "application/json"}),
        json!({"uri": resources::CAPABILITIES, "name": "capabilities", "title": "What Live's API cannot do",
         "description": "Operations no Barline tool offers, with the reason and what the user can do by hand.",
         "mimeType": "application/json"}),
        json!({"uri": "notation://barbeat", "name": "barbeat", "title": "bar|beat notation reference",
         "description": "The note notation used by the clip tools.",
         "mimeType": "text/markdown"}),
    ];
    if transforms_listed(opts) {
        out.push(json!({"uri": TRANSFORMS_URI, "name": "transforms", "title": "Transforms reference",
         "description": "Every transform parameter, selector, variable and function with an example, and recipes: swing, humanize, accents, crescendo, scale, legato.",
         "mimeType": "text/markdown"}));
    }
    Value::Array(out)
}

/// The `resourceTemplates` array of `resources/templates/list`: only templates whose
/// backing tool is implemented; the description names that tool only when `opts`
/// lists it (a disabled tool is not named to the model).
pub fn templates(opts: catalogue::CatalogueOptions) -> Value {
    let mut out = Vec::new();
    let like = |tool: &str| {
        if opts.lists(tool) {
            format!(", like {tool}.")
        } else {
            ".".to_string()
        }
    };
    if catalogue::find("barline-read-clip").is_some() {
        out.push(
            json!({"uriTemplate": "live://clip/{id}", "name": "clip", "title": "Clip",
            "description": format!("A clip with its notes (bar|beat) and timing{}", like("barline-read-clip")),
            "mimeType": "application/json"}),
        );
    }
    if catalogue::find("barline-read-track").is_some() {
        out.push(
            json!({"uriTemplate": "live://track/{index}", "name": "track", "title": "Track",
            "description": format!("A regular track (index from 0) with its clips, devices and mixer{}", like("barline-read-track")),
            "mimeType": "application/json"}),
        );
    }
    Value::Array(out)
}

/// Decides where a URI is answered.
pub fn route(uri: &str) -> Route {
    if uri == "notation://barbeat" {
        return Route::Static(json!({"contents": [{
            "uri": uri, "mimeType": "text/markdown", "text": NOTATION_REFERENCE,
        }]}));
    }
    if uri == TRANSFORMS_URI {
        return Route::Static(json!({"contents": [{
            "uri": uri, "mimeType": "text/markdown", "text": TRANSFORMS_REFERENCE,
        }]}));
    }
    if resources::is_live_uri(uri) {
        Route::Live(uri.to_string())
    } else {
        Route::NotFound
    }
}
