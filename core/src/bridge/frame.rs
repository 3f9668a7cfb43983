//! Framing requests and responses into Max messages, and decoding them back.

use super::{
    split_chunks, too_large_result, BridgeError, MAX_CHUNKS, MAX_CHUNK_BYTES, MAX_WARNINGS,
    REQUEST_SELECTOR, REQUEST_TERMINATOR, RESPONSE_SELECTOR, TRUNCATION_MARKER, WARNINGS_DELIMITER,
};
use crate::live::Atom;

/// A response as the node side receives it.
#[derive(Clone, Debug, PartialEq)]
pub struct DecodedResponse {
    /// Id of the request this answers.
    pub request_id: u64,
    /// The MCP result JSON (checked to parse).
    pub result_json: String,
    /// Warnings of this request only, in emission order.
    pub warnings: Vec<String>,
}

/// Frames a tool-call envelope `{"tool","args","context"}` as
/// `mcp_request <id> <chunk>… $$___END___$$`. Fails when the envelope needs more than
/// [`MAX_CHUNKS`] chunks or cannot be chunked without a numeric-looking chunk.
pub fn frame_request(request_id: u64, envelope_json: &str) -> Result<Vec<Atom>, BridgeError> {
    let chunks = chunk_text(envelope_json)?;
    let mut atoms = Vec::with_capacity(chunks.len() + 3);
    atoms.push(Atom::from(REQUEST_SELECTOR));
    atoms.push(Atom::Int(request_id as i64));
    atoms.extend(chunks.into_iter().map(Atom::from));
    atoms.push(Atom::from(REQUEST_TERMINATOR));
    Ok(atoms)
}

/// Frames one tool call: builds the envelope `{"tool","args","context"}` (the shape
/// the v8 side reads into [`crate::tools::ToolRequest`]) and frames it like
/// [`frame_request`]. Null `args` or `context` travel as empty objects.
pub fn frame_call(
    request_id: u64,
    tool: &str,
    args: &serde_json::Value,
    context: &serde_json::Value,
) -> Result<Vec<Atom>, BridgeError> {
    let object = |v: &serde_json::Value| {
        if v.is_null() {
            serde_json::Value::Object(Default::default())
        } else {
            v.clone()
        }
    };
    let envelope = crate::tools::ToolRequest {
        tool: tool.to_string(),
        args: object(args),
        context: object(context),
    };
    let json = serde_json::to_string(&envelope).unwrap_or_default();
    frame_request(request_id, &json)
}

/// Decodes a request message (selector included) into `(request_id, envelope_json)`.
pub fn decode_request(atoms: &[Atom]) -> Result<(u64, String), BridgeError> {
    let request_id = check_head(atoms, REQUEST_SELECTOR)?;
    let body = &atoms[2..];
    let end = body
        .iter()
        .position(|a| a.as_str() == Some(REQUEST_TERMINATOR))
        .ok_or(BridgeError::MissingTerminator)?;
    if end + 1 != body.len() {
        return Err(BridgeError::TrailingAtoms {
            count: body.len() - end - 1,
        });
    }
    let json = join_chunks(&body[..end], 2)?;
    Ok((request_id, json))
}

/// Frames a result as `mcp_response <id> <chunk>… $$___MAX_ERRORS___$$ <warning>…`.
/// Never fails: a result over the bridge limit becomes a `TOO_LARGE` error result, a
/// warning over one chunk is truncated with [`TRUNCATION_MARKER`].
pub fn frame_response(request_id: u64, result_json: &str, warnings: &[String]) -> Vec<Atom> {
    frame_tool_response(request_id, "", result_json, warnings)
}

/// [`frame_response`] knowing the tool's name, so a `TOO_LARGE` replacement names the
/// tool and carries its narrowing hint (docs/design/tool-contract.md §2.3).
pub fn frame_tool_response(
    request_id: u64,
    tool: &str,
    result_json: &str,
    warnings: &[String],
) -> Vec<Atom> {
    let chunks = match chunk_text(result_json) {
        Ok(chunks) => chunks.into_iter().map(Atom::from).collect::<Vec<_>>(),
        Err(error) => {
            let replacement = too_large_result(tool, result_json.len(), &error);
            // The replacement is small, plain ASCII text starting with '{': it always frames.
            chunk_text(&replacement)
                .unwrap_or_default()
                .into_iter()
                .map(|c| Atom::from(c.to_string()))
                .collect()
        }
    };
    let mut atoms = Vec::with_capacity(chunks.len() + warnings.len().min(MAX_WARNINGS) + 4);
    atoms.push(Atom::from(RESPONSE_SELECTOR));
    atoms.push(Atom::Int(request_id as i64));
    atoms.extend(chunks);
    atoms.push(Atom::from(WARNINGS_DELIMITER));
    let shown = if warnings.len() > MAX_WARNINGS {
        MAX_WARNINGS - 1
    } else {
        warnings.len()
    };
    atoms.extend(warnings[..shown].iter().map(|w| Atom::from(fit_warning(w))));
    if shown < warnings.len() {
        atoms.push(Atom::from(format!(
            "{} more warnings dropped by the bridge",
            warnings.len() - shown
        )));
    }
    atoms
}

