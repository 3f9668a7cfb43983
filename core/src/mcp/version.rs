//! Protocol versions and what differs between them.

/// Versions this server speaks, newest first.
pub const SUPPORTED: [&str; 3] = ["2025-11-25", "2025-06-18", "2025-03-26"];
/// The newest version, offered when a client asks for one we do not speak.
pub const LATEST: &str = SUPPORTED[0];

/// The version to answer `initialize` with: the client's if supported, else the latest.
pub fn negotiate(requested: &str) -> &'static str {
    SUPPORTED
        .iter()
        .copied()
        .find(|v| *v == requested)
        .unwrap_or(LATEST)
}

/// The supported version equal to `text`, if any.
pub fn known(text: &str) -> Option<&'static str> {
    SUPPORTED.iter().copied().find(|v| *v == text)
}

/// JSON-RPC batches are part of 2025-03-26 only; 2025-06-18 removed them.
pub fn allows_batches(version: &str) -> bool {
    version == "2025-03-26"
}

/// Tool titles, output schemas and structured content exist from 2025-06-18 on.
pub fn has_structured_output(version: &str) -> bool {
    version != "2025-03-26"
}
