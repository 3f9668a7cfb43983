//! Failures of a tool call between node.script and v8: the host reports what happened
//! (a kind and a detail) and core decides the error code, the message and the hint, so
//! every host and the stdio bridge word them the same way.

use crate::tools::framework::error::{ErrorCode, ToolError};

/// What went wrong on the way to Live or back.
#[derive(Clone, Debug, PartialEq)]
pub enum Transit {
    /// No answer within the request time limit (milliseconds that applied).
    Timeout {
        /// The time limit that expired, in milliseconds.
        ms: u64,
    },
    /// The answer arrived but could not be decoded.
    Damaged {
        /// The decoder's message.
        detail: String,
    },
    /// The v8 side cannot run Barline (`mcp_unsupported`).
    Unsupported {
        /// The reason the v8 side gave.
        reason: String,
    },
    /// The request could not be framed for the bridge.
    Unframeable {
        /// The framer's message.
        detail: String,
    },
    /// node.script could not send the request out.
    SendFailed {
        /// The outlet's error.
        detail: String,
    },
    /// The device is stopping; calls still out are abandoned.
    Stopping,
    /// node.script itself failed while relaying (a defect in the host).
    HostError {
        /// The host's error.
        detail: String,
    },
    /// The stdio bridge found no device at its URL.
    Offline {
        /// The MCP endpoint the bridge tried.
        url: String,
    },
}

impl Transit {
    /// Reads a host's report: `kind` is `timeout` (detail: milliseconds), `damaged`,
    /// `unsupported`, `unframeable`, `sendFailed`, `stopping`, `hostError` or `offline`
    /// (detail: the URL). An unknown kind is itself a defect and reads as a damaged answer.
    pub fn from_report(kind: &str, detail: &str) -> Transit {
        let detail = detail.to_string();
        match kind {
            "timeout" => Transit::Timeout {
                ms: detail.trim().parse().unwrap_or(0),
            },
            "unsupported" => Transit::Unsupported { reason: detail },
            "unframeable" => Transit::Unframeable { detail },
            "sendFailed" => Transit::SendFailed { detail },
            "stopping" => Transit::Stopping,
            "offline" => Transit::Offline { url: detail },
            "damaged" => Transit::Damaged { detail },
            "hostError" => Transit::HostError { detail },
            other => Transit::Damaged {
                detail: format!("the host reported an unknown failure {other:?}: {detail}"),
            },
        }
    }

    /// The tool error this failure becomes.
    pub fn to_error(&self) -> ToolError {
        match self {
            Transit::Timeout { ms } => ToolError::new(
                ErrorCode::Timeout,
                format!("the call did not finish within {} s", seconds(*ms)),
            ),
            Transit::Damaged { detail } => ToolError::new(
                ErrorCode::Internal,
                format!("the Live side sent a damaged response: {detail}"),
            ),
            Transit::Unsupported { reason } => ToolError::new(
                ErrorCode::Unsupported,
                format!("the Live side cannot run Barline: {reason}"),
            )
            .with_hint("Tell the user the Barline device needs Live 12 with Max 9; nothing can be done from here."),
            Transit::Unframeable { detail } => ToolError::new(
                ErrorCode::TooLarge,
                format!("the request cannot cross the bridge: {detail}"),
            ),
            Transit::SendFailed { detail } => ToolError::new(
                ErrorCode::Internal,
                format!("could not send the call to the Live side: {detail}"),
            ),
            Transit::HostError { detail } => ToolError::new(
                ErrorCode::Internal,
                format!("node.script failed while relaying the call: {detail}"),
            ),
            Transit::Stopping => ToolError::new(ErrorCode::Internal, "the device is stopping")
                .with_hint("The device was switched off or removed; ask the user whether it is running, then retry."),
            Transit::Offline { url } => ToolError::new(
                ErrorCode::Disabled,
                format!(
                    "Barline is not running: nothing answers at {url}. Start Ableton Live and put the \
                     Barline device on a track, then call this tool again."
                ),
            )
            .with_hint("The Barline device is not running; no setting will change that. Ask the user to open Live with the device on a track, then retry."),
        }
    }
}

/// Milliseconds as seconds for a message: `30`, `1.5`.
fn seconds(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        (ms / 1000).to_string()
    } else {
        format!("{}", ms as f64 / 1000.0)
    }
}

#[cfg(test)]
mod tests {
    use super::Transit;
    use crate::tools::framework::error::ErrorCode;

    #[test]
    fn each_report_has_its_code_and_a_message_naming_the_detail() {
        let cases = [
            ("timeout", "1500", ErrorCode::Timeout, "within 1.5 s"),
            (
                "damaged",
                "not JSON",
                ErrorCode::Internal,
                "damaged response: not JSON",
            ),
            (
                "unsupported",
                "no WebAssembly",
                ErrorCode::Unsupported,
                "cannot run Barline: no WebAssembly",
            ),
            (
                "unframeable",
                "too big",
                ErrorCode::TooLarge,
                "cannot cross the bridge: too big",
            ),
            (
                "sendFailed",
                "closed",
                ErrorCode::Internal,
                "could not send the call",
            ),
            (
                "stopping",
                "",
                ErrorCode::Internal,
                "the device is stopping",
            ),
            (
                "hostError",
                "oops",
                ErrorCode::Internal,
                "relaying the call: oops",
            ),
            (
                "offline",
                "http://127.0.0.1:1/mcp",
                ErrorCode::Disabled,
                "nothing answers at http://127.0.0.1:1/mcp",
            ),
            (
                "nonsense",
                "x",
                ErrorCode::Internal,
                "unknown failure \"nonsense\"",
            ),
        ];
        for (kind, detail, code, text) in cases {
            let e = Transit::from_report(kind, detail).to_error();
            assert_eq!(e.code, code, "{kind}");
            assert!(e.message.contains(text), "{kind}: {}", e.message);
        }
    }

    #[test]
    fn the_offline_hint_says_the_device_is_not_running_not_to_enable_a_setting() {
        let e = Transit::from_report("offline", "http://127.0.0.1:3350/mcp").to_error();
        assert!(e.hint().contains("not running"), "{}", e.hint());
        assert!(!e.hint().contains("enable"), "{}", e.hint());
    }
}
