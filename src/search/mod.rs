//! Product search: an in-memory index built from the catalogue at start and after every
//! catalogue change. Thai and Khmer are segmented into words (icu_segmenter's dictionaries);
//! Latin text is case- and accent-folded and forgives typos; the last word of a query matches
//! as a prefix so results appear while typing; name hits outrank description hits; `#CODE`
//! searches codes by prefix. Synonyms and the wrong-keyboard-layout rescue are applied when a
//! query is read; filters and facet counts work on the hits. A keyword is read as a shopper
//! means it before it is matched (docs/PERFORMANCE.md, "Search on unseen queries"): Thai and
//! Khmer spelling slips and cuts, split and joined words, number words, the other keyboard
//! layout weighed against the typed one; and when no product holds every word, the products
//! holding the most of them are answered with the words left out.

pub mod facets;
pub mod index;
pub mod layout;
pub mod live;
pub mod misses;
pub mod numbers;
pub mod synonyms;
pub mod typo;
pub mod words;

/// Deterministic numbers (xorshift) for the tests' made-up catalogues, so runs compare.
#[cfg(test)]
pub(crate) fn test_numbers(mut seed: u64) -> impl FnMut() -> usize {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed as usize
    }
}
