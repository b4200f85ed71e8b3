//! Escaping text for HTML: the one function every page, stand-in form and shell uses, so a
//! name, a translation or a payment problem can never open a tag or close an attribute.

/// Escapes text for HTML content and for single- or double-quoted attributes.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn every_character_that_opens_markup_or_closes_an_attribute_is_escaped() {
        assert_eq!(
            escape(r#"<a href='x' title="y">&</a>"#),
            "&lt;a href=&#39;x&#39; title=&quot;y&quot;&gt;&amp;&lt;/a&gt;"
        );
        assert_eq!(escape("โซฟา 3 ที่นั่ง"), "โซฟา 3 ที่นั่ง");
    }
}
