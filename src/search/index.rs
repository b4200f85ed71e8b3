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
use super::text::{normalize_code, words};
use super::typo;

/// How much a hit in each field counts. A name hit beats any number of description hits for
/// the usual one- or two-word query.
pub const NAME_WEIGHT: u32 = 10;
/// The first word of a name in a language that puts the head noun first (Thai, Malay, Khmer,
/// Indonesian: "โต๊ะอาหาร…" is a table, "เก้าอี้ทานอาหาร…" a chair): what the product *is*.
pub const HEAD_WEIGHT: u32 = 12;
pub const CODE_WEIGHT: u32 = 8;
pub const DESCRIPTION_WEIGHT: u32 = 1;
/// How a match counts by how the word was found: as typed, as a synonym or the start of a
/// longer word, with one typo, with two.
const EXACT: u32 = 4;
const SYNONYM: u32 = 3;
const PREFIX: u32 = 3;
const ONE_TYPO: u32 = 2;
const TWO_TYPOS: u32 = 1;
/// Added for each further reading of a synonym phrase found in a product's names.
const COVER_BONUS: u32 = 2;
/// A prefix expands to at most this many words: enough for typing, bounded for latency.
const MAX_PREFIX_TERMS: usize = 200;
/// A misspelt word stands for at most this many spellings.
const MAX_TYPO_TERMS: usize = 64;

/// What the index needs of a product. Inactive products keep their document number but are
/// never found.
pub struct SearchDoc<'a> {
    pub code: &'a str,
    /// Names whose words all count alike (English puts the head noun last, after the model).
    pub names: Vec<&'a str>,
    /// Names whose first word is the head noun (Thai, Malay, Khmer, Indonesian).
    pub head_first_names: Vec<&'a str>,
    pub descriptions: Vec<&'a str>,
    pub popularity: u32,
    pub active: bool,
    pub facets: FacetDoc<'a>,
}

/// A document and how much a term weighs in it, packed in 4 bytes (document number in the high
/// 24 bits, weight in the low 8): a 100 000-product index holds tens of millions of postings, and
/// two `u32`s made it twice the size. Postings are sorted by document number (documents are
/// indexed in order).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Posting(u32);

/// Documents an index can number (2^24); [`SearchIndex::build`] stops there.
pub const MAX_DOCUMENTS: usize = 1 << 24;

impl Posting {
    /// Weights above 255 (sums of many heavy words) are counted as 255.
    fn new(doc: u32, weight: u32) -> Posting {
        Posting((doc << 8) | weight.min(255))
    }

    fn doc(self) -> u32 {
        self.0 >> 8
    }

    fn weight(self) -> u32 {
        self.0 & 0xff
    }
}

/// A posting list a query reads: a word's own in the index, or a phrase's, made once per index.
enum Postings<'a> {
    Index(&'a [Posting]),
    Phrase(Arc<[Posting]>),
}

impl Deref for Postings<'_> {
    type Target = [Posting];

    fn deref(&self) -> &[Posting] {
        match self {
            Postings::Index(postings) => postings,
            Postings::Phrase(postings) => postings,
        }
    }
}

/// The lists of multi-word phrases (synonym readings such as "dining table") this index has
/// made: intersecting two long lists was a third of such a query, and the phrases come from
/// the shop's synonym groups, a set that queries share. Bounded by postings held; when full it
/// starts again.
#[derive(Default)]
struct PhraseLists {
    /// The lists by phrase, and how many postings they hold together.
    made: Mutex<(MadeLists, usize)>,
}

type MadeLists = HashMap<Vec<String>, Arc<[Posting]>>;

/// The phrase lists an index keeps, in postings per document (4 bytes each).
const PHRASE_POSTINGS_PER_DOCUMENT: usize = 16;

impl PhraseLists {
    fn get(&self, phrase: &[String]) -> Option<Arc<[Posting]>> {
        let made = self.made.lock().unwrap_or_else(|e| e.into_inner());
        made.0.get(phrase).cloned()
    }

