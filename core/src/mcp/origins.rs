//! Lists of web origins in the device settings (`allowedOrigins`, `chatProviderOrigins`):
//! what counts as one origin, and the check a list must pass before the device adopts
//! it, so a typo is reported by name instead of silently admitting nothing.

/// True for `http(s)://host[:port]` with nothing a policy could misread.
pub(super) fn is_plain_origin(o: &str) -> bool {
    let rest = o
        .strip_prefix("http://")
        .or_else(|| o.strip_prefix("https://"));
    rest.is_some_and(|r| {
        !r.is_empty()
            && r.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'))
    })
}

/// The entries of a list separated by commas, spaces or line breaks.
pub(super) fn entries(list: &str) -> impl Iterator<Item = &str> {
    list.split([',', ' ', '\n'])
        .map(str::trim)
        .filter(|o| !o.is_empty())
}

/// Checks the list given for setting `name`: every entry must be an origin (one
/// trailing `/` is tolerated, as browsers never send it). The error names the setting
/// and the first entry that is not an origin, with an example of one.
pub(super) fn check_list(name: &str, list: &str, example: &str) -> Result<(), String> {
    match entries(list).find(|o| !is_plain_origin(o.strip_suffix('/').unwrap_or(o))) {
        None => Ok(()),
        Some(bad) => Err(format!(
            "setting {name}: \"{bad}\" is not an origin; write the scheme, host and port only, \
             separated by commas, e.g. {example}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::{check_list, is_plain_origin};

    #[test]
    fn origins_are_scheme_host_and_port_only() {
        assert!(is_plain_origin("http://studio.lan:1234"));
        assert!(is_plain_origin("https://[::1]:8080"));
        assert!(!is_plain_origin("studio.lan:1234"));
        assert!(!is_plain_origin("http://"));
        assert!(!is_plain_origin("http://a/b"));
        assert!(!is_plain_origin("http://a'; script-src *"));
    }

    #[test]
    fn a_list_names_its_first_bad_entry() {
        assert_eq!(check_list("allowedOrigins", "", "x"), Ok(()));
        assert_eq!(
            check_list(
                "allowedOrigins",
                "http://127.0.0.1:6274, http://localhost:5173/",
                "x"
            ),
            Ok(())
        );
        let e = check_list(
            "chatProviderOrigins",
            "http://a:1 ftp://b http://c/d",
            "http://e:1",
        )
        .unwrap_err();
        assert_eq!(
            e,
            "setting chatProviderOrigins: \"ftp://b\" is not an origin; write the scheme, host \
             and port only, separated by commas, e.g. http://e:1"
        );
    }
}
