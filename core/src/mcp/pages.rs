//! The pages served beside `/mcp` (the demo's playground, the device's chat page):
//! their admission and the chat page's response headers. Pages need no token to load
//! (a browser cannot send one for a page); their data, `/mcp`, does when required.

use super::http::{HttpRequest, HttpResponse};
use super::origins;
use super::security;
use super::server::Server;
use std::collections::BTreeMap;

impl Server {
    /// Admission for a page: the same Host and Origin rules as the MCP endpoint,
    /// without the token. `None` admits; otherwise the refusal to write.
    pub fn admit_page(&self, req: &HttpRequest) -> Option<HttpResponse> {
        security::check_admission(
            req.header("host"),
            req.header("origin"),
            self.settings.binds_loopback(),
            &self.settings.allowed_origins,
        )
        .err()
        .map(|r| text(r.status, &r.message))
    }

    /// Admission for `/chat/…`: [`Server::admit_page`], and 403 while the device
    /// setting Chat page is off.
    pub fn admit_chat(&self, req: &HttpRequest) -> Option<HttpResponse> {
        if !self.settings.chat_page {
            return Some(text(
                403,
                "The chat page is off: turn on Chat page in the Barline device's Access section",
            ));
        }
        self.admit_page(req)
    }

    /// The headers of every `/chat/` response: a policy that allows no inline script
    /// or style, no remote images and no framing, and lets the page call only this
    /// device, `https:` providers, loopback servers and the configured provider origins.
    pub fn chat_headers(&self, etag: &str) -> BTreeMap<String, String> {
        let extra: Vec<&str> = origins::entries(&self.settings.chat_provider_origins)
            .filter(|o| origins::is_plain_origin(o))
            .collect();
        // Chromium refuses `http://[::1]:*` as a source (and logs an error), so IPv6
        // loopback servers are reached through 127.0.0.1 or localhost instead.
        let mut connect = "'self' https: http://127.0.0.1:* http://localhost:*".to_string();
        for o in extra {
            connect.push(' ');
            connect.push_str(o);
        }
        let csp = format!(
            "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; \
             img-src 'self' data:; font-src 'self'; connect-src {connect}; base-uri 'none'; \
             form-action 'none'; frame-ancestors 'none'"
        );
        let mut h = BTreeMap::new();
        for (k, v) in [
            ("content-security-policy", csp.as_str()),
            ("x-content-type-options", "nosniff"),
            ("referrer-policy", "no-referrer"),
            ("cross-origin-opener-policy", "same-origin"),
            ("cross-origin-resource-policy", "same-origin"),
            (
                "permissions-policy",
                "camera=(), microphone=(), geolocation=()",
            ),
            ("cache-control", "no-cache"),
        ] {
            h.insert(k.to_string(), v.to_string());
        }
        h.insert("etag".into(), format!("\"{}\"", etag.replace('"', "")));
        h
    }
}

impl Server {
    /// The address the device's "Open chat" button opens: `127.0.0.1` (never
    /// `localhost`, a different browser origin) unless the server is bound to one other
    /// address, and `#token=` when a token is required. A fragment never reaches a
    /// server or its log; the page moves it to this tab's storage at once.
    pub fn chat_url(&self, port: u16) -> String {
        let host = self.settings.host.trim();
        let any = matches!(host, "0.0.0.0" | "::" | "[::]" | "");
        let shown = if any || security::is_loopback_host(host) {
            "127.0.0.1".to_string()
        } else if host.contains(':') && !host.starts_with('[') {
            format!("[{host}]")
        } else {
            host.to_string()
        };
        let mut url = format!("http://{shown}:{port}/chat/");
        if let (true, Some(token)) = (
            self.settings.token_required(),
            self.settings.token.as_deref(),
        ) {
            url.push_str("#token=");
            for b in token.bytes() {
                if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                    url.push(b as char);
                } else {
                    url.push_str(&format!("%{b:02X}"));
                }
            }
        }
        url
    }
}

fn text(status: u16, message: &str) -> HttpResponse {
    let mut resp = HttpResponse::empty(status).with("content-type", "text/plain; charset=utf-8");
    resp.body = format!("{message}\n");
    resp
}
