//! Synonym groups: words and phrases that mean the same thing to a shopper ("โต๊ะกินข้าว",
//! "โต๊ะอาหาร", "dining table"), across the shop's five languages. They are applied when a
//! query is read, not when products are indexed, so staff can change them without a reindex.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::words::words;

/// The groups shipped with the shop (`assets/seed/synonyms.json`), used until staff save their own.
const BUILT_IN: &str = include_str!("../../assets/seed/synonyms.json");

/// Most groups a shop may keep, terms per group and characters per term: a list people
/// maintain by hand, bounded so a query's expansion stays cheap.
pub const MAX_GROUPS: usize = 1_000;
pub const MAX_TERMS: usize = 30;
pub const MAX_TERM_CHARS: usize = 60;
/// Longest phrase, in words, that is looked for in a query.
const MAX_PHRASE_WORDS: usize = 6;

/// The stored form: the groups as staff wrote them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SynonymGroups {
    pub groups: Vec<Vec<String>>,
}

/// The groups, compiled for reading queries: each phrase (as index words) → the alternatives
/// of every group it belongs to.
#[derive(Debug, Default)]
pub struct Synonyms {
    groups: Vec<Vec<String>>,
    by_phrase: HashMap<Vec<String>, usize>,
    alternatives: Vec<Vec<Vec<String>>>,
    longest: usize,
    /// Every word of every phrase (as [`word_key`]s): words a query may use though no product
    /// holds them.
    words: std::collections::HashSet<String>,
}

/// A run of query words that is a synonym phrase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Span<'a> {
    pub start: usize,
    pub len: usize,
    /// Every phrase the run may be read as (the typed one included), as index words.
    pub alternatives: &'a [Vec<String>],
}

/// The form a word is compared in: English plurals meet their singular ("tables" = "table").
pub fn word_key(word: &str) -> &str {
    match word.strip_suffix('s') {
        Some(stem) if stem.len() >= 3 && word.is_ascii() && !stem.ends_with('s') => stem,
        _ => word,
    }
}

impl Synonyms {
    /// The groups shipped with the shop.
    pub fn built_in() -> Synonyms {
        let groups: SynonymGroups =
            serde_json::from_str(BUILT_IN).expect("assets/seed/synonyms.json is valid");
        Synonyms::compile(groups.groups)
    }

    /// Compiles groups that passed [`check`]. Phrases in several groups join them.
    pub fn compile(groups: Vec<Vec<String>>) -> Synonyms {
        let mut by_phrase: HashMap<Vec<String>, usize> = HashMap::new();
        let mut alternatives: Vec<Vec<Vec<String>>> = Vec::new();
        let mut longest = 0;
        let mut known = std::collections::HashSet::new();
        for group in &groups {
            let phrases: Vec<Vec<String>> = group
                .iter()
                .map(|term| words(term))
                .filter(|w| !w.is_empty() && w.len() <= MAX_PHRASE_WORDS)
                .collect();
            if phrases.len() < 2 {
                continue;
            }
            let keys: Vec<Vec<String>> = phrases
                .iter()
                .map(|p| p.iter().map(|w| word_key(w).to_string()).collect())
                .collect();
            // A phrase already known joins its set; otherwise the group starts a new one.
            let set = keys
                .iter()
                .find_map(|k| by_phrase.get(k).copied())
                .unwrap_or_else(|| {
                    alternatives.push(Vec::new());
                    alternatives.len() - 1
                });
            for (phrase, key) in phrases.into_iter().zip(keys) {
                longest = longest.max(key.len());
                known.extend(key.iter().cloned());
                if !alternatives[set].contains(&phrase) {
                    alternatives[set].push(phrase);
                }
                by_phrase.insert(key, set);
            }
        }
        Synonyms {
            groups,
            by_phrase,
            alternatives,
            longest,
            words: known,
        }
    }

    /// Whether `word` is a word of some synonym phrase.
    pub fn knows_word(&self, word: &str) -> bool {
        self.words.contains(word_key(word))
    }

    /// Whether `phrase` (index words) is a synonym phrase.
    pub fn knows_phrase(&self, phrase: &[String]) -> bool {
        let key: Vec<String> = phrase.iter().map(|w| word_key(w).to_string()).collect();
        self.by_phrase.contains_key(&key)
    }

    /// The groups as written.
    pub fn groups(&self) -> &[Vec<String>] {
        &self.groups
    }

    /// The synonym phrases in `query_words`, longest first from the left, not overlapping.
    pub fn spans(&self, query_words: &[String]) -> Vec<Span<'_>> {
        let mut spans = Vec::new();
        let mut start = 0;
        while start < query_words.len() {
            let longest = self.longest.min(query_words.len() - start);
            let found = (1..=longest).rev().find_map(|len| {
                let key: Vec<String> = query_words[start..start + len]
                    .iter()
                    .map(|w| word_key(w).to_string())
                    .collect();
                self.by_phrase.get(&key).map(|&set| (len, set))
            });
            match found {
                Some((len, set)) => {
                    spans.push(Span {
                        start,
                        len,
                        alternatives: &self.alternatives[set],
                    });
                    start += len;
                }
                None => start += 1,
            }
        }
        spans
    }
}

