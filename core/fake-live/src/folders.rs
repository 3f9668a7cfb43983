//! Folder listing over the fixture's `files` (sample search): the fake has no file
//! system, so a folder exists when a listed file lies under it, and its entries are the
//! next path components in the order the fixture lists the files.

use super::set::FakeLive;
use barline_core::live::FolderEntry;

impl FakeLive {
    /// The entries directly inside `path` (with or without a trailing `/`), or `None`
    /// when no fixture file lies under it.
    pub fn folder_entries(&self, path: &str) -> Option<Vec<FolderEntry>> {
        let prefix = format!("{}/", path.trim_end_matches('/'));
        let mut out: Vec<FolderEntry> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut found = false;
        for file in &self.files {
            let Some(rest) = file.strip_prefix(&prefix) else {
                continue;
            };
            found = true;
            let (name, is_folder) = match rest.split_once('/') {
                Some((dir, _)) => (dir, true),
                None => (rest, false),
            };
            if name.is_empty() || !seen.insert(name) {
                continue;
            }
            out.push(FolderEntry {
                name: name.to_string(),
                is_folder,
            });
        }
        found.then_some(out)
    }
}
