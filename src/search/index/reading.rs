//! Reading a keyword the way the shopper meant it, before it is matched, and answering
//! something when no product holds every word (docs/PERFORMANCE.md, "Search on unseen
//! queries"):
//! - Thai and Khmer are re-cut over the index's own words when a word of the query is not one
//!   of them: a query the segmenter cuts differently from a name ("ตู้ เสื้อผ้า") meets it, and a
//!   spelling slip (a tone mark left out, a confusable vowel, [`skeleton`]) finds its word at a
//!   typo's cost whatever its length;
//! - a Latin word the index does not know is split into two it does ("sofabed", "180x200"), two
//!   words are joined when together they make one it knows ("book shelf" → "bookshelf");
//! - the other keyboard layout's reading wins when it is made of known words and the typed one
//!   is not ("ri," → "พรม"), instead of only when the typed one finds (almost) nothing;
//! - when no product holds every word, the products holding the most of them answer, each
//!   word counting by how rare it is, with the words left out (`unmatchedWords`).

use super::*;
use crate::search::numbers;
use crate::search::words::{is_thai_or_khmer, skeleton};

/// A keyword's matches.
#[derive(Debug, Default)]
pub struct KeywordHits {
    /// Unordered, with their scores.
    pub hits: Vec<Scored>,
    /// What was searched instead of the keyword typed (the other keyboard layout, a slipped
    /// Thai spelling, the nearest known spelling).
    pub corrected: Option<String>,
    /// Words of the keyword the best hits do not hold: set when no product held every word.
    pub unmatched: Vec<String>,
    /// How many of the hits hold every word (of the keyword or what was searched instead):
    /// what tells a miss (`super::super::misses`), since partial matches answer the rest.
    pub full: usize,
}

/// Longest stretch of Thai or Khmer characters tried as one word when re-cutting a query.
const MAX_PIECE_CHARS: usize = 24;
/// What a piece of a re-cut query costs: one of the index's words as typed, one within a
/// spelling slip, a character no word holds.
const PIECE_EXACT: u32 = 10;
const PIECE_SLIP: u32 = 14;
const PIECE_UNKNOWN: u32 = 40;
/// Added to the score of a product holding every word when products holding only some follow
/// it; a partial match's score stays below ([`SearchIndex::partial`] caps it).
const FULL_MATCH: u32 = 1 << 24;

impl SearchIndex {
    /// What the shop searches for `keyword`: its words read as described in this module, with
    /// synonyms and the usual typos; when that finds [`FEW_RESULTS`] or fewer, the same keys
    /// typed with the other keyboard layout, or (nothing found) the nearest known spellings, if
    /// either finds more; and when nothing holds every word, the products holding the most.
    pub fn find_keyword(&self, keyword: &str, synonyms: &Synonyms) -> KeywordHits {
        let options = Options {
            synonyms: Some(synonyms),
            typos: Typos::Standard,
        };
        let (read, respelt) = self.read(keyword, synonyms);
        let known = self.all_known(&read, synonyms);
        // The other layout weighed: its reading wins when made of known words and the typed
        // one is not (a prefix of rare words is no reading).
        if !known && let Some(swapped) = &layout::swap(keyword) {
            let (other, _) = self.read(swapped, synonyms);
            if self.all_known(&other, synonyms) {
                let hits = self.matches_words(other, options);
                if !hits.is_empty() {
                    return KeywordHits {
                        full: hits.len(),
                        hits,
                        corrected: Some(swapped.clone()),
                        unmatched: Vec::new(),
                    };
                }
            }
        }
        let corrected = respelt.then(|| joined(&read));
        let hits = self.matches_words(read.clone(), options);
        if hits.len() > FEW_RESULTS {
            return KeywordHits {
                full: hits.len(),
                hits,
                corrected,
                unmatched: Vec::new(),
            };
        }
        let found = hits.len();
        // A Thai or Khmer spelling slip may cut into known words ("ทีนอน" → "ที" "นอน"): the
        // keyword re-cut over the index's words, if that finds more.
        if !respelt {
            let (recut, slipped) = self.read_with(keyword, synonyms, true);
            if slipped && recut != read {
                let better = self.matches_words(recut.clone(), options);
                if better.len() > found {
                    return KeywordHits {
                        full: better.len(),
                        hits: better,
                        corrected: Some(joined(&recut)),
                        unmatched: Vec::new(),
                    };
                }
            }
        }
        let rewrites = [
            layout::swap(keyword),
            (found == 0).then(|| self.correction(keyword)).flatten(),
        ];
        if let Some((better, rewritten)) = rewrites
            .into_iter()
            .flatten()
            .map(|rewritten| (self.matches(&rewritten, options), rewritten))
            .find(|(better, _)| better.len() > found)
        {
            return KeywordHits {
                full: better.len(),
                hits: better,
                corrected: Some(rewritten),
                unmatched: Vec::new(),
            };
        }
        let (partial, unmatched) = self.partial(&read, options);
        if found == 0 {
            return KeywordHits {
                hits: partial,
                corrected,
                unmatched,
                full: 0,
            };
        }
        // One or two products hold every word: they come first, the products holding the most
        // of the words follow.
        let mut all: Vec<Scored> = hits
            .iter()
            .map(|h| Scored {
                doc: h.doc,
                score: h.score.saturating_add(FULL_MATCH),
            })
            .collect();
        all.extend(
            partial
                .into_iter()
                .filter(|p| !hits.iter().any(|h| h.doc == p.doc)),
        );
        KeywordHits {
            hits: all,
            corrected,
            unmatched: Vec::new(),
            full: found,
        }
    }

