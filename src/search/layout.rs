//! The wrong keyboard layout: Thai shoppers switch between the Thai Kedmanee layout and the US
//! layout all day, and often type a word with the other one still on ("sofa" comes out as
//! "หนดฟ", "โต๊ะ" as "F9Ut"). Each key gives one character in either layout, so the text can
//! be turned back into what the shopper meant, key by key.

/// (US key, Kedmanee character) for every key of the four rows, unshifted then shifted.
const KEYS: &[(char, char)] = &[
    // Number row.
    ('`', '_'),
    ('1', 'ๅ'),
    ('2', '/'),
    ('3', '-'),
    ('4', 'ภ'),
    ('5', 'ถ'),
    ('6', 'ุ'),
    ('7', 'ึ'),
    ('8', 'ค'),
    ('9', 'ต'),
    ('0', 'จ'),
    ('-', 'ข'),
    ('=', 'ช'),
    ('~', '%'),
    ('!', '+'),
    ('@', '๑'),
    ('#', '๒'),
    ('$', '๓'),
    ('%', '๔'),
    ('^', 'ู'),
    ('&', '฿'),
    ('*', '๕'),
    ('(', '๖'),
    (')', '๗'),
    ('_', '๘'),
    ('+', '๙'),
    // Top row.
    ('q', 'ๆ'),
    ('w', 'ไ'),
    ('e', 'ำ'),
    ('r', 'พ'),
    ('t', 'ะ'),
    ('y', 'ั'),
    ('u', 'ี'),
    ('i', 'ร'),
    ('o', 'น'),
    ('p', 'ย'),
    ('[', 'บ'),
    (']', 'ล'),
    ('\\', 'ฃ'),
    ('Q', '๐'),
    ('W', '"'),
    ('E', 'ฎ'),
    ('R', 'ฑ'),
    ('T', 'ธ'),
    ('Y', 'ํ'),
    ('U', '๊'),
    ('I', 'ณ'),
    ('O', 'ฯ'),
    ('P', 'ญ'),
    ('{', 'ฐ'),
    ('}', ','),
    ('|', 'ฅ'),
    // Home row.
    ('a', 'ฟ'),
    ('s', 'ห'),
    ('d', 'ก'),
    ('f', 'ด'),
    ('g', 'เ'),
    ('h', '้'),
    ('j', '่'),
    ('k', 'า'),
    ('l', 'ส'),
    (';', 'ว'),
    ('\'', 'ง'),
    ('A', 'ฤ'),
    ('S', 'ฆ'),
    ('D', 'ฏ'),
    ('F', 'โ'),
    ('G', 'ฌ'),
    ('H', '็'),
    ('J', '๋'),
    ('K', 'ษ'),
    ('L', 'ศ'),
    (':', 'ซ'),
    ('"', '.'),
    // Bottom row.
    ('z', 'ผ'),
    ('x', 'ป'),
    ('c', 'แ'),
    ('v', 'อ'),
    ('b', 'ิ'),
    ('n', 'ื'),
    ('m', 'ท'),
    (',', 'ม'),
    ('.', 'ใ'),
    ('/', 'ฝ'),
    ('Z', '('),
    ('X', ')'),
    ('C', 'ฉ'),
    ('V', 'ฮ'),
    ('B', 'ฺ'),
    ('N', '์'),
    ('M', '?'),
    ('<', 'ฒ'),
    ('>', 'ฬ'),
    ('?', 'ฦ'),
];

fn is_thai(ch: char) -> bool {
    ('\u{0E00}'..='\u{0E7F}').contains(&ch)
}

/// What `text` would have been with the other layout on, if it looks typed with the wrong
/// one: Thai text becomes the US keys that make it (lowercase, as a shopper means it), Latin
/// text becomes the Thai it was typed for. `None` when the text mixes scripts, has characters
/// no key gives, or nothing to swap.
pub fn swap(text: &str) -> Option<String> {
    let text = text.trim();
    let thai = text.chars().any(is_thai);
    let latin = text.chars().any(|c| c.is_ascii_alphabetic());
    if thai == latin {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        if ch == ' ' {
            out.push(' ');
            continue;
        }
        let swapped = if thai {
            KEYS.iter()
                .find(|(_, th)| *th == ch)
                .map(|(key, _)| key.to_ascii_lowercase())
        } else {
            KEYS.iter().find(|(key, _)| *key == ch).map(|(_, th)| *th)
        };
        out.push(swapped?);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thai_typed_for_latin_becomes_the_latin_word() {
        assert_eq!(swap("หนดฟ").as_deref(), Some("sofa"));
        assert_eq!(swap("ไฟพกพนิำ").as_deref(), Some("wardrobe"));
        assert_eq!(swap("ะฟิสำ").as_deref(), Some("table"));
        assert_eq!(swap("หนดฟ ะฟิสำ").as_deref(), Some("sofa table"));
    }

    #[test]
    fn latin_typed_for_thai_becomes_the_thai_word() {
        assert_eq!(swap("F:ak").as_deref(), Some("โซฟา"));
        assert_eq!(swap("F9Ut").as_deref(), Some("โต๊ะ"));
        assert_eq!(swap("g9up'").as_deref(), Some("เตียง"));
    }

    #[test]
    fn mixed_or_unmappable_text_is_left_alone() {
        assert_eq!(swap("sofa โซฟา"), None);
        assert_eq!(swap("   "), None);
        assert_eq!(swap("12345"), None);
        assert_eq!(swap("sofá"), None);
    }
}
