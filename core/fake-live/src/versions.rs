//! What the Live version changes in the Live API (core/fake-live/README.md, "Live
//! versions"): members that only exist from a given version, and answers that differ.
//! The version is the fixture's `live_version` (default 12.3.1).

use super::schema::Class;
use super::set::FakeLive;

/// The first version (major, minor) in which a member exists, when it is not in every
/// Live 12. Live 12.0's LiveAPI lacks `Song.scale_mode` (README row 52); the
/// properties and functions documented "since Live 12.3" are gated the same way.
pub(crate) fn since(class: Class, member: &str) -> Option<(u32, u32)> {
    let v12_3 = Some((12, 3));
    match (class, member) {
        (Class::Song, "scale_mode") => v12_3,
        (Class::DeviceParameter, "display_value") => v12_3,
        (Class::Chain, "in_note") => v12_3,
        (Class::Track | Class::Chain, "insert_device") => v12_3,
        (Class::Device, "insert_chain") => v12_3,
        _ => None,
    }
}

/// Parses "12.3.1" into (12, 3); missing or bad parts read as 0.
pub(crate) fn major_minor(version: &str) -> (u32, u32) {
    let mut parts = version
        .split('.')
        .map(|p| p.trim().parse::<u32>().unwrap_or(0));
    (parts.next().unwrap_or(0), parts.next().unwrap_or(0))
}

impl FakeLive {
    /// True when the modelled Live is `major.minor` or newer.
    pub(crate) fn live_at_least(&self, major: u32, minor: u32) -> bool {
        major_minor(&self.config.version) >= (major, minor)
    }

    /// True when `member` of `class` exists in the modelled Live version.
    pub(crate) fn member_exists(&self, class: Class, member: &str) -> bool {
        since(class, member).is_none_or(|(a, b)| self.live_at_least(a, b))
    }

    /// `": not available in Live 12.2.5 (from 12.3)"` when the version hides `member`,
    /// else nothing: the tail of a refusal's text.
    pub(crate) fn version_note(&self, class: Class, member: &str) -> String {
        match since(class, member) {
            Some((a, b)) if !self.live_at_least(a, b) => format!(
                ": not available in Live {} (from {a}.{b})",
                self.config.version
            ),
            _ => String::new(),
        }
    }

    /// Sets the modelled Live version (as the fixture's `live_version` does), e.g.
    /// `"12.2.5"`; it gates the members and answers listed in [`since`].
    pub fn set_live_version(&mut self, version: &str) {
        self.config.version = version.to_string();
    }

    /// The modelled Live version string.
    pub fn live_version(&self) -> &str {
        &self.config.version
    }
}
