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
/// Khmer letters are vowels and tone marks, not accents, so they are kept.
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut previous_is_latin = false;
    for ch in text.nfd() {
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
    fn codes_normalise_to_uppercase_without_spaces() {
        assert_eq!(normalize_code("#sf-10"), "SF-10");
        assert_eq!(normalize_code(" sf 1001 "), "SF1001");
    }
}