    fn keep(&self, phrase: &[String], postings: Arc<[Posting]>, documents: usize) {
        let mut made = self.made.lock().unwrap_or_else(|e| e.into_inner());
        let (lists, held) = &mut *made;
        if *held + postings.len() > PHRASE_POSTINGS_PER_DOCUMENT * documents.max(4096) {
            lists.clear();
            *held = 0;
        }
        *held += postings.len();
        lists.insert(phrase.to_vec(), postings);
    }
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
    /// (normalised code, doc) of active documents, sorted by code.
    codes: Vec<(String, u32)>,
    popularity: Vec<u32>,
    active: Vec<bool>,
    facets: FacetColumns,
    phrases: PhraseLists,
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

/// Per-document working memory for one query, kept per thread so a query neither allocates
/// nor zeroes it: only the entries a query touched are reset. One slot per document, so a
/// posting touches one cache line.
#[derive(Default)]
struct Scratch {
    slots: Vec<Slot>,
    touched: Vec<u32>,
}

#[derive(Clone, Copy, Default)]
struct Slot {
    score: u32,
    /// The weight the document counts for the current group (its best list so far).
    word_weight: u32,
    /// The last synonym reading counted for the document in the current group.
    reading: u8,
    /// How many groups the document has matched.
    matched: u8,
}

/// Per-document arrays for a query whose lists cover a good share of the shop: every posting
/// is one branch-free `max` into `best`, and each group is folded into `score` in one pass over
/// the documents, which costs less than chasing slots once the lists are long.
#[derive(Default)]
struct Dense {
    /// The sum over the groups so far; 0 once a document missed a group.
    score: Vec<u32>,
    /// The current group's best list value per document.
    best: Vec<u16>,
    /// Per document in the current group: how many distinct synonym readings its names hold
    /// (high byte) and the last one counted (low byte).
    readings: Vec<u16>,
    /// The documents of a list whose posting is in a name (a buffer reused across lists).
    in_names: Vec<u32>,
}

impl Dense {
    fn prepare(&mut self, documents: usize) {
        if self.score.len() < documents {
            self.score.resize(documents, 0);
            self.best.resize(documents, 0);
            self.readings.resize(documents, 0);
        }
    }
}

impl Scratch {
    fn prepare(&mut self, documents: usize) {
        if self.slots.len() < documents {
            self.slots.resize(documents, Slot::default());
        }
    }

    fn reset(&mut self) {
        for &doc in &self.touched {
            self.slots[doc as usize] = Slot::default();
        }
        self.touched.clear();
    }
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
    static DENSE: std::cell::RefCell<Dense> = std::cell::RefCell::new(Dense::default());
    /// Best weight per document of a phrase word's lists ([`SearchIndex::intersect`]).
    static PHRASE: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The dense way pays a pass over every document per group; it is taken when the postings
/// outnumber the documents by this share per group (measured with `cargo bench --bench search`).
const DENSE_POSTINGS_PER_DOCUMENT_AND_GROUP: usize = 8;

/// At most this many query words count (a query is a few words; this bounds the work).
const MAX_QUERY_WORDS: usize = 12;

/// Builds a [`SearchIndex`] one document at a time (document numbers in the order added), so
/// documents can be read and dropped one by one: a large catalogue's descriptions are indexed
/// without ever being held in memory together.
pub struct IndexBuilder {
    terms: HashMap<String, Vec<Posting>>,
    codes: Vec<(String, u32)>,
    popularity: Vec<u32>,
    active: Vec<bool>,
    facets: FacetColumns,
    words_too: bool,
}

impl IndexBuilder {
    /// `words_too`: whether keyword search will work (see [`SearchIndex::build_without_words`]).
    pub fn new(words_too: bool) -> IndexBuilder {
        IndexBuilder {
            terms: HashMap::new(),
            codes: Vec::new(),
            popularity: Vec::new(),
            active: Vec::new(),
            facets: FacetColumns::default(),
            words_too,
        }
    }

