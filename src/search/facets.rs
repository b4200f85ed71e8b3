//! Filters and facet counts over search hits or a whole listing: room, category, material,
//! colour, size and price, kept per document as small numbers so that narrowing and counting
//! ten thousand hits costs well under a millisecond. A document may hold several materials,
//! colours and sizes (a product's own key and those of its active variants, docs/VARIANTS.md
//! §4); it counts once for each.
//!
//! Counts are "disjunctive", as shops count them: the count beside a material is what the
//! shopper would see with every *other* filter kept and that material chosen, so picking a
//! second material never shows zeros.

use std::collections::{BTreeMap, HashMap};

use super::index::Scored;

const NONE: u16 = u16::MAX;

/// From this share of the documents (one in four) hits are counted as sets of documents
/// ([`FacetColumns::refine_many`]); fewer are counted one by one.
const MANY_HITS_SHARE: usize = 4;

/// The facets a variant's option value can add to its product.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Facet {
    Material,
    Colour,
    Size,
}

/// What the facets need of one product.
#[derive(Debug, Clone, Default)]
pub struct FacetDoc<'a> {
    pub rooms: &'a [String],
    /// Every category, parents included.
    pub categories: &'a [String],
    /// The product's own material and colour keys (empty: none).
    pub material: &'a str,
    pub colour: &'a str,
    /// Keys the product's active variants add (their values of colour, size and material
    /// options).
    pub variant_keys: Vec<(Facet, &'a str)>,
    /// Satang.
    pub price: i64,
}

/// Filters as the list and search endpoints take them (keys, satang).
#[derive(Debug, Clone, Copy, Default)]
pub struct Filter<'a> {
    pub room: Option<&'a str>,
    pub category: Option<&'a str>,
    pub min_price: Option<i64>,
    pub max_price: Option<i64>,
    pub materials: &'a [String],
    pub colours: &'a [String],
    pub sizes: &'a [String],
}

/// Matches per key (only keys with matches) and the price range of the matches.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FacetCounts {
    pub rooms: BTreeMap<String, u32>,
    pub categories: BTreeMap<String, u32>,
    pub materials: BTreeMap<String, u32>,
    pub colours: BTreeMap<String, u32>,
    pub sizes: BTreeMap<String, u32>,
    /// (lowest, highest) price in satang; `None` when nothing matches.
    pub price: Option<(i64, i64)>,
}

/// Keys numbered in order of first appearance, with the documents holding each.
#[derive(Default)]
struct Keys {
    names: Vec<String>,
    ids: HashMap<String, u16>,
    members: Vec<Members>,
}

/// The documents holding one key: their numbers, or once a key is common
/// ([`FacetColumns::finish`]) a bitset, so counting it among many hits is an AND and a popcount
/// per 64 documents.
enum Members {
    Docs(Vec<u32>),
    Bits(Vec<u64>),
}

impl Members {
    fn add(&mut self, doc: u32) {
        match self {
            Members::Docs(docs) => {
                if docs.last() != Some(&doc) {
                    docs.push(doc);
                }
            }
            Members::Bits(bits) => set_bit(bits, doc),
        }
    }

    /// How many of the documents are in `mask`.
    fn count_in(&self, mask: &[u64]) -> u32 {
        match self {
            Members::Docs(docs) => docs.iter().filter(|&&doc| has_bit(mask, doc)).count() as u32,
            Members::Bits(bits) => bits
                .iter()
                .zip(mask)
                .map(|(a, b)| (a & b).count_ones())
                .sum(),
        }
    }

    /// Adds the documents to `bits`.
    fn or_into(&self, bits: &mut Vec<u64>) {
        match self {
            Members::Docs(docs) => docs.iter().for_each(|&doc| set_bit(bits, doc)),
            Members::Bits(own) => bits.iter_mut().zip(own).for_each(|(a, b)| *a |= b),
        }
    }
}

fn set_bit(bits: &mut Vec<u64>, doc: u32) {
    let word = doc as usize / 64;
    if bits.len() <= word {
        bits.resize(word + 1, 0);
    }
    bits[word] |= 1 << (doc % 64);
}

fn has_bit(bits: &[u64], doc: u32) -> bool {
    bits.get(doc as usize / 64)
        .is_some_and(|word| word & (1 << (doc % 64)) != 0)
}

/// The documents of `hits` as a bitset of `documents` bits.
fn bitset(hits: &[Scored], documents: usize) -> Vec<u64> {
    let mut bits = vec![0u64; documents.div_ceil(64)];
    // Hits mostly come in document order: a word is gathered in a register and stored when
    // the next hit is in another word, rather than read and written back for every hit.
    let (mut word, mut gathered) = (0usize, 0u64);
    for hit in hits {
        let at = hit.doc as usize / 64;
        if at != word {
            bits[word] |= gathered;
            (word, gathered) = (at, 0);
        }
        gathered |= 1 << (hit.doc % 64);
    }
    if let Some(last) = bits.get_mut(word) {
        *last |= gathered;
    }
    bits
}

