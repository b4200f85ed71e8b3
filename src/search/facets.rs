//! Filters and facet counts over search hits or a whole listing: room, category, material,
//! colour and price, kept per document as small numbers so that narrowing and counting ten
//! thousand hits costs well under a millisecond.
//!
//! Counts are "disjunctive", as shops count them: the count beside a material is what the
//! shopper would see with every *other* filter kept and that material chosen, so picking a
//! second material never shows zeros.

use std::collections::{BTreeMap, HashMap};

use super::index::Scored;

const NONE: u16 = u16::MAX;

/// What the facets need of one product.
#[derive(Debug, Clone, Copy, Default)]
pub struct FacetDoc<'a> {
    pub rooms: &'a [String],
    /// Every category, parents included.
    pub categories: &'a [String],
    pub material: &'a str,
    pub colour: &'a str,
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
}

/// Matches per key (only keys with matches) and the price range of the matches.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FacetCounts {
    pub rooms: BTreeMap<String, u32>,
    pub categories: BTreeMap<String, u32>,
    pub materials: BTreeMap<String, u32>,
    pub colours: BTreeMap<String, u32>,
    /// (lowest, highest) price in satang; `None` when nothing matches.
    pub price: Option<(i64, i64)>,
}

/// Keys numbered in order of first appearance.
#[derive(Default)]
struct Keys {
    names: Vec<String>,
    ids: HashMap<String, u16>,
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
        id
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

/// The facet values of every document, by document number, in flat columns (a document's rooms
/// are `room_ids[room_start[doc]..room_start[doc + 1]]`): counting walks a few arrays in order
/// rather than chasing a pointer per document.
pub struct FacetColumns {
    rooms: Keys,
    categories: Keys,
    materials: Keys,
    colours: Keys,
    room_ids: Vec<u16>,
    room_start: Vec<u32>,
    category_ids: Vec<u16>,
    category_start: Vec<u32>,
    material: Vec<u16>,
    colour: Vec<u16>,
    price: Vec<i64>,
}

impl Default for FacetColumns {
    fn default() -> Self {
        FacetColumns {
            rooms: Keys::default(),
            categories: Keys::default(),
            materials: Keys::default(),
            colours: Keys::default(),
            room_ids: Vec::new(),
            room_start: vec![0],
            category_ids: Vec::new(),
            category_start: vec![0],
            material: Vec::new(),
            colour: Vec::new(),
            price: Vec::new(),
        }
    }
}

impl FacetColumns {
    pub fn push(&mut self, doc: &FacetDoc) {
        for room in doc.rooms {
            let id = self.rooms.intern(room);
            self.room_ids.push(id);
        }
        self.room_start.push(self.room_ids.len() as u32);
        for category in doc.categories {
            let id = self.categories.intern(category);
            self.category_ids.push(id);
        }
        self.category_start.push(self.category_ids.len() as u32);
        self.material.push(self.materials.intern(doc.material));
        self.colour.push(self.colours.intern(doc.colour));
        self.price.push(doc.price);
    }

    /// The counts when nothing is filtered (the usual search): every hit counts everywhere.
    fn count_all(&self, hits: &[Scored]) -> FacetCounts {
        let mut rooms = vec![0u32; self.rooms.names.len() + 1];
        let mut categories = vec![0u32; self.categories.names.len() + 1];
        let mut materials = vec![0u32; self.materials.names.len() + 1];
        let mut colours = vec![0u32; self.colours.names.len() + 1];
        let (mut low, mut high) = (i64::MAX, i64::MIN);
        // NONE (no key) lands in the last slot, which is not reported.
        let slot = |id: u16, len: usize| (id as usize).min(len - 1);
        let (room_slots, category_slots) = (rooms.len(), categories.len());
        let (material_slots, colour_slots) = (materials.len(), colours.len());
        for hit in hits {
            let doc = hit.doc as usize;
            for &r in self.doc_rooms(doc) {
                rooms[slot(r, room_slots)] += 1;
            }
            for &c in self.doc_categories(doc) {
                categories[slot(c, category_slots)] += 1;
            }
            materials[slot(self.material[doc], material_slots)] += 1;
            colours[slot(self.colour[doc], colour_slots)] += 1;
            let price = self.price[doc];
            low = low.min(price);
            high = high.max(price);
        }
        let counted = |keys: &Keys, counts: &[u32]| keys.counted(&counts[..counts.len() - 1]);
        FacetCounts {
            rooms: counted(&self.rooms, &rooms),
            categories: counted(&self.categories, &categories),
            materials: counted(&self.materials, &materials),
            colours: counted(&self.colours, &colours),
            price: (!hits.is_empty()).then_some((low, high)),
        }
    }

    fn doc_rooms(&self, doc: usize) -> &[u16] {
        &self.room_ids[self.room_start[doc] as usize..self.room_start[doc + 1] as usize]
    }

    fn doc_categories(&self, doc: usize) -> &[u16] {
        &self.category_ids[self.category_start[doc] as usize..self.category_start[doc + 1] as usize]
    }