    /// Adds the next document; false (and nothing added) once the index holds
    /// [`MAX_DOCUMENTS`].
    pub fn add(&mut self, doc: &SearchDoc) -> bool {
        if self.popularity.len() >= MAX_DOCUMENTS {
            return false;
        }
        let n = self.popularity.len() as u32;
        self.popularity.push(doc.popularity);
        self.active.push(doc.active);
        self.facets.push(&doc.facets);
        if !doc.active {
            return true;
        }
        self.codes.push((normalize_code(doc.code), n));
        if !self.words_too {
            return true;
        }
        let mut best: HashMap<String, u32> = HashMap::new();
        let mut add = |text: &str, weight: u32, head: bool| {
            for (i, word) in words(text).into_iter().enumerate() {
                let weight = if head && i == 0 { HEAD_WEIGHT } else { weight };
                let entry = best.entry(word).or_insert(0);
                *entry = (*entry).max(weight);
            }
        };
        for name in &doc.names {
            add(name, NAME_WEIGHT, false);
        }
        for name in &doc.head_first_names {
            add(name, NAME_WEIGHT, true);
        }
        for description in &doc.descriptions {
            add(description, DESCRIPTION_WEIGHT, false);
        }
        add(doc.code, CODE_WEIGHT, false);
        for (word, weight) in best {
            self.terms
                .entry(word)
                .or_default()
                .push(Posting::new(n, weight));
        }
        true
    }

    pub fn len(&self) -> usize {
        self.popularity.len()
    }

    pub fn is_empty(&self) -> bool {
        self.popularity.is_empty()
    }

    pub fn finish(self) -> SearchIndex {
        let IndexBuilder {
            terms,
            mut codes,
            popularity,
            active,
            mut facets,
            words_too,
        } = self;
        facets.finish();
        let mut lists: Vec<(String, Vec<Posting>)> = terms.into_iter().collect();
        lists.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        let mut postings = Vec::with_capacity(lists.iter().map(|(_, list)| list.len()).sum());
        let mut starts = Vec::with_capacity(lists.len() + 1);
        let mut terms = Vec::with_capacity(lists.len());
        for (term, list) in lists {
            starts.push(postings.len());
            postings.extend_from_slice(&list);
            terms.push(term.into_boxed_str());
        }
        starts.push(postings.len());
        let term_chars = terms
            .iter()
            .map(|t| t.chars().count().min(255) as u8)
            .collect();
        codes.sort_unstable();
        SearchIndex {
            terms,
            starts,
            postings,
            term_chars,
            codes,
            popularity,
            active,
            facets,
            has_words: words_too,
            phrases: PhraseLists::default(),
        }
    }
}

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

    /// What the shop searches for `keyword`: its words with synonyms and the usual typos; when
    /// that finds [`FEW_RESULTS`] or fewer, the same keys typed with the other keyboard layout,
    /// or (nothing found) the nearest known spellings, if either finds more. Answers the hits,
    /// unordered, and the rewritten keyword when one was used.
    pub fn find(&self, keyword: &str, synonyms: &Synonyms) -> (Vec<Scored>, Option<String>) {
        let options = Options {
            synonyms: Some(synonyms),
            typos: Typos::Standard,
        };
        let hits = self.matches(keyword, options);
        if hits.len() > FEW_RESULTS {
            return (hits, None);
        }
        let found = hits.len();
        let rewrites = [
            layout::swap(keyword),
            (found == 0).then(|| self.correction(keyword)).flatten(),
        ];
        rewrites
            .into_iter()
            .flatten()
            .map(|rewritten| (self.matches(&rewritten, options), rewritten))
            .find(|(better, _)| better.len() > found)
            .map_or((hits, None), |(better, rewritten)| {
                (better, Some(rewritten))
            })
    }