/// `a ∧ b` word by word, into `a`.
fn and_into(a: &mut [u64], b: &[u64]) {
    a.iter_mut().zip(b).for_each(|(a, b)| *a &= b);
}

impl Keys {
    fn intern(&mut self, key: &str) -> u16 {
        if key.is_empty() {
            return NONE;
        }
        if let Some(&id) = self.ids.get(key) {
            return id;
        }
        // More than 65 534 distinct keys in one facet is not a shop; they share "none".
        let Ok(id) = u16::try_from(self.names.len()) else {
            return NONE;
        };
        if id == NONE {
            return NONE;
        }
        self.names.push(key.to_string());
        self.ids.insert(key.to_string(), id);
        self.members.push(Members::Docs(Vec::new()));
        id
    }

    /// Numbers `key` and records that `doc` holds it.
    fn add(&mut self, key: &str, doc: u32) -> u16 {
        let id = self.intern(key);
        if let Some(members) = self.members.get_mut(id as usize) {
            members.add(doc);
        }
        id
    }

    /// Turns the members of keys held by at least one document in 64 into bitsets.
    fn finish(&mut self, documents: usize) {
        for members in &mut self.members {
            if let Members::Docs(docs) = members
                && docs.len() * 64 >= documents
            {
                let mut bits = vec![0u64; documents.div_ceil(64)];
                docs.iter().for_each(|&doc| set_bit(&mut bits, doc));
                *members = Members::Bits(bits);
            }
        }
    }

    /// Counts per key among the documents in `mask`.
    fn count_in(&self, mask: &[u64]) -> Vec<u32> {
        self.members.iter().map(|m| m.count_in(mask)).collect()
    }

    /// The documents holding any of `wanted` (none for keys no document has).
    fn holding(&self, wanted: &[&str], documents: usize) -> Vec<u64> {
        let mut bits = vec![0u64; documents.div_ceil(64)];
        for id in wanted.iter().filter_map(|k| self.ids.get(*k)) {
            self.members[*id as usize].or_into(&mut bits);
        }
        bits
    }

    /// `Some(None)` for a key no document has: the filter then matches nothing.
    fn find(&self, key: Option<&str>) -> Option<Option<u16>> {
        key.map(|k| self.ids.get(k).copied())
    }

    fn counted(&self, counts: &[u32]) -> BTreeMap<String, u32> {
        counts
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n > 0)
            .map(|(id, &n)| (self.names[id].clone(), n))
            .collect()
    }
}

/// One facet's keys and, per document, the keys it holds: a document's ids are
/// `ids[start[doc]..start[doc + 1]]`, each key once.
struct Column {
    keys: Keys,
    ids: Vec<u16>,
    start: Vec<u32>,
}

impl Default for Column {
    fn default() -> Self {
        Column {
            keys: Keys::default(),
            ids: Vec::new(),
            start: vec![0],
        }
    }
}

impl Column {
    /// Records the keys of the next document (`doc`), each once, empty keys left out.
    fn push<'k>(&mut self, doc: u32, keys: impl IntoIterator<Item = &'k str>) {
        let first = self.ids.len();
        for key in keys {
            let id = self.keys.add(key, doc);
            if id != NONE && !self.ids[first..].contains(&id) {
                self.ids.push(id);
            }
        }
        self.start.push(self.ids.len() as u32);
    }

    fn of(&self, doc: usize) -> &[u16] {
        &self.ids[self.start[doc] as usize..self.start[doc + 1] as usize]
    }

    /// A table by id of the keys chosen, so each hit is a few lookups.
    fn chosen(&self, wanted: &[String]) -> Vec<bool> {
        let mut table = vec![false; self.keys.names.len() + 1];
        for id in wanted.iter().filter_map(|k| self.keys.ids.get(k.as_str())) {
            table[*id as usize] = true;
        }
        table
    }

    /// Whether `doc` holds one of the keys `chosen` marks (always, when nothing is wanted).
    fn passes(&self, doc: usize, wanted: &[String], chosen: &[bool]) -> bool {
        wanted.is_empty()
            || self
                .of(doc)
                .iter()
                .any(|&id| chosen.get(id as usize).copied().unwrap_or(false))
    }

    fn count(&self, doc: usize, counts: &mut [u32]) {
        for &id in self.of(doc) {
            if let Some(n) = counts.get_mut(id as usize) {
                *n += 1;
            }
        }
    }
}

