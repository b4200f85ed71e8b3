//! Typo tolerance for Latin-script words, as Meilisearch documents it: a word of 5 characters
//! or more may have one typo, of 9 or more two; a typo is a missing, extra, wrong or swapped
//! character (Damerau–Levenshtein, "optimal string alignment"). A typo on the first character
//! counts twice, so candidates share the first letter. Words with digits are codes or sizes and
//! are never corrected.

/// How many typos `word` (folded) may carry.
pub fn allowed(word: &str) -> u8 {
    if !is_plain_latin(word) {
        return 0;
    }
    match word.chars().count() {
        0..=4 => 0,
        5..=8 => 1,
        _ => 2,
    }
}

/// Letters only, Latin script (after folding): the words typo tolerance applies to.
pub fn is_plain_latin(word: &str) -> bool {
    !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_lowercase() || ('\u{00DF}'..='\u{024F}').contains(&c))
}

/// The distance between `a` and `b` if it is at most `max`.
pub fn distance(a: &[char], b: &[char], max: u8) -> Option<u8> {
    if a.len().abs_diff(b.len()) > max as usize {
        return None;
    }
    let d = table(a, b, max)?;
    let found = d[a.len()][b.len()];
    (found <= max as usize).then_some(found as u8)
}

/// The smallest distance between `a` and any prefix of `b` (at least as long as `a` minus
/// `max`), if it is at most `max`: how the last word of a query, still being typed, matches.
pub fn prefix_distance(a: &[char], b: &[char], max: u8) -> Option<u8> {
    if b.len() + (max as usize) < a.len() {
        return None;
    }
    let b = &b[..b.len().min(a.len() + max as usize)];
    let d = table(a, b, max)?;
    let found = d[a.len()].iter().copied().min().unwrap_or(usize::MAX);
    (found <= max as usize).then_some(found as u8)
}

/// The optimal-string-alignment table; `None` as soon as a whole row exceeds `max`.
fn table(a: &[char], b: &[char], max: u8) -> Option<Vec<Vec<usize>>> {
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        d[i][0] = i;
        let mut row_min = d[i][0];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
            row_min = row_min.min(best);
        }
        if row_min > max as usize {
            return None;
        }
    }
    Some(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    #[test]
    fn allowance_follows_word_length_and_skips_codes() {
        assert_eq!(allowed("sofa"), 0);
        assert_eq!(allowed("sofas"), 1);
        assert_eq!(allowed("wadrobe"), 1);
        assert_eq!(allowed("wardrobes"), 2);
        assert_eq!(allowed("sf1001"), 0, "codes are never corrected");
        assert_eq!(allowed("โซฟาผ้า"), 0, "Thai has its own rules");
    }

    #[test]
    fn distances_count_missing_extra_wrong_and_swapped_letters() {
        let d = |a: &str, b: &str, max| distance(&chars(a), &chars(b), max);
        assert_eq!(d("wadrobe", "wardrobe", 1), Some(1));
        assert_eq!(d("cahir", "chair", 1), Some(1), "a swap is one typo");
        assert_eq!(d("mattres", "mattress", 1), Some(1));
        assert_eq!(d("wardrobe", "wardrobe", 2), Some(0));
        assert_eq!(d("wodrobe", "wardrobe", 1), None);
        assert_eq!(d("wodrobe", "wardrobe", 2), Some(2));
    }

    #[test]
    fn a_prefix_being_typed_matches_with_typos() {
        let p = |a: &str, b: &str, max| prefix_distance(&chars(a), &chars(b), max);
        assert_eq!(p("wadro", "wardrobe", 1), Some(1));
        assert_eq!(p("wardro", "wardrobe", 1), Some(0));
        assert_eq!(p("mattrz", "mattress", 1), Some(1));
        assert_eq!(p("xyzzy", "wardrobe", 1), None);
    }
}