    /// The words of `keyword` as the shopper meant them, and whether a spelling was changed
    /// (not only where the words are cut).
    pub fn read(&self, keyword: &str, synonyms: &Synonyms) -> (Vec<String>, bool) {
        self.read_with(keyword, synonyms, false)
    }

    /// [`SearchIndex::read`]; `recut`: Thai and Khmer re-cut even when every word is known.
    fn read_with(&self, keyword: &str, synonyms: &Synonyms, recut: bool) -> (Vec<String>, bool) {
        let typed = words(&join_thai_runs(keyword));
        let mut out: Vec<String> = Vec::with_capacity(typed.len());
        let mut respelt = false;
        let mut i = 0;
        while i < typed.len() {
            if typed[i].chars().any(is_thai_or_khmer) {
                let end = (i..typed.len())
                    .find(|&j| !typed[j].chars().any(is_thai_or_khmer))
                    .unwrap_or(typed.len());
                let run = &typed[i..end];
                if !recut && run.iter().all(|w| self.knows(w, synonyms)) {
                    out.extend(run.iter().cloned());
                } else {
                    let (recut, slipped) = self.recut(&run.concat(), synonyms);
                    respelt |= slipped;
                    out.extend(recut);
                }
                i = end;
                continue;
            }
            out.push(typed[i].clone());
            i += 1;
        }
        (self.split_and_join(out, synonyms), respelt)
    }

    /// Whether the index or the synonyms know `word` as it is (or it is a number word).
    fn knows(&self, word: &str, synonyms: &Synonyms) -> bool {
        !self.exact_lists(word).is_empty()
            || synonyms.knows_word(word)
            || numbers::digits(word).is_some()
    }

    fn all_known(&self, read: &[String], synonyms: &Synonyms) -> bool {
        !read.is_empty() && read.iter().all(|w| self.knows(w, synonyms))
    }