/// The facet values of every document, by document number, in flat columns: counting walks a
/// few arrays in order rather than chasing a pointer per document.
#[derive(Default)]
pub struct FacetColumns {
    rooms: Column,
    categories: Column,
    materials: Column,
    colours: Column,
    sizes: Column,
    price: Vec<i64>,
}

impl FacetColumns {
    pub fn push(&mut self, doc: &FacetDoc) {
        let n = self.price.len() as u32;
        let added = |facet: Facet| {
            doc.variant_keys
                .iter()
                .filter(move |(f, _)| *f == facet)
                .map(|(_, key)| *key)
        };
        self.rooms.push(n, doc.rooms.iter().map(String::as_str));
        self.categories
            .push(n, doc.categories.iter().map(String::as_str));
        self.materials.push(
            n,
            std::iter::once(doc.material).chain(added(Facet::Material)),
        );
        self.colours
            .push(n, std::iter::once(doc.colour).chain(added(Facet::Colour)));
        self.sizes.push(n, added(Facet::Size));
        self.price.push(doc.price);
    }

    /// Called once every document is pushed: common keys get bitsets.
    pub fn finish(&mut self) {
        let documents = self.price.len();
        for column in [
            &mut self.rooms,
            &mut self.categories,
            &mut self.materials,
            &mut self.colours,
            &mut self.sizes,
        ] {
            column.keys.finish(documents);
        }
    }

    /// What [`FacetColumns::refine`] does, with sets of documents for many hits: each
    /// dimension's filter becomes a bitset, the counts of a dimension are popcounts of its keys
    /// within the hits that pass every other dimension's filter.
    fn refine_many(&self, hits: &mut Vec<Scored>, filter: &Filter) -> FacetCounts {
        let documents = self.price.len();
        let found = bitset(hits, documents);
        let one = |key: Option<&str>, column: &Column| {
            key.map(|k| column.keys.holding(&[k], documents))
        };
        let any = |wanted: &[String], column: &Column| {
            let wanted: Vec<&str> = wanted.iter().map(String::as_str).collect();
            (!wanted.is_empty()).then(|| column.keys.holding(&wanted, documents))
        };
        let price = (filter.min_price.is_some() || filter.max_price.is_some()).then(|| {
            let mut bits = vec![0u64; found.len()];
            for hit in hits.iter() {
                let price = self.price[hit.doc as usize];
                if filter.min_price.is_none_or(|min| price >= min)
                    && filter.max_price.is_none_or(|max| price <= max)
                {
                    bits[hit.doc as usize / 64] |= 1 << (hit.doc % 64);
                }
            }
            bits
        });
        // Dimensions: room, category, price, material, colour, size.
        let filters = [
            one(filter.room, &self.rooms),
            one(filter.category, &self.categories),
            price,
            any(filter.materials, &self.materials),
            any(filter.colours, &self.colours),
            any(filter.sizes, &self.sizes),
        ];
        let within_all_but = |skip: Option<usize>| {
            let mut mask = found.clone();
            for (_, bits) in filters.iter().enumerate().filter(|(d, _)| Some(*d) != skip) {
                if let Some(bits) = bits {
                    and_into(&mut mask, bits);
                }
            }
            mask
        };
        let counted =
            |column: &Column, mask: &[u64]| column.keys.counted(&column.keys.count_in(mask));
        let price_mask = within_all_but(Some(2));
        let (mut low, mut high) = (i64::MAX, i64::MIN);
        for (word, bits) in price_mask.iter().enumerate() {
            let mut bits = *bits;
            while bits != 0 {
                let price = self.price[word * 64 + bits.trailing_zeros() as usize];
                (low, high) = (low.min(price), high.max(price));
                bits &= bits - 1;
            }
        }
        let low_high = (low <= high).then_some((low, high));
        let counts = FacetCounts {
            rooms: counted(&self.rooms, &within_all_but(Some(0))),
            categories: counted(&self.categories, &within_all_but(Some(1))),
            materials: counted(&self.materials, &within_all_but(Some(3))),
            colours: counted(&self.colours, &within_all_but(Some(4))),
            sizes: counted(&self.sizes, &within_all_but(Some(5))),
            price: low_high,
        };
        if filters.iter().any(Option::is_some) {
            let kept = within_all_but(None);
            // Compacted without a branch per hit: which hits stay follows no pattern.
            let mut len = 0;
            for i in 0..hits.len() {
                let hit = hits[i];
                hits[len] = hit;
                len += usize::from(has_bit(&kept, hit.doc));
            }
            hits.truncate(len);
        }
        counts
    }

