//! Reading one cookie from a request: the one parser the language chooser and the sign-in
//! flow share.

use axum::http::{HeaderMap, header};

/// The value of the cookie `name`, from any `Cookie` header of the request.
pub fn read<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v.trim())
}

#[cfg(test)]
mod tests {
    use axum::http::{HeaderMap, HeaderValue, header};

    #[test]
    fn finds_a_cookie_among_several_headers_and_pairs() {
        let mut headers = HeaderMap::new();
        headers.append(header::COOKIE, HeaderValue::from_static("a=1; lang=th"));
        headers.append(header::COOKIE, HeaderValue::from_static("state=xyz"));
        assert_eq!(super::read(&headers, "lang"), Some("th"));
        assert_eq!(super::read(&headers, "state"), Some("xyz"));
        assert_eq!(super::read(&headers, "lan"), None);
    }
}
