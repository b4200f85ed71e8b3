//! The inverted index: folded words → postings (document, field weight), kept sorted so the
//! last query word can match every word it is a prefix of with one binary search. A query is
//! read into groups, one per word or synonym phrase, each a set of posting lists (the word, its
//! prefixes, its synonyms, its spellings within the allowed typos) with a factor that ranks
//! exact words above synonyms and prefixes, and those above typos; a document must match every
//! group.

use std::collections::HashMap;
use std::ops::Deref;
use std::sync::{Arc, Mutex};

use super::facets::{FacetColumns, FacetCounts, FacetDoc, Filter};
use super::layout;
use super::misses::FEW_RESULTS;
use super::synonyms::{Synonyms, word_key};
use super::typo;
use super::words::{normalize_code, words};

mod build;
mod postings;
mod ranking;
mod reading;
#[cfg(test)]
mod tests;

pub use build::IndexBuilder;
pub use postings::MAX_DOCUMENTS;
use postings::*;
use ranking::*;
pub use ranking::{CODE_WEIGHT, DESCRIPTION_WEIGHT, HEAD_WEIGHT, NAME_WEIGHT, OPTION_WEIGHT};
pub use reading::KeywordHits;

/// What the index needs of a product. Inactive products keep their document number but are
/// never found.
#[derive(Default)]
pub struct SearchDoc<'a> {
    pub code: &'a str,
    /// Names whose words all count alike (English puts the head noun last, after the model).
    pub names: Vec<&'a str>,
    /// Names whose first word is the head noun (Thai, Malay, Khmer, Indonesian).
    pub head_first_names: Vec<&'a str>,
    pub descriptions: Vec<&'a str>,
    /// The texts of the product's option values, every language (docs/VARIANTS.md §4:
    /// "grey sofa", "โซฟาสีเทา").
    pub option_values: Vec<&'a str>,
    /// The names of its options ("Fabric", "สีผ้า"): found, but counting as little as a
    /// description.
    pub option_names: Vec<&'a str>,
    /// The codes of its variants other than `code`: searched like the product's code.
    pub variant_codes: Vec<&'a str>,
    pub popularity: u32,
    pub active: bool,
    pub facets: FacetDoc<'a>,
}

/// One posting list of a query group and how much its hits count.
struct List<'a> {
    postings: Postings<'a>,
    factor: u32,
    /// Which reading of a synonym phrase the list is (from 1; 0 for other lists): a document
    /// holding several readings in its names earns [`COVER_BONUS`] for each further one.
    /// Readings past 255 (no group has that many) share the last number.
    reading: u8,
}

/// A document that matched, and how well.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scored {
    pub doc: u32,
    pub score: u32,
}

/// How forgiving to be with misspelt Latin words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Typos {
    Off,
    /// One typo from 5 characters, two from 9.
    Standard,
    /// One typo from 4 characters too: only to suggest a correction when nothing was found.
    Relaxed,
}

/// How a query is read.
#[derive(Clone, Copy)]
pub struct Options<'a> {
    pub synonyms: Option<&'a Synonyms>,
    pub typos: Typos,
}

impl Options<'_> {
    /// Words as typed (and their prefixes and plurals) only.
    pub const PLAIN: Options<'static> = Options {
        synonyms: None,
        typos: Typos::Off,
    };
}

#[derive(Default)]
pub struct SearchIndex {
    /// Sorted; term `i`'s postings are `postings[starts[i]..starts[i + 1]]`.
    terms: Vec<Box<str>>,
    starts: Vec<usize>,
    /// Every term's postings, one after the other: one allocation of exactly their size (a
    /// list per term kept the slack of its growth and a header each, ~40 % more at 100 000
    /// products).
    postings: Vec<Posting>,
    /// Characters per term (capped at 255), for the typo search's length window.
    term_chars: Vec<u8>,
    /// (normalised code, doc) of active documents, sorted by code: each document's own code
    /// and its variants' codes.
    codes: Vec<(Box<str>, u32)>,
    popularity: Vec<u32>,
    active: Vec<bool>,
    facets: FacetColumns,
    phrases: PhraseLists,
    /// (skeleton, term) of every Thai and Khmer term, sorted by skeleton (the term with the most
    /// postings first among equals): how a slipped spelling finds its word
    /// ([`super::words::skeleton`]).
    skeletons: Vec<(Box<str>, u32)>,
    /// False for an index built without words ([`SearchIndex::build_without_words`]): lists,
    /// filters, facets and code search work; keyword search waits for the full index.
    has_words: bool,
}

