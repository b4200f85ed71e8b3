//! Text folding and word segmentation for every shop language.

use std::sync::LazyLock;

use icu_segmenter::options::WordBreakInvariantOptions;
use icu_segmenter::{WordSegmenter, WordSegmenterBorrowed};
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// Dictionary segmentation covers Thai, Khmer, Lao and Burmese with data compiled into the
/// binary; other scripts follow the Unicode word-break rules.
static SEGMENTER: LazyLock<WordSegmenterBorrowed<'static>> =
    LazyLock::new(|| WordSegmenter::new_dictionary(WordBreakInvariantOptions::default()));

/// Lowercases and removes accents from Latin letters ("Sofá" → "sofa"). Marks on Thai and
/// Khmer letters are vowels and tone marks, not accents, so they are kept. Thai and Khmer
/// digits become ASCII ones ("๖ ฟุต" → "6 ฟุต").
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut previous_is_latin = false;
    for ch in text.nfd() {
        let ch = ascii_digit(ch);
        if is_combining_mark(ch) {
            if !previous_is_latin {
                out.push(ch);
            }
            continue;
        }
        previous_is_latin = is_latin(ch);
        out.extend(ch.to_lowercase());
    }
    out.nfc().collect()
}

/// Thai (๐–๙) and Khmer (០–៩) digits as ASCII ones; other characters as they are.
fn ascii_digit(ch: char) -> char {
    let zero = match ch {
        '\u{0E50}'..='\u{0E59}' => '\u{0E50}',
        '\u{17E0}'..='\u{17E9}' => '\u{17E0}',
        _ => return ch,
    };
    char::from(b'0' + (ch as u32 - zero as u32) as u8)
}

/// Whether `ch` is a Thai or Khmer character (the scripts written without spaces between
/// words).
pub fn is_thai_or_khmer(ch: char) -> bool {
    ('\u{0E00}'..='\u{0E7F}').contains(&ch) || ('\u{1780}'..='\u{17FF}').contains(&ch)
}

/// The form in which Thai and Khmer words are compared when a shopper's spelling slips: tone
/// marks, the thanthakhat and the mai taikhu dropped; the confusable vowel and consonant pairs
/// (ะ/า, ิ/ี, ึ/ื, ุ/ู, ใ/ไ, ศ/ษ/ส, ณ/น, ฬ/ล) made one; a Khmer vowel typed before a subscript
/// consonant (coeng) put after it, where it belongs. "ตู้เสื้อผา" and "ตู้เสื้อผ้า" share one.
pub fn skeleton(word: &str) -> String {
    let chars: Vec<char> = word.chars().collect();
    let mut out = String::with_capacity(word.len());
    let mut i = 0;
    while i < chars.len() {
        let ch = chars[i];
        if ('\u{17B6}'..='\u{17C5}').contains(&ch)
            && chars.get(i + 1) == Some(&'\u{17D2}')
            && i + 2 < chars.len()
        {
            out.push('\u{17D2}');
            out.push(chars[i + 2]);
            out.push(ch);
            i += 3;
            continue;
        }
        match ch {
            '\u{0E47}'..='\u{0E4C}' => {}
            'ะ' | 'า' => {
                if !out.ends_with('า') {
                    out.push('า');
                }
            }
            'ิ' => out.push('ี'),
            'ึ' => out.push('ื'),
            'ุ' => out.push('ู'),
            'ใ' => out.push('ไ'),
            'ศ' | 'ษ' => out.push('ส'),
            'ณ' => out.push('น'),
            'ฬ' => out.push('ล'),
            _ => out.push(ch),
        }
        i += 1;
    }
    out
}

fn is_latin(ch: char) -> bool {
    ch.is_ascii_alphabetic()
        || ('\u{00C0}'..='\u{024F}').contains(&ch)
        || ('\u{1E00}'..='\u{1EFF}').contains(&ch)
}

/// The folded words of `text`, in order (punctuation and spaces dropped).
pub fn words(text: &str) -> Vec<String> {
    let folded = fold(text);
    let mut out = Vec::new();
    let mut start = 0;
    let mut breaks = SEGMENTER.segment_str(&folded).iter_with_word_type();
    for (end, kind) in breaks.by_ref() {
        if end > start && kind.is_word_like() {
            out.push(folded[start..end].to_string());
        }
        start = end;
    }
    out
}

/// A product code as searched: uppercase, spaces removed ("sf 10" → "SF10", "#sf-10" → "SF-10").
pub fn normalize_code(text: &str) -> String {
    // Stored codes are already in this form (upper-case letters, digits, dashes): the index
    // normalises every product and variant code at start, so they are copied as they are.
    if !text.is_empty()
        && text
            .bytes()
            .all(|b| b.is_ascii_graphic() && !b.is_ascii_lowercase() && b != b'#')
    {
        return text.to_string();
    }
    text.trim()
        .trim_start_matches('#')
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_uppercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_is_folded_but_thai_and_khmer_marks_stay() {
        assert_eq!(fold("Sofá Ñandú"), "sofa nandu");
        assert_eq!(fold("โซฟาผ้า"), "โซฟาผ้า");
        assert_eq!(fold("កៅអីឈើ"), "កៅអីឈើ");
    }

    #[test]
    fn thai_and_khmer_are_split_into_words() {
        assert_eq!(words("ทุกสองสัปดาห์"), ["ทุก", "สอง", "สัปดาห์"]);
        let thai = words("โซฟาไม้สักสามที่นั่ง");
        assert!(thai.len() >= 3 && thai[0] == "โซฟา", "{thai:?}");
        let khmer = words("កៅអីឈើសម្រាប់ផ្ទះបាយ");
        assert!(khmer.len() >= 2, "{khmer:?}");
        assert_eq!(
            words("Nordic 3-Seat Sofa, grey!"),
            ["nordic", "3", "seat", "sofa", "grey"]
        );
    }

    #[test]
    fn thai_and_khmer_digits_fold_to_ascii() {
        assert_eq!(fold("เตียง ๖ ฟุต"), "เตียง 6 ฟุต");
        assert_eq!(fold("គ្រែ ៦ ហ្វីត"), "គ្រែ 6 ហ្វីត");
    }

    #[test]
    fn spelling_slips_share_a_skeleton() {
        for (slip, word) in [
            ("เสื้อผา", "เสื้อผ้า"),
            ("ตู", "ตู้"),
            ("โตะ", "โต๊ะ"),
            ("เงาะ", "เงา"),
            ("ใม้", "ไม้"),
            ("อีง", "อิง"),
            ("ศัก", "สัก"),
            ("គែ្រ", "គ្រែ"),
        ] {
            assert_eq!(skeleton(slip), skeleton(word), "{slip} / {word}");
        }
        assert_ne!(skeleton("โซฟา"), skeleton("โต๊ะ"));
    }

    #[test]
    fn codes_normalise_to_uppercase_without_spaces() {
        assert_eq!(normalize_code("#sf-10"), "SF-10");
        assert_eq!(normalize_code(" sf 1001 "), "SF1001");
        // Already normal (the stored form) or not, the same answer.
        assert_eq!(normalize_code("SF-1001-GR-2"), "SF-1001-GR-2");
        assert_eq!(normalize_code("A#B"), "A#B");
        assert_eq!(normalize_code("#A"), "A");
        assert_eq!(normalize_code("ÉT-1"), "ÉT-1");
    }
}