/// What is wrong with groups staff want to save, one `groups[i][j]: problem` per line; the
/// groups cleaned (terms trimmed, repeats and empty groups dropped) when nothing is.
pub fn check(groups: Vec<Vec<String>>) -> Result<Vec<Vec<String>>, Vec<String>> {
    let mut problems = Vec::new();
    if groups.len() > MAX_GROUPS {
        problems.push(format!("groups: at most {MAX_GROUPS} groups"));
    }
    let mut cleaned = Vec::new();
    for (i, group) in groups.into_iter().enumerate().take(MAX_GROUPS) {
        if group.len() > MAX_TERMS {
            problems.push(format!("groups[{i}]: at most {MAX_TERMS} terms"));
            continue;
        }
        let before = problems.len();
        let mut terms: Vec<String> = Vec::new();
        for (j, term) in group.iter().enumerate() {
            let term = term.split_whitespace().collect::<Vec<_>>().join(" ");
            if term.is_empty() {
                continue;
            }
            if term.chars().count() > MAX_TERM_CHARS {
                problems.push(format!(
                    "groups[{i}][{j}]: at most {MAX_TERM_CHARS} characters"
                ));
            } else if term.chars().any(crate::domain::text::is_unsafe_char) {
                problems.push(format!(
                    "groups[{i}][{j}]: control or text-direction characters"
                ));
            } else if words(&term).is_empty() {
                problems.push(format!("groups[{i}][{j}]: has no letters or digits"));
            } else if words(&term).len() > MAX_PHRASE_WORDS {
                problems.push(format!(
                    "groups[{i}][{j}]: at most {MAX_PHRASE_WORDS} words"
                ));
            } else if !terms.iter().any(|t| words(t) == words(&term)) {
                terms.push(term);
            }
        }
        if problems.len() > before || terms.is_empty() {
            continue;
        }
        if terms.len() == 1 {
            problems.push(format!(
                "groups[{i}]: a group needs at least two different terms"
            ));
        } else {
            cleaned.push(terms);
        }
    }
    if problems.is_empty() {
        Ok(cleaned)
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn built_in_groups_cover_the_five_languages() {
        let synonyms = Synonyms::built_in();
        assert!(synonyms.groups().len() >= 40, "{}", synonyms.groups().len());
        let spans = synonyms.spans(&words("โต๊ะกินข้าว"));
        assert_eq!(spans.len(), 1, "{spans:?}");
        assert!(spans[0].alternatives.contains(&words("โต๊ะอาหาร")));
        assert!(spans[0].alternatives.contains(&s(&["dining", "table"])));
        let spans = synonyms.spans(&words("couch"));
        assert!(spans[0].alternatives.contains(&s(&["sofa"])));
        assert!(spans[0].alternatives.contains(&words("โซฟา")));
    }

    #[test]
    fn the_longest_phrase_wins_and_plurals_match() {
        let synonyms = Synonyms::compile(vec![
            s(&["sofa", "couch"]),
            s(&["sofa bed", "futon"]),
            s(&["dining table", "โต๊ะอาหาร"]),
        ]);
        let spans = synonyms.spans(&s(&["grey", "sofa", "beds"]));
        assert_eq!(spans.len(), 1);
        assert_eq!((spans[0].start, spans[0].len), (1, 2));
        assert!(spans[0].alternatives.contains(&s(&["futon"])));
        let spans = synonyms.spans(&s(&["dining", "tables", "couch"]));
        assert_eq!(spans.len(), 2);
        assert_eq!((spans[1].start, spans[1].len), (2, 1));
    }

    #[test]
    fn groups_sharing_a_phrase_join() {
        let synonyms = Synonyms::compile(vec![s(&["sofa", "couch"]), s(&["couch", "settee"])]);
        let spans = synonyms.spans(&s(&["settee"]));
        assert_eq!(spans[0].alternatives.len(), 3, "{spans:?}");
    }

    #[test]
    fn saving_checks_every_term() {
        let cleaned = check(vec![
            s(&[" dining  table ", "โต๊ะกินข้าว", "dining table"]),
            s(&["", " "]),
        ])
        .unwrap();
        assert_eq!(cleaned, vec![s(&["dining table", "โต๊ะกินข้าว"])]);
        let problems = check(vec![
            s(&["sofa"]),
            s(&["sofa", &"x".repeat(61)]),
            s(&["sofa", "!!!"]),
        ])
        .unwrap_err();
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems[0].starts_with("groups[0]:"));
        assert!(problems[1].starts_with("groups[1][1]:"));
        assert!(problems[2].starts_with("groups[2][1]:"));
    }
}
