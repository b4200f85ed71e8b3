//! The index's tests: matching, ranking, typos, phrases, codes and facets on small made-up
//! catalogues.

use super::*;

fn doc<'a>(code: &'a str, name: &'a str, description: &'a str, popularity: u32) -> SearchDoc<'a> {
    SearchDoc {
        code,
        names: vec![name],
        head_first_names: vec![],
        descriptions: vec![description],
        popularity,
        active: true,
        facets: FacetDoc::default(),
        ..SearchDoc::default()
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
            ..SearchDoc::default()
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
        ..SearchDoc::default()
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
            let groups = index.query_groups(words(query), options);
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

/// A small shop for the rules that read a keyword as it was meant (issue 32).
fn shop() -> SearchIndex {
    SearchIndex::build([
        doc("ST-1", "ตู้เสื้อผ้าไม้โอ๊ค", "Oak wardrobe", 10),
        doc("BD-1", "ที่นอนยางพารา", "Latex mattress", 10),
        doc("SF-3", "Nara 3-Seat Sofa", "โซฟา 3 ที่นั่ง សាឡុង 3 កន្លែងអង្គុយ", 10),
        doc("SF-2", "Nara 2-Seat Sofa", "โซฟา 2 ที่นั่ง សាឡុង 2 កន្លែងអង្គុយ", 90),
        doc("DK-1", "Loft Computer Desk", "A desk for work", 5),
        doc("TB-1", "Oak Dining Table", "Seats six", 80),
        doc("TB-2", "Teak Dining Table", "Seats eight", 70),
        doc("ST-2", "Thonglor Bookshelf", "Five shelves", 10),
        doc("SF-4", "Nordic Sofa Bed", "Sleeps two", 10),
        doc("RG-1", "พรม รุ่นนอร์ดิก", "Nordic rug", 1),
        doc("TB-3", "Rin Dressing Table", "With mirror", 99),
    ])
}

fn codes(index: &SearchIndex, found: &KeywordHits) -> Vec<&'static str> {
    let all = [
        "ST-1", "BD-1", "SF-3", "SF-2", "DK-1", "TB-1", "TB-2", "ST-2", "SF-4", "RG-1", "TB-3",
    ];
    let mut hits = found.hits.clone();
    index.best_first(&mut hits, 24);
    hits.iter().take(24).map(|h| all[h.doc as usize]).collect()
}

#[test]
fn no_product_holding_every_word_answers_those_holding_the_rarer_ones() {
    let index = shop();
    let none = Synonyms::default();
    let found = index.find_keyword("computer table", &none);
    let got = codes(&index, &found);
    assert_eq!(got[0], "DK-1", "the rarer word counts more: {got:?}");
    assert!(got.contains(&"TB-1"), "the others follow: {got:?}");
    assert_eq!(found.unmatched, ["table"]);
    assert_eq!(found.full, 0, "still a miss for the owner's report");
    // A product holding every word comes before those holding some.
    let found = index.find_keyword("oak table", &none);
    assert_eq!(codes(&index, &found)[0], "TB-1");
    assert!(found.unmatched.is_empty());
    // Nothing at all: nothing.
    assert!(index.find_keyword("xyzzy", &none).hits.is_empty());
}

#[test]
fn a_thai_tone_mark_slip_costs_a_typo_whatever_the_length() {
    let index = shop();
    let none = Synonyms::default();
    for slip in ["ตู้เสื้อผา", "ตูเสื้อผ้า"] {
        let found = index.find_keyword(slip, &none);
        assert_eq!(codes(&index, &found), ["ST-1"], "{slip}");
        assert_eq!(found.corrected.as_deref(), Some("ตู้เสื้อผ้า"), "{slip}");
    }
    let found = index.find_keyword("ทีนอน", &none);
    assert_eq!(codes(&index, &found), ["BD-1"]);
}

#[test]
fn number_words_meet_digits() {
    let index = shop();
    let none = Synonyms::default();
    for typed in ["โซฟาสามที่นั่ง", "three seat sofa", "sofa ๓", "សាឡុងបីកន្លែងអង្គុយ"]
    {
        let found = index.find_keyword(typed, &none);
        assert_eq!(codes(&index, &found)[0], "SF-3", "{typed}");
    }
}

#[test]
fn split_and_joined_words_meet() {
    let index = shop();
    let none = Synonyms::default();
    let found = index.find_keyword("book shelf", &none);
    assert_eq!(codes(&index, &found), ["ST-2"]);
    let found = index.find_keyword("sofabed", &none);
    assert_eq!(codes(&index, &found)[0], "SF-4");
    assert!(found.unmatched.is_empty(), "sofa and bed both held");
    let found = index.find_keyword("ตู้ เสื้อผ้า", &none);
    assert_eq!(codes(&index, &found), ["ST-1"]);
}

#[test]
fn the_other_layout_wins_over_a_weak_prefix_match() {
    let index = shop();
    let none = Synonyms::default();
    // "ri" prefixes "rin" (a dressing table), but "ri," is พรม typed with the US layout on.
    assert!(!index.matches("ri,", Options::PLAIN).is_empty());
    let found = index.find_keyword("ri,", &none);
    assert_eq!(found.corrected.as_deref(), Some("พรม"));
    assert_eq!(codes(&index, &found), ["RG-1"]);
    let found = index.find_keyword("rin", &none);
    assert_eq!(found.corrected, None, "a known word is not swapped");
}
