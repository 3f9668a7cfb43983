//! Error classification: what a failed provider request means and what the user reads
//! (one sentence on what happened, one on what to do), never a raw dump.

use super::types::Config;

/// What to tell the user about a failure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErrorInfo {
    /// What happened.
    pub text: String,
    /// What to do.
    pub action: String,
    /// Status and the provider's message, keys redacted.
    pub details: String,
    /// Retrying can help.
    pub retry: bool,
    /// A setting is the cause.
    pub settings: bool,
}

/// What the loop does with an HTTP failure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Rate limited or overloaded: retry after a wait.
    Transient,
    /// A request parameter was refused: send again without it.
    DropParameter(String),
    /// End the turn with this error.
    Fatal(ErrorInfo),
}

/// Parameters the page sends only when set and drops when a provider refuses them.
const OPTIONAL_PARAMETERS: [&str; 4] = [
    "stream_options",
    "temperature",
    "reasoning_effort",
    "max_tokens",
];

/// Classifies an HTTP status and body from the provider. `dropped` lists parameters
/// already dropped (a second refusal is an error).
pub fn classify(config: &Config, status: u16, body: &str, dropped: &[String]) -> Failure {
    let provider = config.provider_name();
    let lower = body.to_ascii_lowercase();
    let details = format!("HTTP {status}: {}", redact(body));
    let fatal = |text: String, action: &str, retry: bool, settings: bool| {
        Failure::Fatal(ErrorInfo {
            text,
            action: action.into(),
            details: details.clone(),
            retry,
            settings,
        })
    };
    match status {
        429 | 503 | 529 => Failure::Transient,
        401 | 403 => fatal(
            format!("{provider} refused the key."),
            "Check the key in Settings.",
            false,
            true,
        ),
        404 => fatal(
            format!("{} isn't available on {provider}.", config.model),
            if config.preset == "ollama" {
                "Pick a model from the list in Settings; Ollama needs the exact name of an installed model."
            } else {
                "Pick a model from the list in Settings."
            },
            false,
            true,
        ),
        400 | 422 => {
            if let Some(p) = OPTIONAL_PARAMETERS
                .iter()
                .find(|p| lower.contains(*p) && !dropped.iter().any(|d| d == *p))
            {
                return Failure::DropParameter((*p).to_string());
            }
            if lower.contains("tool")
                && (lower.contains("support") || lower.contains("not enabled"))
            {
                return Failure::Fatal(no_tools(config, details));
            }
            if lower.contains("context")
                && (lower.contains("length")
                    || lower.contains("window")
                    || lower.contains("too long"))
            {
                return fatal(
                    format!(
                        "The conversation no longer fits {}'s context.",
                        config.model
                    ),
                    "Turn on small-model mode, use fewer tools, or start a new conversation.",
                    false,
                    true,
                );
            }
            fatal(
                format!("{provider} refused the request."),
                "Check the model and settings, then retry.",
                true,
                true,
            )
        }
        500..=599 => fatal(
            format!("{provider} had a problem."),
            "Retry in a moment.",
            true,
            false,
        ),
        _ => fatal(
            format!("{provider} answered with HTTP {status}."),
            "Retry, or check Settings.",
            true,
            true,
        ),
    }
}

/// The error for a model that wrote a tool call as text or refused tools.
pub fn no_tools(config: &Config, details: String) -> ErrorInfo {
    ErrorInfo {
        text: format!(
            "{} can't call tools, so it can't work with Live.",
            config.model
        ),
        action: "Pick a model marked for tool use.".into(),
        details,
        retry: false,
        settings: true,
    }
}

/// A request that never got an answer: `cors` when a no-cors probe reached the server
/// (it refused the page's origin), else unreachable.
pub fn network(config: &Config, cors: bool, base_url: &str, origin: &str) -> ErrorInfo {
    let (text, action) = if cors {
        let action = match config.preset.as_str() {
            "lmstudio" => "Turn on Enable CORS in LM Studio's server settings.".to_string(),
            "ollama" => {
                format!("Allow this page's origin in OLLAMA_ORIGINS ({origin}) and restart Ollama.")
            }
            _ => format!("The server must allow the origin {origin}."),
        };
        (
            format!("{} refused this page (CORS).", config.provider_name()),
            action,
        )
    } else {
        let action = match config.preset.as_str() {
            "lmstudio" => format!("Is LM Studio's server running? The page tried {base_url}."),
            "ollama" => format!("Is Ollama running? The page tried {base_url}."),
            _ => "Check the base URL and your connection, then retry.".to_string(),
        };
        (format!("Can't reach {base_url}."), action)
    };
    ErrorInfo {
        text,
        action,
        details: String::new(),
        retry: true,
        settings: true,
    }
}

/// The error for a stream that ended mid-event or carried a chunk that is not JSON.
pub fn broken(detail: &str) -> ErrorInfo {
    ErrorInfo {
        text: "The answer was cut off.".into(),
        action: "Retry to ask again.".into(),
        details: redact(detail),
        retry: true,
        settings: false,
    }
}

/// A provider's message with anything that looks like a key replaced, cut to 500
/// characters.
pub fn redact(text: &str) -> String {
    let words: Vec<String> = text
        .split(' ')
        .map(|w| {
            let core = w.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '-' && c != '_');
            let keyish = (core.starts_with("sk-") || core.starts_with("AIza") || core.len() >= 32)
                && core.chars().filter(char::is_ascii_digit).count() >= 2;
            if keyish {
                w.replace(core, "[redacted]")
            } else {
                w.to_string()
            }
        })
        .collect();
    words.join(" ").chars().take(500).collect()
}

/// The wait before retry `attempt` (0-based): the provider's `Retry-After` in seconds,
/// capped at 60 s, else 2, 4, 8, 16, 32 s plus `jitter` (0–1) seconds.
pub fn retry_delay_ms(retry_after: Option<&str>, attempt: u32, jitter: f64) -> u64 {
    if let Some(s) = retry_after
        .and_then(|r| crate::decimal::parse(r.trim()))
        .filter(|s| s.is_finite() && *s >= 0.0)
    {
        return (s.min(60.0) * 1000.0).round() as u64;
    }
    let base = 2u64.saturating_pow(attempt.min(4) + 1) * 1000;
    base + (jitter.clamp(0.0, 1.0) * 1000.0).round() as u64
}

/// Most retries of one request after rate limits and overloads.
pub const MAX_RETRIES: u32 = 5;
