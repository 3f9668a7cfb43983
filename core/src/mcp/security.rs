//! Request admission (docs/design/security.md §1): the DNS-rebinding guard on `Host`, the
//! cross-site guard on `Origin`, and the optional bearer token.

/// Why a request was refused before it reached the protocol layer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// HTTP status (401, 403, 421).
    pub status: u16,
    /// Plain-text explanation for the client.
    pub message: String,
}

/// True for `localhost`, `127.x.x.x` and `::1` (brackets optional).
pub fn is_loopback_host(host: &str) -> bool {
    let h = host.trim().to_ascii_lowercase();
    let h = h.trim_start_matches('[').trim_end_matches(']');
    if h == "localhost" || h == "::1" || h.ends_with(".localhost") {
        return true;
    }
    let parts: Vec<&str> = h.split('.').collect();
    parts.len() == 4
        && parts[0] == "127"
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.parse::<u8>().is_ok())
}

/// The host name of a `Host` header value (port removed, IPv6 brackets kept off).
pub fn host_name(header: &str) -> String {
    let h = header.trim();
    if let Some(rest) = h.strip_prefix('[') {
        return rest.split(']').next().unwrap_or("").to_string();
    }
    match h.rsplit_once(':') {
        Some((name, port)) if port.chars().all(|c| c.is_ascii_digit()) => name.to_string(),
        _ => h.to_string(),
    }
}

/// Checks `Host` (when bound to loopback) and `Origin` with no extra allowed origins
/// (see [`check_admission`]).
pub fn check_origin_and_host(
    host: Option<&str>,
    origin: Option<&str>,
    bound_to_loopback: bool,
) -> Result<(), Refusal> {
    check_admission(host, origin, bound_to_loopback, "")
}

/// Checks `Host` (when bound to loopback) and `Origin`. An `Origin` is admitted when it
/// is the device's own (its host and port are the request's `Host`, the way the device's
/// pages call `/mcp`) or when it is in `allowed`, the device setting "Allowed origins"
/// (origins separated by commas or spaces). Other loopback origins are refused: any
/// local web page shares the loopback host, so it must not inherit the device's trust.
pub fn check_admission(
    host: Option<&str>,
    origin: Option<&str>,
    bound_to_loopback: bool,
    allowed: &str,
) -> Result<(), Refusal> {
    let host_name = host.map(host_name);
    if bound_to_loopback {
        match &host_name {
            Some(h) if is_loopback_host(h) => {}
            Some(h) => {
                return Err(Refusal {
                    status: 421,
                    message: format!(
                        "Host \"{h}\" is not a loopback name; Barline answers only requests addressed to 127.0.0.1 or localhost"
                    ),
                })
            }
            None => {
                return Err(Refusal {
                    status: 421,
                    message: "the Host header is missing".into(),
                })
            }
        }
    }
    if let Some(o) = origin {
        let own = match (origin_authority(o), host) {
            (Some(oa), Some(h)) => oa == normal_authority(h),
            _ => false,
        };
        let listed = allowed_origins(allowed).any(|a| a == normal_origin(o));
        if !own && !listed {
            return Err(Refusal {
                status: 403,
                message: format!(
                    "Origin \"{o}\" is not allowed to use this MCP server; only the device's own pages are, \
                     and the origins listed in the device setting Allowed origins"
                ),
            });
        }
    }
    Ok(())
}

/// The origins of the "Allowed origins" setting, normalised.
fn allowed_origins(list: &str) -> impl Iterator<Item = String> + '_ {
    list.split([',', ' ', '\n'])
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .map(normal_origin)
}

/// An origin lower-cased without a trailing slash.
fn normal_origin(o: &str) -> String {
    o.trim().trim_end_matches('/').to_ascii_lowercase()
}

/// `host:port` of a `Host` header, lower-cased, the default HTTP port dropped.
fn normal_authority(h: &str) -> String {
    let h = h.trim().to_ascii_lowercase();
    h.strip_suffix(":80").map(String::from).unwrap_or(h)
}

/// `host:port` of an `http://` origin (as [`normal_authority`]); `None` for other
/// schemes, `null` or user info.
fn origin_authority(origin: &str) -> Option<String> {
    let rest = origin.trim().strip_prefix("http://")?;
    let authority = rest.split('/').next().unwrap_or("");
    if authority.is_empty() || authority.contains('@') {
        return None;
    }
    Some(normal_authority(authority))
}

/// Checks `Authorization: Bearer <token>` when a token is required.
pub fn check_token(
    authorization: Option<&str>,
    expected: Option<&str>,
    required: bool,
) -> Result<(), Refusal> {
    if !required {
        return Ok(());
    }
    let refuse = |message: &str| Refusal {
        status: 401,
        message: message.to_string(),
    };
    let Some(expected) = expected.filter(|t| !t.is_empty()) else {
        return Err(refuse(
            "a token is required but none is configured; open the Barline device to generate one",
        ));
    };
    let given = authorization
        .and_then(|a| {
            let (scheme, value) = a.trim().split_once(' ')?;
            scheme.eq_ignore_ascii_case("bearer").then(|| value.trim())
        })
        .ok_or_else(|| refuse("missing bearer token: send Authorization: Bearer <token> (the token is shown in the Barline device)"))?;
    if constant_time_eq(given.as_bytes(), expected.as_bytes()) {
        Ok(())
    } else {
        Err(refuse(
            "wrong bearer token (the token is shown in the Barline device)",
        ))
    }
}

/// Compares without an early exit so timing does not reveal the matching prefix.
fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    let mut diff = a.len() ^ b.len();
    for i in 0..a.len().max(b.len()) {
        let x = a.get(i).copied().unwrap_or(0);
        let y = b.get(i).copied().unwrap_or(1);
        diff |= usize::from(x ^ y);
    }
    diff == 0
}