    /// Keeps the hits that pass `filter` (in their order) and counts the facets. Hits are this
    /// index's document numbers.
    pub fn refine(&self, hits: &mut Vec<Scored>, filter: &Filter) -> FacetCounts {
        if filter.room.is_none()
            && filter.category.is_none()
            && filter.min_price.is_none()
            && filter.max_price.is_none()
            && filter.materials.is_empty()
            && filter.colours.is_empty()
        {
            return self.count_all(hits);
        }
        let room = self.rooms.find(filter.room);
        let category = self.categories.find(filter.category);
        // Chosen keys as a table by id, so each hit is one lookup.
        let chosen = |keys: &Keys, wanted: &[String]| -> Vec<bool> {
            let mut table = vec![false; keys.names.len() + 1];
            for id in wanted.iter().filter_map(|k| keys.ids.get(k.as_str())) {
                table[*id as usize] = true;
            }
            table
        };
        let materials = chosen(&self.materials, filter.materials);
        let colours = chosen(&self.colours, filter.colours);
        let is_chosen = |table: &[bool], id: u16| table.get(id as usize).copied().unwrap_or(false);
        let mut rooms = vec![0u32; self.rooms.names.len()];
        let mut categories = vec![0u32; self.categories.names.len()];
        let mut material_counts = vec![0u32; self.materials.names.len()];
        let mut colour_counts = vec![0u32; self.colours.names.len()];
        let mut price: Option<(i64, i64)> = None;
        hits.retain(|hit| {
            let doc = hit.doc as usize;
            let (doc_rooms, doc_categories) = (self.doc_rooms(doc), self.doc_categories(doc));
            let (doc_material, doc_colour, doc_price) =
                (self.material[doc], self.colour[doc], self.price[doc]);
            let room_ok = room.is_none_or(|r| r.is_some_and(|r| doc_rooms.contains(&r)));
            let category_ok =
                category.is_none_or(|c| c.is_some_and(|c| doc_categories.contains(&c)));
            let price_ok = filter.min_price.is_none_or(|min| doc_price >= min)
                && filter.max_price.is_none_or(|max| doc_price <= max);
            let material_ok = filter.materials.is_empty() || is_chosen(&materials, doc_material);
            let colour_ok = filter.colours.is_empty() || is_chosen(&colours, doc_colour);
            if category_ok && price_ok && material_ok && colour_ok {
                for &r in doc_rooms {
                    if let Some(n) = rooms.get_mut(r as usize) {
                        *n += 1;
                    }
                }
            }
            if room_ok && price_ok && material_ok && colour_ok {
                for &c in doc_categories {
                    if let Some(n) = categories.get_mut(c as usize) {
                        *n += 1;
                    }
                }
            }
            if room_ok && category_ok && material_ok && colour_ok {
                price = Some(match price {
                    None => (doc_price, doc_price),
                    Some((low, high)) => (low.min(doc_price), high.max(doc_price)),
                });
            }
            if room_ok
                && category_ok
                && price_ok
                && colour_ok
                && let Some(n) = material_counts.get_mut(doc_material as usize)
            {
                *n += 1;
            }
            if room_ok
                && category_ok
                && price_ok
                && material_ok
                && let Some(n) = colour_counts.get_mut(doc_colour as usize)
            {
                *n += 1;
            }
            room_ok && category_ok && price_ok && material_ok && colour_ok
        });
        FacetCounts {
            rooms: self.rooms.counted(&rooms),
            categories: self.categories.counted(&categories),
            materials: self.materials.counted(&material_counts),
            colours: self.colours.counted(&colour_counts),
            price,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(keys: &[&str]) -> Vec<String> {
        keys.iter().map(|k| k.to_string()).collect()
    }

    #[test]
    fn counts_keep_every_other_filter_and_hits_keep_all() {
        let living = strings(&["living"]);
        let both = strings(&["living", "bedroom"]);
        let sofas = strings(&["sofas"]);
        let beds = strings(&["beds"]);
        let mut columns = FacetColumns::default();
        for (rooms, categories, material, colour, price) in [
            (&living, &sofas, "teak", "grey", 100),
            (&both, &sofas, "fabric", "grey", 300),
            (&both, &beds, "teak", "white", 500),
        ] {
            columns.push(&FacetDoc {
                rooms,
                categories,
                material,
                colour,
                price,
            });
        }
        let all = || {
            (0..3)
                .map(|doc| Scored { doc, score: 0 })
                .collect::<Vec<_>>()
        };

        let mut hits = all();
        let counts = columns.refine(&mut hits, &Filter::default());
        assert_eq!(hits.len(), 3);
        assert_eq!(counts.rooms["living"], 3);
        assert_eq!(counts.rooms["bedroom"], 2);
        assert_eq!(counts.materials["teak"], 2);
        assert_eq!(counts.price, Some((100, 500)));

        let teak = strings(&["teak"]);
        let mut hits = all();
        let counts = columns.refine(
            &mut hits,
            &Filter {
                materials: &teak,
                category: Some("sofas"),
                ..Filter::default()
            },
        );
        assert_eq!(hits.iter().map(|h| h.doc).collect::<Vec<_>>(), [0]);
        assert_eq!(
            counts.materials.get("fabric"),
            Some(&1),
            "other materials stay countable"
        );
        assert_eq!(counts.materials.get("teak"), Some(&1));
        assert_eq!(counts.categories.get("beds"), Some(&1));
        assert_eq!(counts.colours.len(), 1, "{counts:?}");
        assert!(!counts.colours.contains_key("white"), "no zero counts");

        let mut hits = all();
        columns.refine(
            &mut hits,
            &Filter {
                room: Some("kitchen"),
                ..Filter::default()
            },
        );
        assert!(hits.is_empty(), "a room no product has matches nothing");
    }
}
