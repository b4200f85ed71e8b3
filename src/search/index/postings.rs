//! Posting lists: the packed (document, weight) entries of the index, the lists a query
//! reads (a word's own, or a phrase's made once per index and kept in [`PhraseLists`]), and
//! the list algebra queries need (union, galloping intersection).

use super::*;

/// A document and how much a term weighs in it, packed in 4 bytes (document number in the high
/// 24 bits, weight in the low 8): a 100 000-product index holds tens of millions of postings, and
/// two `u32`s made it twice the size. Postings are sorted by document number (documents are
/// indexed in order).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Posting(pub(super) u32);

/// Documents an index can number (2^24); [`SearchIndex::build`] stops there.
pub const MAX_DOCUMENTS: usize = 1 << 24;

impl Posting {
    /// Weights above 255 (sums of many heavy words) are counted as 255.
    pub(super) fn new(doc: u32, weight: u32) -> Posting {
        Posting((doc << 8) | weight.min(255))
    }

    pub(super) fn doc(self) -> u32 {
        self.0 >> 8
    }

    pub(super) fn weight(self) -> u32 {
        self.0 & 0xff
    }
}

/// A posting list a query reads: a word's own in the index, or a phrase's, made once per index.
pub(super) enum Postings<'a> {
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
pub(super) struct PhraseLists {
    /// The lists by phrase, and how many postings they hold together.
    pub(super) made: Mutex<(MadeLists, usize)>,
}

pub(super) type MadeLists = HashMap<Vec<String>, Arc<[Posting]>>;

/// The phrase lists an index keeps, in postings per document (4 bytes each).
pub(super) const PHRASE_POSTINGS_PER_DOCUMENT: usize = 16;

impl PhraseLists {
    pub(super) fn get(&self, phrase: &[String]) -> Option<Arc<[Posting]>> {
        let made = self.made.lock().unwrap_or_else(|e| e.into_inner());
        made.0.get(phrase).cloned()
    }

    pub(super) fn keep(&self, phrase: &[String], postings: Arc<[Posting]>, documents: usize) {
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

/// The documents of several lists, once each, with their best weight.
pub(super) fn union(lists: &[&[Posting]]) -> Vec<Posting> {
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
pub(super) fn gallop(list: &[Posting], start: usize, doc: u32) -> usize {
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
pub(super) fn intersect_summing(before: &[Posting], lists: &[&[Posting]]) -> Vec<Posting> {
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
