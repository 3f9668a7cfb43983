//! Barline requires Live 12.3 or later (docs/design/live-model.md §2.15). The session
//! reads Live's version once and, on an older Live, answers every call `UNSUPPORTED`
//! before the tool runs, so nothing is read or changed.

use crate::live::{Atom, LivePort};
use crate::tools::common::live_version::{live_version, older_than_12_3, too_old, REQUIRED_STATUS};
use crate::tools::ToolError;

/// What the session knows of Live's version.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum LiveGate {
    /// Not read yet, or Live could not answer: read again at the next call.
    #[default]
    Unknown,
    /// Live 12.3 or later (this version text).
    Supported(String),
    /// An older Live (this version text): every call is refused.
    TooOld(String),
}

impl LiveGate {
    /// Reads the version unless it is known. A Live that cannot answer (an error or an
    /// empty answer) is not refused, and is asked again at the next call.
    pub fn learn(&mut self, live: &mut dyn LivePort) {
        if *self != LiveGate::Unknown {
            return;
        }
        if let Some(version) = live_version(live).ok().filter(|v| !v.trim().is_empty()) {
            *self = if older_than_12_3(&version) {
                LiveGate::TooOld(version)
            } else {
                LiveGate::Supported(version)
            };
        }
    }

    /// The refusal every call gets on an older Live.
    pub fn refusal(&self) -> Option<ToolError> {
        match self {
            LiveGate::TooOld(version) => Some(too_old(version)),
            _ => None,
        }
    }

    /// Status-outlet messages for the device's panel and the Max console: on an older
    /// Live, the required version and the one found; otherwise nothing.
    pub fn status_messages(&self) -> Vec<Vec<Atom>> {
        let LiveGate::TooOld(version) = self else {
            return Vec::new();
        };
        vec![
            vec![
                Atom::Symbol("console".into()),
                Atom::Symbol(format!(
                    "this is Live {version}; {REQUIRED_STATUS}, so every tool call is answered UNSUPPORTED"
                )),
            ],
            vec![
                Atom::Symbol("status".into()),
                Atom::Symbol(REQUIRED_STATUS.into()),
            ],
        ]
    }
}
