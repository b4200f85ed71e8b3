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

struct DocFacets {
    rooms: Box<[u16]>,
    categories: Box<[u16]>,
    material: u16,
    colour: u16,
    price: i64,
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

/// The facet values of every document, by document number.
#[derive(Default)]
pub struct FacetColumns {
    rooms: Keys,
    categories: Keys,
    materials: Keys,
    colours: Keys,
    docs: Vec<DocFacets>,
}

impl FacetColumns {
    pub fn push(&mut self, doc: &FacetDoc) {
        let rooms = doc.rooms.iter().map(|r| self.rooms.intern(r)).collect();
        let categories = doc
            .categories
            .iter()
            .map(|c| self.categories.intern(c))
            .collect();
        let facets = DocFacets {
            rooms,
            categories,
            material: self.materials.intern(doc.material),
            colour: self.colours.intern(doc.colour),
            price: doc.price,
        };
        self.docs.push(facets);
    }

    /// Keeps the hits that pass `filter` (in their order) and counts the facets.
    pub fn refine(&self, hits: &mut Vec<Scored>, filter: &Filter) -> FacetCounts {
        let room = self.rooms.find(filter.room);
        let category = self.categories.find(filter.category);
        let ids = |keys: &Keys, wanted: &[String]| -> Vec<u16> {
            wanted
                .iter()
                .filter_map(|k| keys.ids.get(k.as_str()).copied())
                .collect()
        };
        let materials = ids(&self.materials, filter.materials);
        let colours = ids(&self.colours, filter.colours);
        let mut rooms = vec![0u32; self.rooms.names.len()];
        let mut categories = vec![0u32; self.categories.names.len()];
        let mut material_counts = vec![0u32; self.materials.names.len()];
        let mut colour_counts = vec![0u32; self.colours.names.len()];
        let mut price: Option<(i64, i64)> = None;
        hits.retain(|hit| {
            let Some(doc) = self.docs.get(hit.doc as usize) else {
                return false;
            };
            let room_ok = room.is_none_or(|r| r.is_some_and(|r| doc.rooms.contains(&r)));
            let category_ok =
                category.is_none_or(|c| c.is_some_and(|c| doc.categories.contains(&c)));
            let price_ok = filter.min_price.is_none_or(|min| doc.price >= min)
                && filter.max_price.is_none_or(|max| doc.price <= max);
            let material_ok = filter.materials.is_empty() || materials.contains(&doc.material);
            let colour_ok = filter.colours.is_empty() || colours.contains(&doc.colour);
            if category_ok && price_ok && material_ok && colour_ok {
                for &r in &doc.rooms {
                    if let Some(n) = rooms.get_mut(r as usize) {
                        *n += 1;
                    }
                }
            }
            if room_ok && price_ok && material_ok && colour_ok {
                for &c in &doc.categories {
                    if let Some(n) = categories.get_mut(c as usize) {
                        *n += 1;
                    }
                }
            }
            if room_ok && category_ok && material_ok && colour_ok {
                price = Some(match price {
                    None => (doc.price, doc.price),
                    Some((low, high)) => (low.min(doc.price), high.max(doc.price)),
                });
            }
            if room_ok
                && category_ok
                && price_ok
                && colour_ok
                && let Some(n) = material_counts.get_mut(doc.material as usize)
            {
                *n += 1;
            }
            if room_ok
                && category_ok
                && price_ok
                && material_ok
                && let Some(n) = colour_counts.get_mut(doc.colour as usize)
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
