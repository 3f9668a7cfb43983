//! Admission rules of the MCP server (docs/design/security.md §1): Host, Origin, bearer
//! token, body size and media type, and the loopback default.

use crate::support;

use barline_core::mcp::{Server, Settings};
use serde_json::json;
use support::mcp::{req, respond};

#[test]
fn host_origin_token_size_and_media_type() {
    let mut s = Server::new(Settings::default());
    let ping = json!({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}).to_string();
    let status = |s: &mut Server, h: &[(&str, &str)], body: &str| {
        respond(s.handle_http(&req("POST", h, body))).status
    };
    assert_eq!(status(&mut s, &[("host", "evil.example:3350")], &ping), 421);
    assert_eq!(status(&mut s, &[("host", "localhost:3350")], &ping), 200);
    assert_eq!(status(&mut s, &[("host", "[::1]:3350")], &ping), 200);
    assert_eq!(
        status(&mut s, &[("origin", "https://evil.example")], &ping),
        403
    );
    assert_eq!(status(&mut s, &[("origin", "null")], &ping), 403);
    // Another local page is not the device's own origin (issue 23): refused unless listed.
    assert_eq!(
        status(&mut s, &[("origin", "http://localhost:5173")], &ping),
        403
    );
    let mut listed = Server::new(Settings {
        allowed_origins: "http://localhost:5173".into(),
        ..Settings::default()
    });
    assert_eq!(
        status(&mut listed, &[("origin", "http://localhost:5173")], &ping),
        200
    );
    assert_eq!(
        status(&mut s, &[("content-type", "text/plain")], &ping),
        415
    );
    let mut small = Server::new(Settings {
        max_body_bytes: 100,
        ..Settings::default()
    });
    let big = format!("{{\"pad\":\"{}\"}}", "x".repeat(200));
    assert_eq!(status(&mut small, &[], &big), 413);

    let mut t = Server::new(Settings {
        require_token: true,
        token: Some("s3cret".into()),
        ..Settings::default()
    });
    assert_eq!(status(&mut t, &[], &ping), 401);
    assert_eq!(
        status(&mut t, &[("authorization", "Bearer wrong")], &ping),
        401
    );
    assert_eq!(
        status(&mut t, &[("authorization", "Bearer s3cret")], &ping),
        200
    );
    let r = respond(t.handle_http(&req("POST", &[], &ping)));
    assert!(r.headers.contains_key("www-authenticate"));
}

#[test]
fn non_loopback_bind_requires_a_token_even_when_not_asked() {
    let s = Settings {
        host: "0.0.0.0".into(),
        ..Settings::default()
    };
    assert!(s.token_required());
    assert!(Settings::default().binds_loopback());
    assert_eq!(Settings::default().host, "127.0.0.1");
}

#[test]
fn loopback_names_and_origins_are_matched_exactly() {
    use barline_core::mcp::security::{check_origin_and_host, is_loopback_host};
    for h in [
        "127.0.0.1",
        "127.1.2.3",
        "localhost",
        "LOCALHOST",
        "::1",
        "[::1]",
        "app.localhost",
    ] {
        assert!(is_loopback_host(h), "{h}");
    }
    for h in [
        "127.0.0.1.evil.com",
        "localhost.evil.com",
        "0.0.0.0",
        "128.0.0.1",
        "127.0.0",
        "evil.com",
        "",
    ] {
        assert!(!is_loopback_host(h), "{h}");
    }
    assert!(
        check_origin_and_host(Some("127.0.0.1:3350"), Some("http://127.0.0.1:3350"), true).is_ok()
    );
    assert_eq!(
        check_origin_and_host(
            Some("127.0.0.1:3350"),
            Some("http://127.0.0.1.evil.com"),
            true
        )
        .unwrap_err()
        .status,
        403
    );
    assert_eq!(
        check_origin_and_host(Some("127.0.0.1:3350"), Some("http://user@localhost"), true)
            .unwrap_err()
            .status,
        403
    );
    assert_eq!(
        check_origin_and_host(Some("127.0.0.1:3350"), Some("file://"), true)
            .unwrap_err()
            .status,
        403
    );
    assert_eq!(
        check_origin_and_host(None, None, true).unwrap_err().status,
        421
    );
    // Bound beyond loopback (token required then), the Host may be the machine's name,
    // and an Origin of that same host is the device's own page.
    assert!(check_origin_and_host(
        Some("studio.lan:3350"),
        Some("http://studio.lan:3350"),
        false
    )
    .is_ok());
    // Only the device's own origin: another loopback page is refused.
    for other in [
        "http://127.0.0.1:3351",
        "http://localhost:3350",
        "https://127.0.0.1:3350",
    ] {
        assert_eq!(
            check_origin_and_host(Some("127.0.0.1:3350"), Some(other), true)
                .unwrap_err()
                .status,
            403,
            "{other}"
        );
    }
    use barline_core::mcp::security::check_admission;
    let listed = "http://127.0.0.1:6274, HTTP://localhost:5173/";
    assert!(check_admission(
        Some("127.0.0.1:3350"),
        Some("http://127.0.0.1:6274"),
        true,
        listed
    )
    .is_ok());
    assert!(check_admission(
        Some("127.0.0.1:3350"),
        Some("http://localhost:5173"),
        true,
        listed
    )
    .is_ok());
    assert!(check_admission(
        Some("127.0.0.1:3350"),
        Some("http://127.0.0.1:6275"),
        true,
        listed
    )
    .is_err());
    assert_eq!(
        check_origin_and_host(Some("studio.lan:3350"), Some("http://evil.com"), false)
            .unwrap_err()
            .status,
        403
    );
}