    /// The counts when nothing is filtered (the usual search): every hit counts everywhere.
    fn count_all(&self, hits: &[Scored]) -> FacetCounts {
        let columns = [
            &self.rooms,
            &self.categories,
            &self.materials,
            &self.colours,
            &self.sizes,
        ];
        let mut counts: [Vec<u32>; 5] =
            columns.map(|column| vec![0u32; column.keys.names.len()]);
        let (mut low, mut high) = (i64::MAX, i64::MIN);
        for hit in hits {
            let doc = hit.doc as usize;
            for (column, counts) in columns.iter().zip(counts.iter_mut()) {
                column.count(doc, counts);
            }
            let price = self.price[doc];
            low = low.min(price);
            high = high.max(price);
        }
        let [rooms, categories, materials, colours, sizes] = counts;
        FacetCounts {
            rooms: self.rooms.keys.counted(&rooms),
            categories: self.categories.keys.counted(&categories),
            materials: self.materials.keys.counted(&materials),
            colours: self.colours.keys.counted(&colours),
            sizes: self.sizes.keys.counted(&sizes),
            price: (!hits.is_empty()).then_some((low, high)),
        }
    }

    /// Keeps the hits that pass `filter` (in their order) and counts the facets. Hits are this
    /// index's document numbers.
    pub fn refine(&self, hits: &mut Vec<Scored>, filter: &Filter) -> FacetCounts {
        if hits.len() * MANY_HITS_SHARE >= self.price.len() && !hits.is_empty() {
            self.refine_many(hits, filter)
        } else {
            self.refine_few(hits, filter)
        }
    }

    /// What [`FacetColumns::refine`] does, hit by hit.
    fn refine_few(&self, hits: &mut Vec<Scored>, filter: &Filter) -> FacetCounts {
        if filter.room.is_none()
            && filter.category.is_none()
            && filter.min_price.is_none()
            && filter.max_price.is_none()
            && filter.materials.is_empty()
            && filter.colours.is_empty()
            && filter.sizes.is_empty()
        {
            return self.count_all(hits);
        }
        let room = self.rooms.keys.find(filter.room);
        let category = self.categories.keys.find(filter.category);
        let materials = self.materials.chosen(filter.materials);
        let colours = self.colours.chosen(filter.colours);
        let sizes = self.sizes.chosen(filter.sizes);
        let mut rooms = vec![0u32; self.rooms.keys.names.len()];
        let mut categories = vec![0u32; self.categories.keys.names.len()];
        let mut material_counts = vec![0u32; self.materials.keys.names.len()];
        let mut colour_counts = vec![0u32; self.colours.keys.names.len()];
        let mut size_counts = vec![0u32; self.sizes.keys.names.len()];
        let mut price: Option<(i64, i64)> = None;
        hits.retain(|hit| {
            let doc = hit.doc as usize;
            let doc_price = self.price[doc];
            let room_ok = room.is_none_or(|r| r.is_some_and(|r| self.rooms.of(doc).contains(&r)));
            let category_ok = category
                .is_none_or(|c| c.is_some_and(|c| self.categories.of(doc).contains(&c)));
            let price_ok = filter.min_price.is_none_or(|min| doc_price >= min)
                && filter.max_price.is_none_or(|max| doc_price <= max);
            let material_ok = self.materials.passes(doc, filter.materials, &materials);
            let colour_ok = self.colours.passes(doc, filter.colours, &colours);
            let size_ok = self.sizes.passes(doc, filter.sizes, &sizes);
            // Each dimension counts among the hits passing every other one.
            let oks = [room_ok, category_ok, price_ok, material_ok, colour_ok, size_ok];
            let all_but = |skip: usize| {
                oks.iter()
                    .enumerate()
                    .all(|(d, ok)| d == skip || *ok)
            };
            if all_but(0) {
                self.rooms.count(doc, &mut rooms);
            }
            if all_but(1) {
                self.categories.count(doc, &mut categories);
            }
            if all_but(2) {
                price = Some(match price {
                    None => (doc_price, doc_price),
                    Some((low, high)) => (low.min(doc_price), high.max(doc_price)),
                });
            }
            if all_but(3) {
                self.materials.count(doc, &mut material_counts);
            }
            if all_but(4) {
                self.colours.count(doc, &mut colour_counts);
            }
            if all_but(5) {
                self.sizes.count(doc, &mut size_counts);
            }
            oks.iter().all(|ok| *ok)
        });
        FacetCounts {
            rooms: self.rooms.keys.counted(&rooms),
            categories: self.categories.keys.counted(&categories),
            materials: self.materials.keys.counted(&material_counts),
            colours: self.colours.keys.counted(&colour_counts),
            sizes: self.sizes.keys.counted(&size_counts),
            price,
        }
    }
}

#[cfg(test)]
mod tests;