    /// `text` (Thai or Khmer, no spaces) cut into the fewest of the index's words, each as typed
    /// or within a spelling slip, characters no word holds kept as they are: the words, and
    /// whether a slip was read.
    fn recut(&self, text: &str, synonyms: &Synonyms) -> (Vec<String>, bool) {
        let chars: Vec<char> = text.chars().collect();
        let n = chars.len();
        // best[j]: (cost, start of the last piece, the piece's word if known, slipped).
        let mut best: Vec<(u32, usize, Option<String>, bool)> =
            vec![(u32::MAX, 0, None, false); n + 1];
        best[0].0 = 0;
        for j in 1..=n {
            for i in j.saturating_sub(MAX_PIECE_CHARS)..j {
                if best[i].0 == u32::MAX {
                    continue;
                }
                let piece: String = chars[i..j].iter().collect();
                let (cost, word, slipped) = if self.knows(&piece, synonyms) {
                    (PIECE_EXACT, Some(piece), false)
                } else if let Some(term) = self.slipped(&piece) {
                    (PIECE_SLIP, Some(term.to_string()), true)
                } else if j - i == 1 {
                    (PIECE_UNKNOWN, None, false)
                } else {
                    continue;
                };
                let total = best[i].0 + cost;
                if total < best[j].0 {
                    best[j] = (total, i, word, slipped);
                }
            }
        }
        let mut pieces: Vec<(Option<String>, usize, usize, bool)> = Vec::new();
        let mut j = n;
        while j > 0 {
            let (_, i, word, slipped) = best[j].clone();
            pieces.push((word, i, j, slipped));
            j = i;
        }
        pieces.reverse();
        let mut out: Vec<String> = Vec::new();
        let mut slipped_any = false;
        let mut unknown = String::new();
        for (word, i, j, slipped) in pieces {
            match word {
                Some(word) => {
                    if !unknown.is_empty() {
                        out.push(std::mem::take(&mut unknown));
                    }
                    slipped_any |= slipped;
                    out.push(word);
                }
                None => unknown.extend(&chars[i..j]),
            }
        }
        if !unknown.is_empty() {
            out.push(unknown);
        }
        (out, slipped_any)
    }

    /// Whether `prefix` starts a longer word of the index (the last word, still being typed).
    fn is_prefix(&self, prefix: &str) -> bool {
        let at = self.terms.partition_point(|term| &**term <= prefix);
        self.terms
            .get(at)
            .is_some_and(|term| term.starts_with(prefix))
    }

    /// The index's word whose skeleton is `piece`'s (the one in the most products).
    fn slipped(&self, piece: &str) -> Option<&str> {
        let key = skeleton(piece);
        let at = self.skeletons.partition_point(|(s, _)| **s < *key);
        self.skeletons
            .get(at)
            .filter(|(s, _)| **s == *key)
            .map(|(_, term)| &*self.terms[*term as usize])
    }

    /// Latin words joined when together they make a word the index or the synonyms know
    /// ("book shelf" → "bookshelf"), and a word nobody knows split into two they do ("sofabed"
    /// → "sofa bed"), or into its digits and letters ("180x200" → "180 x 200").
    fn split_and_join(&self, read: Vec<String>, synonyms: &Synonyms) -> Vec<String> {
        let latin = |w: &str| w.chars().all(|c| c.is_ascii_alphanumeric());
        let mut joined: Vec<String> = Vec::with_capacity(read.len());
        let mut i = 0;
        while i < read.len() {
            if let Some(next) = read.get(i + 1)
                && latin(&read[i])
                && latin(next)
                && read[i].chars().all(|c| c.is_ascii_alphabetic())
                && !synonyms.knows_phrase(&read[i..i + 2])
            {
                let together = format!("{}{next}", read[i]);
                if self.knows(&together, synonyms) {
                    joined.push(together);
                    i += 2;
                    continue;
                }
            }
            joined.push(read[i].clone());
            i += 1;
        }
        let last = joined.len().saturating_sub(1);
        let mut out = Vec::with_capacity(joined.len() + 2);
        for (i, word) in joined.into_iter().enumerate() {
            if !latin(&word) || self.knows(&word, synonyms) || (i == last && self.is_prefix(&word))
            {
                out.push(word);
                continue;
            }
            let runs = digit_runs(&word);
            if runs.len() > 1 {
                out.extend(runs);
                continue;
            }
            let chars: Vec<char> = word.chars().collect();
            let split = (2..chars.len().saturating_sub(1)).rev().find_map(|k| {
                let (a, b): (String, String) =
                    (chars[..k].iter().collect(), chars[k..].iter().collect());
                (self.knows(&a, synonyms) && self.knows(&b, synonyms)).then_some([a, b])
            });
            match split {
                Some(parts) => out.extend(parts),
                None => out.push(word),
            }
        }
        out
    }

