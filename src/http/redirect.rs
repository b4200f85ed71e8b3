//! A redirect target is accepted only when it is a relative path of letters,
//! digits and a few symbols, with an optional query and hash. Anything else (`//host`,
//! `http:`, `javascript:`, backslashes, control characters) falls back to home.

pub fn is_safe_redirect(target: &str) -> bool {
    if !target.starts_with('/')
        || target.starts_with("//")
        || target.len() > 512
        || target.contains("/..")
    {
        return false;
    }
    let (path_and_query, hash) = match target.split_once('#') {
        Some((before, hash)) => (before, Some(hash)),
        None => (target, None),
    };
    let (path, query) = match path_and_query.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (path_and_query, None),
    };
    let allowed = |s: &str, extra: &[u8]| {
        s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_./~%".contains(&b) || extra.contains(&b))
    };
    allowed(path, b"")
        && query.is_none_or(|q| allowed(q, b"=&+"))
        && hash.is_none_or(|h| allowed(h, b"=&+"))
}

#[cfg(test)]
mod tests {
    use super::is_safe_redirect;

    #[test]
    fn only_relative_paths_of_plain_characters_pass() {
        for ok in [
            "/",
            "/th/about",
            "/user/password?x=1&y=2",
            "/search?keyword=sofa#top",
            "/room/living-room_2",
        ] {
            assert!(is_safe_redirect(ok), "{ok}");
        }
        for bad in [
            "",
            "about",
            "//evil.example",
            "/\\evil.example",
            "http://evil.example",
            "javascript:alert(1)",
            "/a/../admin",
            "/a b",
            "/a\nb",
            "/<script>",
            "/ok?x=<a>",
        ] {
            assert!(!is_safe_redirect(bad), "{bad}");
        }
    }
}