    /// Every document matching `query`, unordered, with its score.
    pub fn matches(&self, query: &str, options: Options) -> Vec<Scored> {
        let groups = self.query_groups(query, options);
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
    fn query_groups(&self, query: &str, options: Options) -> Vec<Vec<List<'_>>> {
        let mut query_words = words(query);
        query_words.truncate(MAX_QUERY_WORDS);
        if query_words.is_empty() {
            return Vec::new();
        }
        let mut groups = self.groups(&query_words, options);
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

    /// The query's groups: synonym phrases as one group each, other words as one each.
    fn groups(&self, query_words: &[String], options: Options) -> Vec<Vec<List<'_>>> {
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
                groups.push(self.word_lists(&query_words[i], i == last, options.typos));
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
            groups.push(lists);
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

/// Scores the candidates (documents of the rarest group) against every group: in a group a
/// document counts its best list, plus [`COVER_BONUS`] for each further synonym reading found in
/// its names. Every write lands on a document of the first group, so resetting those restores
/// the scratch for the next query.
fn rank(groups: &[Vec<List>], scratch: &mut Scratch) -> Vec<Scored> {
    let Scratch { slots, touched } = scratch;
    for (i, lists) in groups.iter().enumerate() {
        let (before, after) = (i as u8, i as u8 + 1);
        for list in lists {
            let (factor, this_reading) = (list.factor, list.reading);
            for posting in list.postings.iter() {
                let slot = &mut slots[posting.doc() as usize];
                let weight = posting.weight() * factor;
                let in_name = this_reading > 0 && posting.weight() >= NAME_WEIGHT;
                if slot.matched == before {
                    slot.matched = after;
                    slot.score += weight;
                    slot.word_weight = weight;
                    slot.reading = if in_name { this_reading } else { 0 };
                    if i == 0 {
                        touched.push(posting.doc());
                    }
                } else if slot.matched == after {
                    if weight > slot.word_weight {
                        slot.score += weight - slot.word_weight;
                        slot.word_weight = weight;
                    }
                    if in_name && slot.reading != this_reading {
                        if slot.reading != 0 {
                            slot.score += COVER_BONUS;
                        }
                        slot.reading = this_reading;
                    }
                }
            }
        }
    }
    let all = groups.len() as u8;
    touched
        .iter()
        .filter_map(|&doc| {
            let slot = slots[doc as usize];
            (slot.matched == all).then_some(Scored {
                doc,
                score: slot.score,
            })
        })
        .collect()
}

/// What [`rank`] answers, the dense way: hits in document order. A document's group value is
/// its best list's weight × factor, plus [`COVER_BONUS`] for each synonym reading beyond the
/// first found in its names (the lists of one reading are consecutive in a group).
fn rank_dense(groups: &[Vec<List>], dense: &mut Dense, documents: usize) -> Vec<Scored> {
    let Dense {
        score,
        best,
        readings,
        in_names,
    } = dense;
    let (score, best) = (&mut score[..documents], &mut best[..documents]);
    let readings = &mut readings[..documents];
    for (i, lists) in groups.iter().enumerate() {
        let mut any_reading = false;
        for list in lists {
            let (factor, reading) = (list.factor, list.reading);
            if reading == 0 {
                for posting in list.postings.iter() {
                    let slot = &mut best[posting.doc() as usize];
                    // weight ≤ 255, factor ≤ 4: fits in 16 bits.
                    *slot = (*slot).max((posting.weight() * factor) as u16);
                }
                continue;
            }
            any_reading = true;
            // The documents whose posting is in a name are gathered without a branch (which
            // ones are follows no pattern), then only they count their readings.
            in_names.resize(list.postings.len() + 1, 0);
            let mut named = 0;
            for posting in list.postings.iter() {
                let slot = &mut best[posting.doc() as usize];
                *slot = (*slot).max((posting.weight() * factor) as u16);
                in_names[named] = posting.doc();
                named += usize::from(posting.weight() >= NAME_WEIGHT);
            }
            let reading = u16::from(reading);
            for &doc in &in_names[..named] {
                let tally = &mut readings[doc as usize];
                let new = u16::from(*tally & 0xff != reading);
                *tally = ((((*tally >> 8) + new).min(255)) << 8) | reading;
            }
        }
        if i == 0 {
            for (score, best) in score.iter_mut().zip(best.iter()) {
                *score = u32::from(*best);
            }
        } else {
            for (score, best) in score.iter_mut().zip(best.iter()) {
                let best = u32::from(*best);
                *score = if best > 0 && *score > 0 {
                    *score + best
                } else {
                    0
                };
            }
        }
        if any_reading {
            for (score, tally) in score.iter_mut().zip(readings.iter_mut()) {
                // Without a branch, so the pass runs as vector instructions.
                let further = u32::from((*tally >> 8).saturating_sub(1)) * u32::from(*score > 0);
                *score += COVER_BONUS * further;
                *tally = 0;
            }
        }
        best.fill(0);
    }
    // Counted first, then written without a branch per document: whether a document matched
    // follows no pattern, and a mispredicted branch per document cost more than the rest.
    let found = score.iter().filter(|&&s| s > 0).count();
    let mut hits = vec![Scored { doc: 0, score: 0 }; found + 1];
    let mut len = 0;
    for (doc, score) in score.iter_mut().enumerate() {
        hits[len] = Scored {
            doc: doc as u32,
            score: *score,
        };
        len += usize::from(*score > 0);
        *score = 0;
    }
    hits.truncate(found);
    hits
}

/// Moves the `top` hits with the highest keys to the front, highest first, keeping the slice a
/// permutation of itself: one pass with a heap of `top` entries.
fn best_to_front(hits: &mut [Scored], top: usize, key: impl Fn(&Scored) -> u128) {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let mut heap: BinaryHeap<Reverse<(u128, usize)>> = BinaryHeap::with_capacity(top + 1);
    // The score is the key's high part: a hit scoring below the page's lowest score is passed
    // over without building its key (most hits, once the page has filled).
    let mut lowest_score = 0;
    for (position, hit) in hits.iter().enumerate() {
        if hit.score < lowest_score {
            continue;
        }
        let k = key(hit);
        if heap.len() < top {
            heap.push(Reverse((k, position)));
        } else if let Some(mut lowest) = heap.peek_mut()
            && k > lowest.0.0
        {
            *lowest = Reverse((k, position));
        }
        if heap.len() == top {
            lowest_score = heap.peek().map_or(0, |lowest| (lowest.0.0 >> 64) as u32);
        }
    }
    let mut chosen: Vec<(u128, usize)> = heap.into_iter().map(|Reverse(entry)| entry).collect();
    chosen.sort_unstable_by_key(|&(key, _)| std::cmp::Reverse(key));
    let mut positions: Vec<usize> = chosen.into_iter().map(|(_, position)| position).collect();
    for rank in 0..top {
        let from = positions[rank];
        if from == rank {
            continue;
        }
        hits.swap(rank, from);
        // A chosen hit that sat at `rank` now sits where the moved one came from.
        if let Some(later) = positions[rank + 1..].iter_mut().find(|p| **p == rank) {
            *later = from;
        }
    }
}

/// The documents of several lists, once each, with their best weight.
fn union(lists: &[&[Posting]]) -> Vec<Posting> {
    match lists {
        [] => Vec::new(),
        [one] => one.to_vec(),
        _ => {
            let mut all: Vec<Posting> = lists.iter().flat_map(|l| l.iter().copied()).collect();
            all.sort_unstable_by(|a, b| a.doc().cmp(&b.doc()).then(b.weight().cmp(&a.weight())));
            all.dedup_by_key(|p| p.doc());
            all
        }
    }
}

/// The first position from `start` in `list` (sorted) whose document is not below `doc`:
/// doubling steps, then a binary search in the last step, so a near target costs a probe or two
/// and a far one a logarithm of the distance.
fn gallop(list: &[Posting], start: usize, doc: u32) -> usize {
    let mut step = 1;
    let mut low = start;
    while low + step < list.len() && list[low + step].doc() < doc {
        low += step;
        step *= 2;
    }
    let high = (low + step + 1).min(list.len());
    low + list[low..high].partition_point(|p| p.doc() < doc)
}

/// The documents of `before` (sorted) also in any of `lists` (each sorted), with the best weight
/// there added. `before` is the rarer side: each list is searched from where the last match
/// left off, galloping, so a long list costs a few probes per document of `before`.
fn intersect_summing(before: &[Posting], lists: &[&[Posting]]) -> Vec<Posting> {
    let mut cursors = vec![0usize; lists.len()];
    let mut out = Vec::new();
    for posting in before {
        let mut best: Option<u32> = None;
        for (list, cursor) in lists.iter().zip(&mut cursors) {
            *cursor = gallop(list, *cursor, posting.doc());
            if let Some(found) = list.get(*cursor).filter(|p| p.doc() == posting.doc()) {
                best = Some(best.map_or(found.weight(), |w| w.max(found.weight())));
            }
        }
        if let Some(weight) = best {
            out.push(Posting::new(posting.doc(), posting.weight() + weight));
        }
    }
    out
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
            head_first_names: vec![],
            descriptions: vec![description],
            popularity,
            active: true,
            facets: FacetDoc::default(),
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
                head_first_names: vec![],
                descriptions: vec![],
                popularity: 100,
                active: false,
                facets: FacetDoc::default(),
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

    /// Products of random words from a small vocabulary in several languages, so that words
    /// are common (the dense way) or rare (the sparse way) as in the benchmark.
    fn random_index(products: usize) -> SearchIndex {
        const WORDS: &[&str] = &[
            "sofa",
            "chair",
            "table",
            "bed",
            "wardrobe",
            "teak",
            "grey",
            "velvet",
            "dining",
            "โซฟา",
            "เก้าอี้",
            "โต๊ะ",
            "อาหาร",
            "กินข้าว",
            "ไม้สัก",
            "สีเทา",
            "kerusi",
            "meja",
            "makan",
            "almari",
            "baju",
            "កៅអី",
            "តុ",
            "បាយ",
            "couch",
            "bunk",
            "closet",
            "nordic",
        ];
        let mut next = crate::search::test_numbers(0x2545_f491_4f6c_dd1d_u64);
        let texts: Vec<(String, String, String)> = (0..products)
            .map(|n| {
                let mut phrase = |count: usize| {
                    (0..count)
                        .map(|_| WORDS[next() % WORDS.len()])
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                (format!("SF-{n:05}"), phrase(3), phrase(1 + n % 9))
            })
            .collect();
        SearchIndex::build(texts.iter().map(|(code, name, description)| SearchDoc {
            code,
            names: vec![name],
            head_first_names: vec![name],
            descriptions: vec![description],
            popularity: (code.len() % 7) as u32,
            active: true,
            facets: FacetDoc::default(),
        }))
    }

    #[test]
    fn the_dense_and_the_sparse_way_find_the_same_hits_and_scores() {
        let index = random_index(3_000);
        let synonyms = Synonyms::built_in();
        let mut compared = 0;
        for query in [
            "sofa",
            "couch",
            "โซฟา",
            "teak chair",
            "grey velvet sofa",
            "dining table",
            "โต๊ะกินข้าว",
            "meja makan",
            "almari baju",
            "កៅអី",
            "bunk bed",
            "wadrobe",
            "sof",
            "nordic",
            "chiar",
            "xyzzy",
            "sf-00012",
            "velvet closet",
        ] {
            for typos in [Typos::Off, Typos::Standard] {
                let options = Options {
                    synonyms: Some(&synonyms),
                    typos,
                };
                let groups = index.query_groups(query, options);
                if groups.is_empty() {
                    continue;
                }
                let mut scratch = Scratch::default();
                scratch.prepare(index.len());
                let mut sparse = rank(&groups, &mut scratch);
                scratch.reset();
                let mut dense = Dense::default();
                dense.prepare(index.len());
                let found = rank_dense(&groups, &mut dense, index.len());
                assert!(
                    dense.score.iter().all(|&s| s == 0) && dense.best.iter().all(|&b| b == 0),
                    "the dense arrays are left clean"
                );
                sparse.sort_by_key(|hit| hit.doc);
                assert_eq!(found, sparse, "{query}");
                compared += found.len();
            }
        }
        assert!(
            compared > 10_000,
            "the queries found hits to compare: {compared}"
        );
    }

    #[test]
    fn phrase_lists_are_made_once_and_the_memory_is_bounded() {
        let index = random_index(3_000);
        let synonyms = Synonyms::built_in();
        let options = Options {
            synonyms: Some(&synonyms),
            typos: Typos::Standard,
        };
        let first = index.matches("dining table", options);
        let dining_table = ["dining".to_string(), "table".to_string()];
        let kept = index
            .phrases
            .get(&dining_table)
            .expect("the phrase list is kept");
        assert!(!kept.is_empty());
        assert_eq!(*kept, *index.phrase_postings(&dining_table));
        assert_eq!(
            index.matches("dining table", options),
            first,
            "the same answer again"
        );
        // Filling past the bound starts again rather than growing.
        let bound = PHRASE_POSTINGS_PER_DOCUMENT * 4096;
        let big: Arc<[Posting]> = vec![Posting::new(1, 1); bound].into();
        index
            .phrases
            .keep(&["x".to_string(), "y".to_string()], big, index.len());
        assert!(index.phrases.get(&dining_table).is_none(), "made room");
        let held = index.phrases.made.lock().unwrap().1;
        assert_eq!(held, bound);
    }

    #[test]
    fn a_page_chosen_with_the_heap_is_the_sorted_page() {
        let index = random_index(3_000);
        let mut hits = index.matches("sofa", Options::PLAIN);
        assert!(hits.len() > 500, "{}", hits.len());
        let mut sorted = hits.clone();
        let all = sorted.len();
        index.best_first(&mut sorted, all);
        for top in [1, 24, 48, 61] {
            index.best_first(&mut hits, top);
            assert_eq!(hits[..top], sorted[..top], "top {top}");
            let mut all: Vec<u32> = hits.iter().map(|h| h.doc).collect();
            all.sort_unstable();
            all.dedup();
            assert_eq!(all.len(), sorted.len(), "still every hit once");
        }
    }

    #[test]
    fn phrases_intersect_a_rare_list_with_long_ones() {
        let list = |docs: &[u32], weight: u32| -> Vec<Posting> {
            docs.iter().map(|&doc| Posting::new(doc, weight)).collect()
        };
        let long: Vec<u32> = (0..1000).step_by(3).collect();
        assert_eq!(gallop(&list(&long, 1), 0, 300), 100);
        assert_eq!(gallop(&list(&long, 1), 100, 301), 101);
        assert_eq!(gallop(&list(&long, 1), 0, 5000), long.len());
        let rare = list(&[3, 4, 300, 999], 10);
        let (a, b) = (list(&long, 1), list(&[4, 999], 5));
        let found = intersect_summing(&rare, &[&a, &b]);
        let pairs: Vec<(u32, u32)> = found.iter().map(|p| (p.doc(), p.weight())).collect();
        assert_eq!(pairs, [(3, 11), (4, 15), (300, 11), (999, 15)]);
        // A long `before` goes through the per-document array: the same answer.
        let index = random_index(1_000);
        let many = list(&(0..1000).step_by(2).collect::<Vec<_>>(), 250);
        assert!(many.len() * 8 >= a.len() + b.len());
        let through_array = index.intersect(&many, &[&a, &b]);
        assert_eq!(through_array, intersect_summing(&many, &[&a, &b]));
        assert!(
            through_array.iter().any(|p| p.weight() == 255),
            "sums are capped"
        );
        assert!(
            PHRASE.with_borrow(|w| w.iter().all(|&w| w == 0)),
            "left clean"
        );
    }
}
