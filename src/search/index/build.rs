//! Building a [`SearchIndex`] one document at a time, so a large catalogue's descriptions are
//! indexed without ever being held in memory together.

use super::*;
use crate::search::words::{is_thai_or_khmer, skeleton};

/// Builds a [`SearchIndex`] one document at a time (document numbers in the order added), so
/// documents can be read and dropped one by one: a large catalogue's descriptions are indexed
/// without ever being held in memory together.
pub struct IndexBuilder {
    terms: HashMap<String, Vec<Posting>>,
    codes: Vec<(Box<str>, u32)>,
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
        self.codes
            .push((normalize_code(doc.code).into_boxed_str(), n));
        for code in &doc.variant_codes {
            self.codes.push((normalize_code(code).into_boxed_str(), n));
        }
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
        for name in &doc.option_names {
            add(name, DESCRIPTION_WEIGHT, false);
        }
        for value in &doc.option_values {
            add(value, OPTION_WEIGHT, false);
        }
        add(doc.code, CODE_WEIGHT, false);
        for code in &doc.variant_codes {
            add(code, CODE_WEIGHT, false);
        }
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
        // Stable sort: codes arrive mostly in order (products by code, each with its variants),
        // which it merges as runs instead of sorting 500 000 codes from scratch.
        codes.sort();
        codes.shrink_to_fit();
        let mut skeletons: Vec<(Box<str>, u32)> = terms
            .iter()
            .enumerate()
            .filter(|(_, t)| t.chars().any(is_thai_or_khmer))
            .map(|(i, t)| (skeleton(t).into_boxed_str(), i as u32))
            .collect();
        // By skeleton, then the term with the most postings first.
        skeletons.sort_unstable_by(|a, b| {
            let size = |i: u32| starts[i as usize + 1] - starts[i as usize];
            a.0.cmp(&b.0).then(size(b.1).cmp(&size(a.1)))
        });
        skeletons.shrink_to_fit();
        SearchIndex {
            terms,
            starts,
            postings,
            term_chars,
            codes,
            popularity,
            active,
            facets,
            skeletons,
            has_words: words_too,
            phrases: PhraseLists::default(),
        }
    }
}
