//! The sample-folder search of `barline-context` (docs/design/tool-rules.md §2): a
//! recursive walk of the configured folder through the port's folder listing (Max's
//! `Folder` on the device), collecting audio files whose relative path contains the
//! search text. Bounded: at most [`MAX_ENTRIES`] entries visited, the deadline checked
//! per folder.

use crate::tools::common::clip::audio::AUDIO_EXTENSIONS;
use crate::tools::framework::call::Call;
use crate::tools::framework::error::{ErrorCode, ToolError};

/// Most folder entries (files and folders) one search visits.
pub const MAX_ENTRIES: usize = 20_000;
/// Deepest folder nesting followed (guards against link loops).
pub const MAX_DEPTH: usize = 32;

/// What a search found.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// The folder searched, ending with `/`.
    pub folder: String,
    /// Matching paths relative to the folder, `/`-separated, in listing order.
    pub samples: Vec<String>,
    /// More matches exist than `limit` let through.
    pub truncated: bool,
}

/// The configured folder as results show it: `/` separators, ending with `/`.
pub fn folder_text(folder: &str) -> String {
    let f = folder.replace('\\', "/");
    if f.ends_with('/') {
        f
    } else {
        format!("{f}/")
    }
}

fn is_audio(name: &str) -> bool {
    let lower = crate::case::lower(name);
    AUDIO_EXTENSIONS.iter().any(|e| lower.ends_with(e))
}

/// Walks `folder` depth-first in listing order and returns up to `limit` audio files
/// whose relative path contains `search` (case-insensitive). `NOT_FOUND` when the
/// folder does not exist.
pub fn search(
    call: &mut Call<'_>,
    folder: &str,
    search: &str,
    limit: usize,
) -> Result<Found, ToolError> {
    let root = folder_text(folder);
    let needle = crate::case::lower(search);
    let mut found = Found {
        folder: root.clone(),
        ..Found::default()
    };
    // Folders still to list, as relative paths ("" is the root); a stack of iterators
    // keeps the listing order of a depth-first walk.
    let listing = |call: &mut Call<'_>, rel: &str| {
        let path = format!("{root}{rel}");
        let path = if path.len() > 1 {
            path.trim_end_matches('/').to_string()
        } else {
            path
        };
        call.live.list_folder(&path).map_err(ToolError::from)
    };
    let Some(top) = listing(call, "")? else {
        return Err(
            ToolError::not_found(format!("the sample folder {root} no longer exists"))
                .with_hint("Set an existing sample folder in the Barline device."),
        );
    };
    let mut stack = vec![(String::new(), top.into_iter())];
    let mut visited = 0usize;
    while let Some((prefix, entries)) = stack.last_mut() {
        let Some(entry) = entries.next() else {
            stack.pop();
            continue;
        };
        let prefix = prefix.clone();
        visited += 1;
        if visited > MAX_ENTRIES {
            call.warn(format!(
                "stopped after {} entries of the sample folder; choose a smaller sample folder to search all of it",
                crate::tools::framework::format::grouped(MAX_ENTRIES)
            ));
            break;
        }
        let rel = format!("{prefix}{}", entry.name);
        if entry.is_folder {
            if stack.len() >= MAX_DEPTH {
                continue;
            }
            if call.deadline_near() {
                call.warn("stopped searching the sample folder to stay within the time limit; use a more specific search text");
                break;
            }
            match listing(call, &rel)? {
                Some(children) => stack.push((format!("{rel}/"), children.into_iter())),
                None => continue,
            }
        } else if is_audio(&entry.name) && crate::case::lower(&rel).contains(&needle) {
            if found.samples.len() == limit {
                found.truncated = true;
                call.warn(format!(
                    "stopped at {limit} matching files; use a more specific search text to see others"
                ));
                break;
            }
            found.samples.push(rel);
        }
    }
    Ok(found)
}

/// `DISABLED` when no sample folder is configured.
pub fn configured(call: &Call<'_>) -> Result<String, ToolError> {
    call.ctx
        .sample_folder
        .clone()
        .filter(|f| !f.trim().is_empty())
        .ok_or_else(|| {
            ToolError::new(
                ErrorCode::Disabled,
                "No sample folder is set in the Barline device",
            )
            .with_hint("Drop a folder on the device's sample folder field, then search again.")
        })
}
