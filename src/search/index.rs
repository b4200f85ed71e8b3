//! The inverted index: folded words → postings (document, field weight), kept sorted so the
//! last query word can match every word it is a prefix of with one binary search.

use std::collections::HashMap;

use super::text::{normalize_code, words};

/// How much a hit in each field counts. A name hit beats any number of description hits for
/// the usual one- or two-word query.
pub const NAME_WEIGHT: u32 = 10;
pub const CODE_WEIGHT: u32 = 8;
pub const DESCRIPTION_WEIGHT: u32 = 1;
/// A prefix expands to at most this many words: enough for typing, bounded for latency.
const MAX_PREFIX_TERMS: usize = 200;

/// What the index needs of a product. Inactive products keep their document number but are
/// never found.
pub struct SearchDoc<'a> {
    pub code: &'a str,
    pub names: Vec<&'a str>,
    pub descriptions: Vec<&'a str>,
    pub popularity: u32,
    pub active: bool,
}

/// Postings are sorted by document number (documents are indexed in order).
#[derive(Clone, Copy)]
struct Posting {
    doc: u32,
    weight: u32,
}

#[derive(Default)]
pub struct SearchIndex {
    /// Sorted by term.
    terms: Vec<(String, Vec<Posting>)>,
    /// (normalised code, doc) of active documents, sorted by code.
    codes: Vec<(String, u32)>,
    popularity: Vec<u32>,
}

/// A page of hits and how many there are in all.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Hits {
    pub total: usize,
    /// The best `top` documents, best first.
    pub docs: Vec<u32>,
}

/// Per-document working memory for one query, kept per thread so a query neither allocates
/// nor zeroes it: only the entries a query touched are reset.
#[derive(Default)]
struct Scratch {
    matched: Vec<u8>,
    score: Vec<u32>,
    word_weight: Vec<u32>,
    touched: Vec<u32>,
}

impl Scratch {
    fn prepare(&mut self, documents: usize) {
        if self.matched.len() < documents {
            self.matched.resize(documents, 0);
            self.score.resize(documents, 0);
            self.word_weight.resize(documents, 0);
        }
    }

    fn reset(&mut self) {
        for &doc in &self.touched {
            let doc = doc as usize;
            self.matched[doc] = 0;
            self.score[doc] = 0;
            self.word_weight[doc] = 0;
        }
        self.touched.clear();
    }
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

/// At most this many query words count (a query is a few words; this bounds the work).
const MAX_QUERY_WORDS: usize = 12;

impl SearchIndex {
    /// Builds the index; document numbers are the positions in `docs`.
    pub fn build<'a>(docs: impl IntoIterator<Item = SearchDoc<'a>>) -> SearchIndex {
        let mut terms: HashMap<String, Vec<Posting>> = HashMap::new();
        let mut codes = Vec::new();
        let mut popularity = Vec::new();
        for (n, doc) in docs.into_iter().enumerate() {
            let n = n as u32;
            popularity.push(doc.popularity);
            if !doc.active {
                continue;
            }
            let mut best: HashMap<String, u32> = HashMap::new();
            let mut add = |text: &str, weight: u32| {
                for word in words(text) {
                    let entry = best.entry(word).or_insert(0);
                    *entry = (*entry).max(weight);
                }
            };
            for name in &doc.names {
                add(name, NAME_WEIGHT);
            }
            for description in &doc.descriptions {
                add(description, DESCRIPTION_WEIGHT);
            }
            add(doc.code, CODE_WEIGHT);
            for (word, weight) in best {
                terms
                    .entry(word)
                    .or_default()
                    .push(Posting { doc: n, weight });
            }
            codes.push((normalize_code(doc.code), n));
        }
        let mut terms: Vec<(String, Vec<Posting>)> = terms.into_iter().collect();
        terms.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        codes.sort_unstable();
        SearchIndex {
            terms,
            codes,
            popularity,
        }
    }

    pub fn len(&self) -> usize {
        self.popularity.len()
    }

    pub fn is_empty(&self) -> bool {
        self.popularity.is_empty()
    }

    /// Documents matching every word of `query` (the last one as a prefix): how many, and the
    /// best `top` by score, then popularity, then document number.
    pub fn search(&self, query: &str, top: usize) -> Hits {
        let mut query_words = words(query);
        query_words.truncate(MAX_QUERY_WORDS);
        let Some(last) = query_words.pop() else {
            return Hits::default();
        };
        // Each query word becomes the posting lists that satisfy it (several for a prefix or a
        // plural); the word with the fewest postings goes first.
        let mut groups: Vec<Vec<&[Posting]>> =
            query_words.iter().map(|w| self.exact_lists(w)).collect();
        groups.push(self.prefix_lists(&last));
        groups.sort_by_key(|lists| lists.iter().map(|l| l.len()).sum::<usize>());
        if groups.first().is_none_or(|lists| lists.is_empty()) {
            return Hits::default();
        }

        SCRATCH.with_borrow_mut(|scratch| {
            scratch.prepare(self.popularity.len());
            let hits = self.rank(&groups, scratch, top);
            scratch.reset();
            hits
        })
    }

