//! Numbers written as words: a shopper types "สามที่นั่ง", "three seater", "tiga tempat duduk"
//! or "បីកន្លែង" where names say "3". Each of the five languages' words for one to twelve reads
//! as its digits too (Thai and Khmer digits are folded to ASCII ones, see
//! [`super::words::fold`]).

/// (word as folded and segmented, digits), the five languages' one to twelve.
const WORDS: &[(&str, &str)] = &[
    // English.
    ("one", "1"),
    ("two", "2"),
    ("three", "3"),
    ("four", "4"),
    ("five", "5"),
    ("six", "6"),
    ("seven", "7"),
    ("eight", "8"),
    ("nine", "9"),
    ("ten", "10"),
    ("eleven", "11"),
    ("twelve", "12"),
    // Thai.
    ("หนึ่ง", "1"),
    ("สอง", "2"),
    ("สาม", "3"),
    ("สี่", "4"),
    ("ห้า", "5"),
    ("หก", "6"),
    ("เจ็ด", "7"),
    ("แปด", "8"),
    ("เก้า", "9"),
    ("สิบ", "10"),
    ("สิบเอ็ด", "11"),
    ("สิบสอง", "12"),
    // Malay and Indonesian (eight differs).
    ("satu", "1"),
    ("dua", "2"),
    ("tiga", "3"),
    ("empat", "4"),
    ("lima", "5"),
    ("enam", "6"),
    ("tujuh", "7"),
    ("lapan", "8"),
    ("delapan", "8"),
    ("sembilan", "9"),
    ("sepuluh", "10"),
    ("sebelas", "11"),
    // Khmer.
    ("មួយ", "1"),
    ("ពីរ", "2"),
    ("បី", "3"),
    ("បួន", "4"),
    ("ប្រាំ", "5"),
    ("ប្រាំមួយ", "6"),
    ("ប្រាំពីរ", "7"),
    ("ប្រាំបី", "8"),
    ("ប្រាំបួន", "9"),
    ("ដប់", "10"),
    ("ដប់មួយ", "11"),
    ("ដប់ពីរ", "12"),
];

/// The digits `word` (folded) stands for, if it is a number word.
pub fn digits(word: &str) -> Option<&'static str> {
    WORDS.iter().find(|(w, _)| *w == word).map(|(_, d)| *d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::words::words;

    #[test]
    fn number_words_of_the_five_languages_read_as_digits() {
        for (typed, digit) in [
            ("three", "3"),
            ("สาม", "3"),
            ("tiga", "3"),
            ("បី", "3"),
            ("delapan", "8"),
            ("ប្រាំមួយ", "6"),
        ] {
            let typed = &words(typed)[0];
            assert_eq!(digits(typed), Some(digit), "{typed}");
        }
        assert_eq!(digits("sofa"), None);
        // As the segmenter cuts a Thai query.
        let thai = words("โซฟาสามที่นั่ง");
        assert_eq!(digits(&thai[1]), Some("3"), "{thai:?}");
    }
}
