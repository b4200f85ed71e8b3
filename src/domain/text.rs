//! Free text typed by people (shoppers, guests, clerks, strangers at the sign-in form) as it
//! may be stored: without control characters (ESC, NUL, BEL, CR…) that corrupt a terminal or a
//! log viewer, and without the bidirectional overrides and isolates (U+202A–U+202E,
//! U+2066–U+2069, U+200E/U+200F, U+061C) that make a staff screen show text in another order
//! than it was typed ("Trojan Source"). Joiners (U+200C/U+200D) and the zero-width space stay:
//! Thai, Khmer and Indonesian text uses them.
//!
//! Every stored free text goes through one of these two at the edge, before it is validated
//! for length or emptiness, so that a limit counts what is kept.

/// Whether `c` is one of the characters dropped from stored text.
pub fn is_unsafe_char(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}'
        )
}

/// One line of text (a name, a username, a reason): every control character is dropped, except
/// that line breaks and tabs become a space so that words do not run together.
pub fn single_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\n' | '\r' | '\t') {
            if !out.ends_with(' ') {
                out.push(' ');
            }
        } else if !is_unsafe_char(c) {
            out.push(c);
        }
    }
    out
}

/// Text that may run over several lines (an order note, an address): line breaks are kept as
/// `\n` (a CR LF or a lone CR becomes one `\n`), tabs become a space, every other control and
/// bidi character is dropped.
pub fn multi_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                out.push('\n');
            }
            '\n' => out.push('\n'),
            '\t' => out.push(' '),
            c if is_unsafe_char(c) => {}
            c => out.push(c),
        }
    }
    out
}

/// The same two rules as serde field readers, so a request struct cleans its free text as it
/// is read (`#[serde(deserialize_with = "crate::domain::text::de::single_line")]`): one place
/// per input type, before any handler or validation sees the text.
pub mod de {
    use serde::{Deserialize, Deserializer};

    pub fn single_line<'de, D: Deserializer<'de>>(reader: D) -> Result<String, D::Error> {
        Ok(super::single_line(&String::deserialize(reader)?))
    }

    pub fn multi_line<'de, D: Deserializer<'de>>(reader: D) -> Result<String, D::Error> {
        Ok(super::multi_line(&String::deserialize(reader)?))
    }

    pub fn single_line_opt<'de, D: Deserializer<'de>>(
        reader: D,
    ) -> Result<Option<String>, D::Error> {
        Ok(Option::<String>::deserialize(reader)?.map(|t| super::single_line(&t)))
    }

    pub fn multi_line_opt<'de, D: Deserializer<'de>>(
        reader: D,
    ) -> Result<Option<String>, D::Error> {
        Ok(Option::<String>::deserialize(reader)?.map(|t| super::multi_line(&t)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_single_line_loses_controls_and_bidi_overrides_but_keeps_thai_and_joiners() {
        let typed = "ad\u{1b}[31mmin\u{0}\u{7}\r\nx\u{202E}gnp.exe\u{2066}";
        assert_eq!(single_line(typed), "ad[31mmin xgnp.exe");
        assert_eq!(single_line("โซฟา\u{200B}สาม"), "โซฟา\u{200B}สาม");
        assert_eq!(single_line("ក\u{200D}ខ"), "ក\u{200D}ខ");
        assert_eq!(single_line("a\t\tb"), "a b");
    }

    #[test]
    fn multi_line_text_keeps_its_lines_as_newlines() {
        assert_eq!(
            multi_line("one\r\ntwo\rthree\nfour"),
            "one\ntwo\nthree\nfour"
        );
        assert_eq!(multi_line("a\u{1b}b\u{202D}c\td"), "abc d");
    }
}
