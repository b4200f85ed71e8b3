//! Product search: an in-memory index built from the catalogue at start and after every
//! catalogue change. Thai and Khmer are segmented into words (icu_segmenter's dictionaries);
//! Latin text is case- and accent-folded; the last word of a query matches as a prefix so
//! results appear while typing; name hits outrank description hits; `#CODE` searches codes by
//! prefix.

pub mod index;
pub mod text;
