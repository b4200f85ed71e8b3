//! The facets' tests: filters, disjunctive counts and price bands on small made-up catalogues.

use super::*;

fn strings(keys: &[&str]) -> Vec<String> {
    keys.iter().map(|k| k.to_string()).collect()
}

/// Counting hit by hit and counting sets of documents answer alike, for every mix of
/// filters, on documents with one to three rooms and keys common and rare.
#[test]
fn many_hits_are_counted_as_sets_with_the_same_answers() {
    let rooms = strings(&["living", "bedroom", "dining", "office", "attic"]);
    let categories = strings(&["sofas", "beds", "tables", "lamps", "clocks", "rugs"]);
    let materials = ["teak", "oak", "fabric", "glass", ""];
    let colours = ["grey", "white", "black", "gold"];
    let mut next = crate::search::test_numbers(0x9e37_79b9_7f4a_7c15_u64);
    let documents = 5_000;
    type Doc<'a> = (Vec<String>, Vec<String>, &'a str, &'a str, i64);
    let docs: Vec<Doc> = (0..documents)
        .map(|n| {
            let first = next() % rooms.len();
            let count = 1 + n % 3;
            let doc_rooms = (0..count)
                .map(|k| rooms[(first + k) % rooms.len()].clone())
                .collect();
            // "clocks" and "attic" are rare: kept as document lists, not bitsets.
            let category = if n % 97 == 0 { 4 } else { next() % 4 };
            let doc_categories = vec![categories[category].clone(), "all".to_string()];
            let material = materials[next() % materials.len()];
            let colour = colours[if n % 101 == 0 { 3 } else { next() % 3 }];
            (
                doc_rooms,
                doc_categories,
                material,
                colour,
                (next() % 1000) as i64,
            )
        })
        .collect();
    let mut columns = FacetColumns::default();
    for (rooms, categories, material, colour, price) in &docs {
        columns.push(&FacetDoc {
            rooms,
            categories,
            material,
            colour,
            price: *price,
            ..FacetDoc::default()
        });
    }
    columns.finish();
    assert!(matches!(columns.rooms.keys.members[0], Members::Bits(_)));
    let clocks = columns.categories.keys.ids["clocks"] as usize;
    assert!(matches!(
        columns.categories.keys.members[clocks],
        Members::Docs(_)
    ));
    let teak_oak = strings(&["teak", "oak"]);
    let gold = strings(&["gold"]);
    let filters = [
        Filter::default(),
        Filter {
            room: Some("living"),
            ..Filter::default()
        },
        Filter {
            category: Some("clocks"),
            materials: &teak_oak,
            ..Filter::default()
        },
        Filter {
            min_price: Some(200),
            max_price: Some(700),
            colours: &gold,
            ..Filter::default()
        },
        Filter {
            room: Some("attic"),
            category: Some("sofas"),
            min_price: Some(100),
            materials: &teak_oak,
            ..Filter::default()
        },
        Filter {
            room: Some("nowhere"),
            ..Filter::default()
        },
    ];
    let hits: Vec<Scored> = (0..documents as u32)
        .filter(|doc| doc % 3 != 1)
        .map(|doc| Scored {
            doc,
            score: doc % 11,
        })
        .collect();
    assert!(hits.len() * MANY_HITS_SHARE >= documents);
    for filter in &filters {
        let (mut by_set, mut one_by_one) = (hits.clone(), hits.clone());
        let as_sets = columns.refine(&mut by_set, filter);
        // The hit-by-hit way, as for few hits.
        let few = FacetColumns::refine_few;
        let each = few(&columns, &mut one_by_one, filter);
        assert_eq!(as_sets, each, "{filter:?}");
        assert_eq!(by_set, one_by_one, "{filter:?}");
    }
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
            ..FacetDoc::default()
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

/// A product holds its own material and colour and every key its active variants add; it
/// counts once per key however many variants hold it, and a size filter keeps it when any
/// of its sizes is chosen.
#[test]
fn variant_keys_count_their_product_once_and_filter_like_its_own() {
    let none: Vec<String> = Vec::new();
    let mut columns = FacetColumns::default();
    let docs = [
        // A sofa: own colour grey, variants in grey and beige, two sizes.
        FacetDoc {
            rooms: &none,
            categories: &none,
            material: "fabric",
            colour: "grey",
            variant_keys: vec![
                (Facet::Colour, "grey"),
                (Facet::Colour, "beige"),
                (Facet::Colour, "grey"),
                (Facet::Size, "2-seats"),
                (Facet::Size, "3-seats"),
                (Facet::Size, "2-seats"),
            ],
            price: 100,
        },
        // A bed without variants.
        FacetDoc {
            rooms: &none,
            categories: &none,
            material: "teak",
            colour: "white",
            price: 200,
            ..FacetDoc::default()
        },
        // A table whose only size comes from a variant.
        FacetDoc {
            rooms: &none,
            categories: &none,
            material: "",
            colour: "",
            variant_keys: vec![(Facet::Size, "2-seats"), (Facet::Material, "teak")],
            price: 300,
        },
    ];
    for doc in &docs {
        columns.push(doc);
    }
    columns.finish();
    let all = || (0..3).map(|doc| Scored { doc, score: 0 }).collect::<Vec<_>>();
    let mut hits = all();
    let counts = columns.refine(&mut hits, &Filter::default());
    assert_eq!(counts.colours["grey"], 1, "{counts:?}");
    assert_eq!(counts.colours["beige"], 1);
    assert_eq!(counts.sizes["2-seats"], 2);
    assert_eq!(counts.sizes["3-seats"], 1);
    assert_eq!(counts.materials["teak"], 2);

    let three = strings(&["3-seats"]);
    let beige = strings(&["beige"]);
    let two = strings(&["2-seats"]);
    for (filter, kept) in [
        (
            Filter {
                sizes: &three,
                ..Filter::default()
            },
            vec![0],
        ),
        (
            Filter {
                colours: &beige,
                ..Filter::default()
            },
            vec![0],
        ),
        (
            Filter {
                sizes: &two,
                ..Filter::default()
            },
            vec![0, 2],
        ),
    ] {
        let (mut few, mut many) = (all(), all());
        let counted = FacetColumns::refine_few(&columns, &mut few, &filter);
        let as_sets = FacetColumns::refine_many(&columns, &mut many, &filter);
        assert_eq!(counted, as_sets, "{filter:?}");
        assert_eq!(few, many);
        assert_eq!(few.iter().map(|h| h.doc).collect::<Vec<_>>(), kept, "{filter:?}");
        // Other sizes stay countable under a size filter.
        assert_eq!(counted.sizes.get("3-seats"), Some(&1), "{filter:?}");
    }
}
