//! The link check of information pages, on a real CommonMark parser (pulldown-cmark).
//!
//! A page body is Markdown that the storefront renders (`ui/src/lib/markdown.ts`). The check
//! refuses a body when any link destination in it could take a reader somewhere unsafe
//! (`javascript:`, `data:`, another host without https…). It used to scan the text by hand and
//! missed what CommonMark reads as links in other places: a reference definition inside a
//! blockquote or a list item (`> [x]: javascript:…`), an autolink (`<javascript:…>`), entity
//! escapes in a destination (`java&#115;cript:`). Reading the body with a CommonMark parser
//! sees every destination the Markdown can produce, however it is written:
//!
//! - inline links and images, `[text](dest)` and `![alt](dest)`;
//! - reference definitions anywhere (in quotes and list items too), used or not;
//! - autolinks `<scheme:…>` and `<name@host>`.
//!
//! Raw HTML is not a link in a page: the storefront shows it as text and the server-rendered
//! fallback escapes it, so `<a href="javascript:…">` in a body is inert text, as it always was.
//!
//! The storefront's renderer builds links only where CommonMark does (and only to the same
//! safe targets); both sides read one corpus of hostile bodies,
//! `tests/fixtures/markdown-links.json`, and agree on the destinations of each.

use pulldown_cmark::{Event, LinkType, Options, Parser, Tag};

/// Link schemes a page body may use; anything else (`javascript:`, `data:`, `vbscript:`…) is
/// refused on save, and the storefront's renderer refuses it again.
pub fn is_safe_link_target(target: &str) -> bool {
    let target = target.trim();
    let lower = target.to_ascii_lowercase();
    if lower.starts_with("https://") || lower.starts_with("mailto:") || lower.starts_with("tel:") {
        return !target.contains(|c: char| c.is_whitespace() || "\"'<>`".contains(c));
    }
    // Site-relative (`/info/returns`, `#top`), but neither protocol-relative (`//evil.example`)
    // nor the backslash form browsers read the same way (`/\evil.example`).
    (lower.starts_with('/') && !lower.starts_with("//") && !lower.starts_with("/\\"))
        || lower.starts_with('#')
}

/// Every link destination of a Markdown text: what CommonMark reads as a link or image
/// destination (inline, reference, autolink), and every reference definition, used or not.
/// Email autolinks are given as `mailto:` addresses, as a renderer would link them.
pub fn link_destinations(markdown: &str) -> Vec<String> {
    let parser = Parser::new_ext(markdown, Options::empty());
    let mut found: Vec<String> = parser
        .reference_definitions()
        .iter()
        .map(|(_, definition)| definition.dest.to_string())
        .collect();
    for event in parser {
        match event {
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                ..
            }) => found.push(match link_type {
                LinkType::Email => format!("mailto:{dest_url}"),
                _ => dest_url.to_string(),
            }),
            Event::Start(Tag::Image { dest_url, .. }) => found.push(dest_url.to_string()),
            _ => {}
        }
    }
    found
}

/// The destinations a Markdown text holds that a page may not use.
pub fn unsafe_destinations(markdown: &str) -> Vec<String> {
    link_destinations(markdown)
        .into_iter()
        .filter(|target| !is_safe_link_target(target))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One body of the shared corpus: what the server's parser must find, and whether the
    /// body may be saved.
    #[derive(Debug, serde::Deserialize)]
    struct Case {
        name: String,
        body: String,
        destinations: Vec<String>,
        refused: bool,
    }

    fn corpus() -> Vec<Case> {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/markdown-links.json"
        );
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    #[test]
    fn the_parser_finds_every_destination_of_the_shared_corpus() {
        let cases = corpus();
        assert!(cases.len() >= 20, "the corpus is the test: keep it full");
        for case in cases {
            let mut found = link_destinations(&case.body);
            let mut expected = case.destinations.clone();
            found.sort();
            expected.sort();
            assert_eq!(found, expected, "{}: {:?}", case.name, case.body);
            assert_eq!(
                !unsafe_destinations(&case.body).is_empty(),
                case.refused,
                "{}: {:?}",
                case.name,
                case.body
            );
        }
    }

    #[test]
    fn unsafe_schemes_are_refused_and_safe_ones_kept() {
        for target in [
            "javascript:alert(1)",
            " JaVaScRiPt:alert(1)",
            "data:text/html,x",
            "//evil.example",
            "/\\evil.example",
            "http://x.example",
            "vbscript:x",
            "https://a b",
        ] {
            assert!(!is_safe_link_target(target), "{target}");
        }
        for target in [
            "https://line.me/R/ti/p/@kiosk",
            "mailto:shop@example.com",
            "tel:021234567",
            "/info/returns",
            "#top",
        ] {
            assert!(is_safe_link_target(target), "{target}");
        }
    }
}