    /// Scores the candidates (documents of the rarest word) against every word, then selects
    /// the best `top`. Every write lands on a document of the first group, so resetting those
    /// restores the scratch for the next query.
    fn rank(&self, groups: &[Vec<&[Posting]>], scratch: &mut Scratch, top: usize) -> Hits {
        let Scratch {
            matched,
            score,
            word_weight,
            touched,
        } = scratch;
        for (i, lists) in groups.iter().enumerate() {
            let (before, after) = (i as u8, i as u8 + 1);
            for posting in lists.iter().flat_map(|l| l.iter()) {
                let doc = posting.doc as usize;
                if matched[doc] == before {
                    matched[doc] = after;
                    score[doc] += posting.weight;
                    word_weight[doc] = posting.weight;
                    if i == 0 {
                        touched.push(posting.doc);
                    }
                } else if matched[doc] == after && posting.weight > word_weight[doc] {
                    score[doc] += posting.weight - word_weight[doc];
                    word_weight[doc] = posting.weight;
                }
            }
        }
        let all = groups.len() as u8;
        let mut candidates: Vec<u32> = touched
            .iter()
            .copied()
            .filter(|&doc| matched[doc as usize] == all)
            .collect();
        let total = candidates.len();
        let better = |a: &u32, b: &u32| {
            let (a, b) = (*a as usize, *b as usize);
            score[b]
                .cmp(&score[a])
                .then_with(|| self.popularity[b].cmp(&self.popularity[a]))
                .then_with(|| a.cmp(&b))
        };
        if top < candidates.len() {
            if top > 0 {
                candidates.select_nth_unstable_by(top - 1, better);
            }
            candidates.truncate(top);
        }
        candidates.sort_unstable_by(better);
        Hits {
            total,
            docs: candidates,
        }
    }

    /// Documents whose code starts with `prefix` (case and spaces ignored), by code.
    pub fn search_code(&self, prefix: &str) -> Vec<u32> {
        let prefix = normalize_code(prefix);
        if prefix.is_empty() {
            return Vec::new();
        }
        let start = self
            .codes
            .partition_point(|(code, _)| code.as_str() < prefix.as_str());
        self.codes[start..]
            .iter()
            .take_while(|(code, _)| code.starts_with(&prefix))
            .map(|(_, doc)| *doc)
            .collect()
    }

    fn term(&self, word: &str) -> Option<&[Posting]> {
        self.terms
            .binary_search_by(|(term, _)| term.as_str().cmp(word))
            .ok()
            .map(|i| self.terms[i].1.as_slice())
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

    /// The lists of every word starting with `prefix` (bounded), plus the singular of a plural.
    fn prefix_lists(&self, prefix: &str) -> Vec<&[Posting]> {
        let mut lists = self.exact_lists(prefix);
        let start = self
            .terms
            .partition_point(|(term, _)| term.as_str() < prefix);
        lists.extend(
            self.terms[start..]
                .iter()
                .take_while(|(term, _)| term.starts_with(prefix))
                .filter(|(term, _)| term != prefix)
                .take(MAX_PREFIX_TERMS)
                .map(|(_, postings)| postings.as_slice()),
        );
        lists
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc<'a>(
        code: &'a str,
        name: &'a str,
        description: &'a str,
        popularity: u32,
    ) -> SearchDoc<'a> {
        SearchDoc {
            code,
            names: vec![name],
            descriptions: vec![description],
            popularity,
            active: true,
        }
    }

    fn index() -> SearchIndex {
        SearchIndex::build([
            doc(
                "SF-1001",
                "Nordic 3-seat Sofa",
                "Linen sofa for the living room",
                50,
            ),
            doc("SF-1002", "โซฟาผ้าลินิน", "โซฟาสามที่นั่ง", 90),
            doc("CH-2001", "កៅអីឈើ Dining chair", "Solid teak chair", 10),
            doc("TB-3001", "Coffee table", "Pairs well with any sofa", 99),
            doc("SF-1010", "Corner sofa", "Grey velvet", 5),
            SearchDoc {
                code: "SF-1099",
                names: vec!["Discontinued sofa"],
                descriptions: vec![],
                popularity: 100,
                active: false,
            },
        ])
    }

    #[test]
    fn latin_queries_are_folded_and_match_prefixes_of_the_last_word() {
        let index = index();
        let all = |q: &str| index.search(q, 100).docs;
        assert_eq!(
            all("Sofá"),
            vec![0, 4, 3],
            "names first, then the description hit"
        );
        assert_eq!(all("sof"), vec![0, 4, 3]);
        assert_eq!(all("sofas"), vec![0, 4, 3]);
        assert_eq!(all("nordic sof"), vec![0]);
        assert!(all("wardrobe").is_empty());
        assert!(all("  ").is_empty());
        assert_eq!(
            index.search("sofa", 2),
            Hits {
                total: 3,
                docs: vec![0, 4]
            },
            "a page of the best, with the full count"
        );
    }

    #[test]
    fn thai_and_khmer_queries_find_their_words() {
        let index = index();
        assert_eq!(index.search("โซฟา", 10).docs, vec![1]);
        assert_eq!(index.search("កៅអី", 10).docs, vec![2]);
    }

    #[test]
    fn codes_match_by_prefix() {
        let index = index();
        assert_eq!(index.search_code("#sf-10"), vec![0, 1, 4]);
        assert_eq!(index.search_code("SF-101"), vec![4]);
        assert!(index.search_code("XX").is_empty());
        assert!(
            index.search_code("SF-109").is_empty(),
            "discontinued products are not found"
        );
        assert_eq!(index.search("SF-1001", 10).docs, vec![0]);
    }
}