/// A page of hits and how many there are in all.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Hits {
    pub total: usize,
    /// The best `top` documents, best first.
    pub docs: Vec<u32>,
}

/// At most this many query words count (a query is a few words; this bounds the work).
const MAX_QUERY_WORDS: usize = 12;

impl SearchIndex {
    /// Builds the index; document numbers are the positions in `docs`.
    pub fn build<'a>(docs: impl IntoIterator<Item = SearchDoc<'a>>) -> SearchIndex {
        Self::build_with(docs, true)
    }

    /// Everything but the words, in a fraction of the time (no segmenting of five languages):
    /// what a large shop starts with while the full index is built in the background.
    pub fn build_without_words<'a>(docs: impl IntoIterator<Item = SearchDoc<'a>>) -> SearchIndex {
        Self::build_with(docs, false)
    }

    /// Whether keyword search can answer (see [`SearchIndex::build_without_words`]).
    pub fn has_words(&self) -> bool {
        self.has_words
    }

    fn build_with<'a>(
        docs: impl IntoIterator<Item = SearchDoc<'a>>,
        words_too: bool,
    ) -> SearchIndex {
        let mut builder = IndexBuilder::new(words_too);
        for doc in docs {
            if !builder.add(&doc) {
                break;
            }
        }
        builder.finish()
    }

    pub fn len(&self) -> usize {
        self.popularity.len()
    }

    pub fn is_empty(&self) -> bool {
        self.popularity.is_empty()
    }

    /// Distinct terms and postings held (for the log line that reports a new index).
    pub fn size(&self) -> (usize, usize) {
        (self.terms.len(), self.postings.len())
    }

    /// Documents matching every word of `query` (the last one as a prefix): how many, and the
    /// best `top` by score, then popularity, then document number. Typos are tolerated as
    /// the shop does; synonyms are not applied.
    pub fn search(&self, query: &str, top: usize) -> Hits {
        let mut hits = self.matches(
            query,
            Options {
                synonyms: None,
                typos: Typos::Standard,
            },
        );
        let total = hits.len();
        self.best_first(&mut hits, top);
        hits.truncate(top);
        Hits {
            total,
            docs: hits.into_iter().map(|h| h.doc).collect(),
        }
    }

    /// What the shop searches for `keyword` ([`SearchIndex::find_keyword`]): the hits,
    /// unordered, and the rewritten keyword when one was used.
    pub fn find(&self, keyword: &str, synonyms: &Synonyms) -> (Vec<Scored>, Option<String>) {
        let found = self.find_keyword(keyword, synonyms);
        (found.hits, found.corrected)
    }

    /// Every document matching `query`, unordered, with its score.
    pub fn matches(&self, query: &str, options: Options) -> Vec<Scored> {
        self.matches_words(words(query), options)
    }

    /// Every document matching every one of `query_words` (folded), unordered, with its score.
    pub fn matches_words(&self, query_words: Vec<String>, options: Options) -> Vec<Scored> {
        let groups = self.query_groups(query_words, options);
        if groups.is_empty() {
            return Vec::new();
        }
        let documents = self.popularity.len();
        let postings: usize = groups
            .iter()
            .flatten()
            .map(|list| list.postings.len())
            .sum();
        if postings * DENSE_POSTINGS_PER_DOCUMENT_AND_GROUP >= documents * groups.len() {
            return DENSE.with_borrow_mut(|dense| {
                dense.prepare(documents);
                rank_dense(&groups, dense, documents)
            });
        }
        SCRATCH.with_borrow_mut(|scratch| {
            scratch.prepare(documents);
            let hits = rank(&groups, scratch);
            scratch.reset();
            hits
        })
    }

    /// The query's groups, the one with the fewest postings first; none when a group has no
    /// list (nothing can match).
    fn query_groups(&self, mut query_words: Vec<String>, options: Options) -> Vec<Vec<List<'_>>> {
        query_words.truncate(MAX_QUERY_WORDS);
        if query_words.is_empty() {
            return Vec::new();
        }
        let mut groups: Vec<Vec<List>> = self
            .groups(&query_words, options)
            .into_iter()
            .map(|(_, lists)| lists)
            .collect();
        groups.sort_by_key(|lists| lists.iter().map(|l| l.postings.len()).sum::<usize>());
        if groups.first().is_none_or(|lists| lists.is_empty()) {
            return Vec::new();
        }
        groups
    }

    /// Puts the best `top` hits first, best first (score, then popularity, then document); the
    /// others follow in some order. Each hit's order is packed into one number, so choosing and
    /// sorting compare integers instead of looking popularity up on every comparison. A page
    /// out of many hits is chosen with a small heap, without copying the hits.
    pub fn best_first(&self, hits: &mut [Scored], top: usize) {
        let top = top.min(hits.len());
        if top == 0 {
            return;
        }
        let key = |hit: &Scored| -> u128 {
            let popularity = self.popularity.get(hit.doc as usize).copied().unwrap_or(0);
            (u128::from(hit.score) << 64) | (u128::from(popularity) << 32) | u128::from(!hit.doc)
        };
        if top * 8 < hits.len() {
            return best_to_front(hits, top, key);
        }
        let mut keyed: Vec<(u128, Scored)> = hits.iter().map(|h| (key(h), *h)).collect();
        let better = |a: &(u128, Scored), b: &(u128, Scored)| b.0.cmp(&a.0);
        if top < keyed.len() {
            keyed.select_nth_unstable_by(top - 1, better);
        }
        keyed[..top].sort_unstable_by(better);
        for (slot, (_, hit)) in hits.iter_mut().zip(keyed) {
            *slot = hit;
        }
    }

    /// Every active document, for listings that filter without words.
    pub fn all_active(&self) -> Vec<Scored> {
        self.active
            .iter()
            .enumerate()
            .filter(|(_, active)| **active)
            .map(|(doc, _)| Scored {
                doc: doc as u32,
                score: 0,
            })
            .collect()
    }

    /// Keeps the hits that pass `filter` and counts what each other choice would give.
    pub fn refine(&self, hits: &mut Vec<Scored>, filter: &Filter) -> FacetCounts {
        self.facets.refine(hits, filter)
    }

    /// The spelling closest to each Latin word of `query` that the index knows (within the
    /// relaxed typo allowance), or `None` when no word needs or has a correction.
    pub fn correction(&self, query: &str) -> Option<String> {
        let query_words = words(query);
        let mut changed = false;
        let mut corrected = Vec::with_capacity(query_words.len());
        for word in &query_words {
            if self.term(word).is_some() || self.term(word_key(word)).is_some() {
                corrected.push(word.clone());
                continue;
            }
            let best = self
                .typo_terms(word, Typos::Relaxed, false)
                .into_iter()
                .min_by_key(|&(i, typos)| {
                    let postings = self.list(i);
                    let in_names = postings
                        .iter()
                        .filter(|p| p.weight() >= NAME_WEIGHT)
                        .count();
                    (typos, std::cmp::Reverse((in_names, postings.len())), i)
                });
            match best {
                Some((i, _)) => {
                    corrected.push(self.terms[i].to_string());
                    changed = true;
                }
                None => corrected.push(word.clone()),
            }
        }
        changed.then(|| corrected.join(" "))
    }

    /// The query's groups: synonym phrases as one group each, other words as one each; each
    /// with the range of query words it reads.
    fn groups(
        &self,
        query_words: &[String],
        options: Options,
    ) -> Vec<(std::ops::Range<usize>, Vec<List<'_>>)> {
        let spans = options
            .synonyms
            .map(|s| s.spans(query_words))
            .unwrap_or_default();
        let last = query_words.len() - 1;
        let mut spans = spans.into_iter().peekable();
        let mut groups = Vec::new();
        let mut i = 0;
        while i < query_words.len() {
            let Some(span) = spans.next_if(|s| s.start == i) else {
                groups.push((
                    i..i + 1,
                    self.word_lists(&query_words[i], i == last, options.typos),
                ));
                i += 1;
                continue;
            };
            let typed = &query_words[i..i + span.len];
            let mut lists = Vec::new();
            for (n, phrase) in span.alternatives.iter().enumerate() {
                let as_typed = phrase.len() == typed.len()
                    && phrase
                        .iter()
                        .zip(typed)
                        .all(|(a, b)| word_key(a) == word_key(b));
                let factor = if as_typed { EXACT } else { SYNONYM };
                let reading = u8::try_from(n + 1).unwrap_or(u8::MAX);
                lists.extend(self.phrase_lists(phrase).into_iter().map(|postings| List {
                    postings,
                    factor,
                    reading,
                }));
            }
            if span.len == 1 && i == last {
                lists.extend(self.prefix_lists(&query_words[i]));
            }
            groups.push((i..i + span.len, lists));
            i += span.len;
        }
        groups
    }

    /// A word's lists: as typed (and singular), as a prefix when it is the last word, and its
    /// spellings within the allowed typos.
    fn word_lists(&self, word: &str, last: bool, typos: Typos) -> Vec<List<'_>> {
        let mut lists: Vec<List> = self
            .exact_lists(word)
            .into_iter()
            .map(|postings| List {
                postings: Postings::Index(postings),
                factor: EXACT,
                reading: 0,
            })
            .collect();
        if last {
            lists.extend(self.prefix_lists(word));
        }
        // A number word meets the digits names use ("สาม" = "3").
        if let Some(digits) = super::numbers::digits(word) {
            lists.extend(self.exact_lists(digits).into_iter().map(|postings| List {
                postings: Postings::Index(postings),
                factor: SYNONYM,
                reading: 0,
            }));
        }
        for (i, typos) in self.typo_terms(word, typos, last) {
            lists.push(List {
                postings: Postings::Index(self.list(i)),
                factor: if typos <= 1 { ONE_TYPO } else { TWO_TYPOS },
                reading: 0,
            });
        }
        lists
    }

    /// The lists whose documents hold `phrase`: a word's own (and its singular's), or for a
    /// longer phrase the documents holding every word, weighted by the average word weight.
    fn phrase_lists(&self, phrase: &[String]) -> Vec<Postings<'_>> {
        if let [word] = phrase {
            return self
                .exact_lists(word)
                .into_iter()
                .map(Postings::Index)
                .collect();
        }
        let postings = self.phrases.get(phrase).unwrap_or_else(|| {
            let made: Arc<[Posting]> = self.phrase_postings(phrase).into();
            self.phrases
                .keep(phrase, Arc::clone(&made), self.popularity.len());
            made
        });
        if postings.is_empty() {
            return Vec::new();
        }
        vec![Postings::Phrase(postings)]
    }

    /// The documents holding every word of `phrase`, weighted by the average word weight.
    fn phrase_postings(&self, phrase: &[String]) -> Vec<Posting> {
        // The rarest word first, and nothing copied when a word is missing altogether.
        let mut words: Vec<Vec<&[Posting]>> = phrase.iter().map(|w| self.exact_lists(w)).collect();
        if words.iter().any(Vec::is_empty) {
            return Vec::new();
        }
        words.sort_by_key(|lists| lists.iter().map(|l| l.len()).sum::<usize>());
        let mut all: Option<Vec<Posting>> = None;
        for lists in &words {
            all = Some(match all {
                None => union(lists),
                Some(before) => self.intersect(&before, lists),
            });
            if all.as_ref().is_some_and(Vec::is_empty) {
                return Vec::new();
            }
        }
        let mut all = all.unwrap_or_default();
        let words = phrase.len().max(1) as u32;
        // The average word weight, rounded up, from a table: a division per posting showed in
        // the profile.
        let average: Vec<u32> = (0..256).map(|w: u32| w.div_ceil(words)).collect();
        for posting in &mut all {
            *posting = Posting::new(posting.doc(), average[posting.weight() as usize]);
        }
        all
    }

    /// [`intersect_summing`], or for lists long next to `before` the same through a
    /// per-document array of the lists' best weights: a pass over each list and one over
    /// `before`, with no branch that depends on the data.
    fn intersect(&self, before: &[Posting], lists: &[&[Posting]]) -> Vec<Posting> {
        let listed: usize = lists.iter().map(|l| l.len()).sum();
        if before.len() * 8 < listed {
            return intersect_summing(before, lists);
        }
        PHRASE.with_borrow_mut(|weights| {
            if weights.len() < self.popularity.len() {
                weights.resize(self.popularity.len(), 0);
            }
            for posting in lists.iter().flat_map(|l| l.iter()) {
                let slot = &mut weights[posting.doc() as usize];
                *slot = (*slot).max(posting.weight() as u8);
            }
            let mut out = vec![Posting(0); before.len() + 1];
            let mut len = 0;
            for posting in before {
                let weight = u32::from(weights[posting.doc() as usize]);
                out[len] = Posting::new(posting.doc(), posting.weight() + weight);
                len += usize::from(weight > 0);
            }
            if listed * 8 >= weights.len() {
                weights.fill(0);
            } else {
                for posting in lists.iter().flat_map(|l| l.iter()) {
                    weights[posting.doc() as usize] = 0;
                }
            }
            out.truncate(len);
            out
        })
    }

    /// Terms within the typo allowance of `word` that are not the word itself (nor, for the
    /// last word, words it is a prefix of): (term position, typos).
    fn typo_terms(&self, word: &str, typos: Typos, last: bool) -> Vec<(usize, u8)> {
        let allowed = match typos {
            Typos::Off => 0,
            Typos::Standard => typo::allowed(word),
            Typos::Relaxed if typo::is_plain_latin(word) && word.chars().count() == 4 => 1,
            Typos::Relaxed => typo::allowed(word),
        };
        if allowed == 0 {
            return Vec::new();
        }
        let Some(first) = word.chars().next() else {
            return Vec::new();
        };
        let chars: Vec<char> = word.chars().collect();
        let singular = word_key(word);
        let mut first_bytes = [0u8; 4];
        let first = first.encode_utf8(&mut first_bytes);
        let start = self.terms.partition_point(|term| **term < *first);
        let low = chars.len().saturating_sub(allowed as usize);
        let mut found = Vec::new();
        let mut term_chars = Vec::new();
        for (i, term) in self.terms.iter().enumerate().skip(start) {
            let term: &str = term;
            if !term.starts_with(&*first) {
                break;
            }
            let length = self.term_chars[i] as usize;
            if length < low
                || (!last && length > chars.len() + allowed as usize)
                || term == word
                || term == singular
                || (last && term.starts_with(word))
            {
                continue;
            }
            term_chars.clear();
            term_chars.extend(term.chars());
            // A whole word within the typos ranks above the start of a longer word.
            let distance = typo::distance(&chars, &term_chars, allowed).or_else(|| {
                last.then(|| typo::prefix_distance(&chars, &term_chars, allowed))
                    .flatten()
                    .map(|d| d + 1)
            });
            if let Some(d) = distance.filter(|&d| d > 0) {
                found.push((i, d));
                if found.len() == MAX_TYPO_TERMS {
                    break;
                }
            }
        }
        found
    }

    /// Documents whose code or a variant's code starts with `prefix` (case and spaces
    /// ignored), each once, by the first such code.
    pub fn search_code(&self, prefix: &str) -> Vec<u32> {
        self.search_codes(prefix)
            .into_iter()
            .map(|(doc, _)| doc)
            .collect()
    }

    /// [`SearchIndex::search_code`] with the (normalised) code each document was found by:
    /// the first of its codes, in code order, that starts with the prefix.
    pub fn search_codes(&self, prefix: &str) -> Vec<(u32, &str)> {
        let prefix = normalize_code(prefix);
        if prefix.is_empty() {
            return Vec::new();
        }
        let start = self
            .codes
            .partition_point(|(code, _)| &**code < prefix.as_str());
        let mut seen = std::collections::HashSet::new();
        self.codes[start..]
            .iter()
            .take_while(|(code, _)| code.starts_with(&prefix))
            .filter(|(_, doc)| seen.insert(*doc))
            .map(|(code, doc)| (*doc, &**code))
            .collect()
    }

    fn term(&self, word: &str) -> Option<&[Posting]> {
        self.terms
            .binary_search_by(|term| (**term).cmp(word))
            .ok()
            .map(|i| self.list(i))
    }

    /// The postings of term `i`.
    fn list(&self, i: usize) -> &[Posting] {
        &self.postings[self.starts[i]..self.starts[i + 1]]
    }

    /// The lists of an exact word; an English plural also matches its singular ("sofas").
    fn exact_lists(&self, word: &str) -> Vec<&[Posting]> {
        let singular = word
            .strip_suffix('s')
            .filter(|s| s.len() >= 3 && s.is_ascii());
        [Some(word), singular]
            .into_iter()
            .flatten()
            .filter_map(|w| self.term(w))
            .collect()
    }

    /// The lists of every longer word starting with `prefix` (bounded).
    fn prefix_lists(&self, prefix: &str) -> Vec<List<'_>> {
        let start = self.terms.partition_point(|term| &**term < prefix);
        (start..self.terms.len())
            .take_while(|&i| self.terms[i].starts_with(prefix))
            .filter(|&i| &*self.terms[i] != prefix)
            .take(MAX_PREFIX_TERMS)
            .map(|i| List {
                postings: Postings::Index(self.list(i)),
                factor: PREFIX,
                reading: 0,
            })
            .collect()
    }
}