    /// When no product holds every word: the products holding any, each scoring the sum over
    /// the words it holds of its usual score there times how rare the word is (so a name
    /// holding the rare words outranks one holding the common ones, and any name outranks
    /// descriptions), with the words the best of them does not hold.
    fn partial(&self, read: &[String], options: Options) -> (Vec<Scored>, Vec<String>) {
        let mut read = read.to_vec();
        read.truncate(MAX_QUERY_WORDS);
        if read.is_empty() {
            return (Vec::new(), Vec::new());
        }
        let groups = self.groups(&read, options);
        let documents = self.popularity.len();
        let active = self.active.iter().filter(|a| **a).count().max(1) as f64;
        let mut score = vec![0u32; documents];
        let mut held = vec![0u16; documents];
        let mut best = vec![0u32; documents];
        let mut touched: Vec<u32> = Vec::new();
        for (g, (_, lists)) in groups.iter().enumerate() {
            touched.clear();
            for list in lists {
                for posting in list.postings.iter() {
                    let slot = &mut best[posting.doc() as usize];
                    if *slot == 0 {
                        touched.push(posting.doc());
                    }
                    *slot = (*slot).max(posting.weight() * list.factor);
                }
            }
            if touched.is_empty() {
                continue;
            }
            // 1 for a word in every product, up to ~60 for one in a single product of millions.
            let rarity = 1 + ((active / touched.len() as f64).ln().max(0.0) * 4.0) as u32;
            for &doc in &touched {
                let d = doc as usize;
                score[d] = score[d]
                    .saturating_add(best[d] * rarity)
                    .min(FULL_MATCH - 1);
                held[d] |= 1 << g;
                best[d] = 0;
            }
        }
        let hits: Vec<Scored> = score
            .iter()
            .enumerate()
            .filter(|(_, s)| **s > 0)
            .map(|(doc, s)| Scored {
                doc: doc as u32,
                score: *s,
            })
            .collect();
        let Some(top) = hits.iter().max_by_key(|h| h.score) else {
            return (Vec::new(), Vec::new());
        };
        let holds = held[top.doc as usize];
        let unmatched = groups
            .iter()
            .enumerate()
            .filter(|(g, _)| holds & (1 << g) == 0)
            .map(|(_, (range, _))| joined(&read[range.clone()]))
            .collect();
        (hits, unmatched)
    }
}

/// Thai and Khmer text with the spaces between its words taken out, so the segmenter cuts it
/// as it cut the names ("ตู้ เสื้อผ้า" → "ตู้เสื้อผ้า").
fn join_thai_runs(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    for (i, &ch) in chars.iter().enumerate() {
        if ch.is_whitespace() {
            let before = chars[..i].iter().rev().find(|c| !c.is_whitespace());
            let after = chars[i + 1..].iter().find(|c| !c.is_whitespace());
            if before.is_some_and(|c| is_thai_or_khmer(*c))
                && after.is_some_and(|c| is_thai_or_khmer(*c))
            {
                continue;
            }
        }
        out.push(ch);
    }
    out
}

/// Words as one text: Thai and Khmer words together, others with a space between.
fn joined(read: &[String]) -> String {
    let mut out = String::new();
    for word in read {
        let thai_after_thai =
            word.chars().any(is_thai_or_khmer) && out.chars().last().is_some_and(is_thai_or_khmer);
        if !out.is_empty() && !thai_after_thai {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// A word of digits and letters cut where one turns into the other ("6ft" → "6", "ft").
fn digit_runs(word: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut previous: Option<bool> = None;
    for ch in word.chars() {
        let digit = ch.is_ascii_digit();
        if previous != Some(digit) {
            out.push(String::new());
        }
        if let Some(last) = out.last_mut() {
            last.push(ch);
        }
        previous = Some(digit);
    }
    out
}