/// Decodes a response message (selector included).
pub fn decode_response(atoms: &[Atom]) -> Result<DecodedResponse, BridgeError> {
    let request_id = check_head(atoms, RESPONSE_SELECTOR)?;
    let body = &atoms[2..];
    let delimiter = body
        .iter()
        .position(|a| a.as_str() == Some(WARNINGS_DELIMITER))
        .ok_or(BridgeError::MissingDelimiter)?;
    let result_json = join_chunks(&body[..delimiter], 2)?;
    let warnings = body[delimiter + 1..]
        .iter()
        .enumerate()
        .map(|(i, a)| match a {
            Atom::Symbol(s) => Ok(s.clone()),
            other => Err(BridgeError::NotText {
                index: delimiter + 3 + i,
                found: other.to_string(),
            }),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(DecodedResponse {
        request_id,
        result_json,
        warnings,
    })
}

fn chunk_text(text: &str) -> Result<Vec<&str>, BridgeError> {
    let needed = text.len().div_ceil(MAX_CHUNK_BYTES);
    if needed > MAX_CHUNKS {
        return Err(BridgeError::TooLarge {
            bytes: text.len(),
            chunks: needed,
        });
    }
    let chunks = split_chunks(text, MAX_CHUNK_BYTES)?;
    if chunks.len() > MAX_CHUNKS {
        return Err(BridgeError::TooLarge {
            bytes: text.len(),
            chunks: chunks.len(),
        });
    }
    Ok(chunks)
}

/// Checks the selector and reads the request id.
fn check_head(atoms: &[Atom], selector: &'static str) -> Result<u64, BridgeError> {
    match atoms.first() {
        Some(Atom::Symbol(s)) if s == selector => {}
        other => {
            return Err(BridgeError::WrongSelector {
                expected: selector,
                found: other.map_or_else(|| "nothing".to_string(), Atom::to_string),
            })
        }
    }
    match atoms.get(1) {
        Some(Atom::Int(id)) if *id >= 0 => Ok(*id as u64),
        Some(Atom::Float(f)) if *f >= 0.0 && f.fract() == 0.0 && *f < 9.0e15 => Ok(*f as u64),
        other => Err(BridgeError::BadRequestId {
            found: other.map_or_else(|| "nothing".to_string(), |a| format!("{a:?}")),
        }),
    }
}

/// Joins chunk atoms (the first at message index `first_index`) and checks the JSON.
fn join_chunks(chunks: &[Atom], first_index: usize) -> Result<String, BridgeError> {
    if chunks.len() > MAX_CHUNKS {
        return Err(BridgeError::TooManyChunks {
            count: chunks.len(),
        });
    }
    let mut text = String::new();
    for (i, atom) in chunks.iter().enumerate() {
        let index = first_index + i;
        match atom {
            Atom::Symbol(s) if s.len() > MAX_CHUNK_BYTES => {
                return Err(BridgeError::ChunkTooLarge {
                    index,
                    bytes: s.len(),
                })
            }
            Atom::Symbol(s) => text.push_str(s),
            other => {
                return Err(BridgeError::NotText {
                    index,
                    found: other.to_string(),
                })
            }
        }
    }
    if let Err(e) = serde_json::from_str::<serde::de::IgnoredAny>(&text) {
        return Err(BridgeError::MalformedJson {
            detail: e.to_string(),
        });
    }
    Ok(text)
}

/// Makes a warning one safe atom: cut to the chunk limit with a marker, and quoted when
/// the whole text would read as a number.
fn fit_warning(warning: &str) -> String {
    let mut text = if warning.len() > MAX_CHUNK_BYTES {
        let mut cut = MAX_CHUNK_BYTES - TRUNCATION_MARKER.len();
        while !warning.is_char_boundary(cut) {
            cut -= 1;
        }
        format!("{}{TRUNCATION_MARKER}", &warning[..cut])
    } else {
        warning.to_string()
    };
    if super::looks_like_number(&text) {
        text = format!("\"{text}\"");
    }
    text
}
