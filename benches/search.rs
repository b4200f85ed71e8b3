//! Search benchmark (docs/PERFORMANCE.md: p99 ≤ 2 ms on 100 000 products). Run with
//! `cargo bench --bench search`. Generates 100 000 products with names and descriptions in all
//! five languages, rooms, categories, materials, colours and prices, builds the index, and
//! times Thai, Khmer, Latin, code, synonym, typo and wrong-layout queries one by one as the
//! shop answers them (built-in synonyms, typo tolerance, the rescue of a query that finds
//! too little, facet counts, the best 24), reporting p50/p99, the build time and the memory
//! the index takes. The slowest first run of a query is reported apart: it makes the synonym
//! phrase lists that later queries reuse. `SEARCH_BENCH_QUERIES=1` adds each query's p50 by
//! phase. Each product is sold in four variants (two colours × two sizes, docs/VARIANTS.md):
//! their codes and option value texts are searched and their keys counted as facets.

use std::time::{Duration, Instant};

use kiosk::search::facets::{Facet, FacetDoc, Filter};
use kiosk::search::index::{SearchDoc, SearchIndex};
use kiosk::search::synonyms::Synonyms;

const PRODUCTS: usize = 100_000;

const EN: &[&str] = &[
    "sofa", "chair", "table", "bed", "wardrobe", "shelf", "desk", "stool", "cabinet", "lamp",
    "teak", "oak", "grey", "white", "velvet", "linen", "corner", "dining", "office", "outdoor",
    "nordic", "lanna", "modern", "classic", "storage", "coffee", "side", "bunk", "king", "queen",
];
const TH: &[&str] = &[
    "โซฟา",
    "เก้าอี้",
    "โต๊ะ",
    "เตียง",
    "ตู้เสื้อผ้า",
    "ชั้นวาง",
    "ไม้สัก",
    "ไม้โอ๊ค",
    "สีเทา",
    "สีขาว",
    "ผ้ากำมะหยี่",
    "ผ้าลินิน",
    "เข้ามุม",
    "รับประทานอาหาร",
    "สำนักงาน",
    "กลางแจ้ง",
    "ทันสมัย",
    "คลาสสิก",
    "เก็บของ",
    "กาแฟ",
    "สองชั้น",
    "ห้องนั่งเล่น",
    "ห้องนอน",
];
const KM: &[&str] = &[
    "កៅអី",
    "តុ",
    "គ្រែ",
    "សាឡុង",
    "ទូ",
    "ធ្នើ",
    "ឈើ",
    "ពណ៌ប្រផេះ",
    "ពណ៌ស",
    "ទំនើប",
    "បន្ទប់គេង",
    "ផ្ទះបាយ",
];
const MS: &[&str] = &[
    "kerusi", "meja", "katil", "almari", "rak", "sofa", "kayu", "kelabu", "putih", "moden",
    "bilik", "tidur",
];
const ID: &[&str] = &[
    "kursi", "meja", "tempat", "tidur", "lemari", "rak", "sofa", "kayu", "abu-abu", "putih",
    "modern", "kamar",
];
const PREFIXES: &[&str] = &["SF", "CH", "TB", "BD", "ST", "DK", "OD", "DC"];
const ROOMS: &[&str] = &[
    "living", "bedroom", "dining", "kitchen", "office", "outdoor", "kids",
];
const CATEGORIES: &[&str] = &[
    "sofas",
    "beds",
    "tables",
    "chairs",
    "storage",
    "desks",
    "outdoor",
    "decor",
    "lighting",
    "rugs",
    "mirrors",
    "wardrobes",
];
const MATERIALS: &[&str] = &[
    "teak", "oak", "pine", "rattan", "fabric", "leather", "metal",
];
const COLOURS: &[&str] = &[
    "grey", "white", "black", "natural", "brown", "blue", "green",
];

/// A small deterministic generator, so runs compare.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 as usize
    }
    fn pick<'a>(&mut self, words: &[&'a str]) -> &'a str {
        words[self.next() % words.len()]
    }
    fn phrase(&mut self, words: &[&str], n: usize, separator: &str) -> String {
        (0..n)
            .map(|_| self.pick(words).to_string())
            .collect::<Vec<_>>()
            .join(separator)
    }
}

/// Colour and size values in the five languages, with their facet keys.
const COLOUR_VALUES: &[(&str, [&str; 5])] = &[
    ("grey", ["Grey", "เทา", "Kelabu", "ប្រផេះ", "Abu-abu"]),
    ("white", ["White", "ขาว", "Putih", "ស", "Putih"]),
    ("green", ["Green", "เขียว", "Hijau", "បៃតង", "Hijau"]),
    ("beige", ["Sand", "ทราย", "Pasir", "ខ្សាច់", "Pasir"]),
];
const SIZE_VALUES: &[(&str, [&str; 5])] = &[
    ("5-ft", ["5 ft", "5 ฟุต", "5 kaki", "5 ហ្វីត", "5 kaki"]),
    ("6-ft", ["6 ft", "6 ฟุต", "6 kaki", "6 ហ្វីត", "6 kaki"]),
    ("2-seats", ["2 seats", "2 ที่นั่ง", "2 tempat duduk", "2 កៅអី", "2 kursi"]),
];

struct Generated {
    code: String,
    variant_codes: Vec<String>,
    option_values: Vec<&'static str>,
    variant_keys: Vec<(Facet, &'static str)>,
    names: [String; 5],
    descriptions: [String; 5],
    popularity: u32,
    rooms: Vec<String>,
    categories: Vec<String>,
    material: String,
    colour: String,
    price: i64,
}

fn rss_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .unwrap_or(0)
        * 4096
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn main() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let products: Vec<Generated> = (0..PRODUCTS)
        .map(|n| {
            // Two distinct colours and sizes, varying with the product.
            let colours = [n % 4, (n + 1 + (n / 4) % 3) % 4];
            let sizes = [n % 3, (n + 1) % 3];
            let values: Vec<&(&str, [&str; 5])> = colours
                .iter()
                .map(|&c| &COLOUR_VALUES[c])
                .chain(sizes.iter().map(|&s| &SIZE_VALUES[s]))
                .collect();
            (n, colours, sizes, values)
        })
        .map(|(n, colours, sizes, values)| Generated {
            code: format!("{}-{:05}", PREFIXES[n % PREFIXES.len()], n),
            variant_codes: (0..4)
                .map(|v| format!("{}-{:05}-{v}", PREFIXES[n % PREFIXES.len()], n))
                .collect(),
            option_values: values.iter().flat_map(|(_, texts)| texts.iter().copied()).collect(),
            variant_keys: colours
                .iter()
                .map(|&c| (Facet::Colour, COLOUR_VALUES[c].0))
                .chain(sizes.iter().map(|&s| (Facet::Size, SIZE_VALUES[s].0)))
                .collect(),
            // Thai and Khmer are written without spaces between words.
            names: [
                rng.phrase(EN, 3, " "),
                rng.phrase(TH, 3, ""),
                rng.phrase(MS, 3, " "),
                rng.phrase(KM, 3, ""),
                rng.phrase(ID, 3, " "),
            ],
            descriptions: [
                rng.phrase(EN, 14, " "),
                rng.phrase(TH, 12, ""),
                rng.phrase(MS, 12, " "),
                rng.phrase(KM, 10, ""),
                rng.phrase(ID, 12, " "),
            ],
            popularity: (n % 100) as u32,
            rooms: vec![rng.pick(ROOMS).to_string(), rng.pick(ROOMS).to_string()],
            categories: vec![rng.pick(CATEGORIES).to_string()],
            material: rng.pick(MATERIALS).to_string(),
            colour: rng.pick(COLOURS).to_string(),
            price: 100_000 + (rng.next() % 9_900_000) as i64,
        })
        .collect();

    let before = rss_bytes();
    let started = Instant::now();
    let index = SearchIndex::build(products.iter().map(|p| SearchDoc {
        code: &p.code,
        names: vec![&p.names[0]],
        head_first_names: p.names[1..].iter().map(String::as_str).collect(),
        descriptions: p.descriptions.iter().map(String::as_str).collect(),
        option_values: p.option_values.clone(),
        option_names: vec!["Colour", "สี", "Warna", "ពណ៌", "Warna", "Size", "ขนาด", "Saiz"],
        variant_codes: p.variant_codes.iter().map(String::as_str).collect(),
        popularity: p.popularity,
        active: true,
        facets: FacetDoc {
            rooms: &p.rooms,
            categories: &p.categories,
            material: &p.material,
            colour: &p.colour,
            variant_keys: p.variant_keys.clone(),
            price: p.price,
        },
    }));
    let synonyms = Synonyms::built_in();
    let teak = vec!["teak".to_string()];
    let build = started.elapsed();
    let memory = rss_bytes().saturating_sub(before);
    println!(
        "indexed {} products in {build:.2?}; the index takes about {:.0} MiB",
        index.len(),
        memory as f64 / 1048576.0
    );

    let query_sets: [(&str, &[&str]); 7] = [
        (
            "Thai",
            &["โซฟา", "เก้าอี้ไม้สัก", "โต๊ะกาแฟ", "เตียงสองชั้น", "ตู้", "สีเทา", "โซฟาสีเทา"],
        ),
        ("Khmer", &["កៅអី", "តុឈើ", "គ្រែ"]),
        (
            "Latin",
            &[
                "sofa",
                "Teak Chair",
                "sof",
                "grey velvet sofa",
                "nordic",
                "mejá",
                "kursi kayu",
                "xyzzy",
                "grey sofa",
                "katil 6 kaki",
            ],
        ),
        ("code", &["#SF-1", "CH-000", "TB-12345", "DK", "SF-00012-3"]),
        (
            "synonym",
            &[
                "couch",
                "โต๊ะกินข้าว",
                "closet",
                "almari baju",
                "dining table",
                "ตู้เสื้อผ้า",
            ],
        ),
        (
            "typo",
            &["wadrobe", "chiar", "sofe", "kursii kayu", "cabniet"],
        ),
        ("layout", &["หนดฟ", "ไฟพกพนิำ", "F:ak", "ะฟิสำ"]),
    ];
    // Where the time of word queries goes: reading and matching, facet counts, the best 24.
    let mut phases = [Duration::ZERO; 3];
    let mut per_query: Vec<(String, Vec<[Duration; 3]>)> = Vec::new();
    for (name, queries) in query_sets {
        let mut times = Vec::new();
        let mut first_runs = Vec::new();
        let mut hits = 0;
        for round in 0..300 {
            for query in queries {
                let started = Instant::now();
                // As the API asks: the first page of 24 and the total.
                let found = if query.starts_with('#') || name == "code" {
                    index.search_code(query).len()
                } else {
                    // As the search endpoint does: find (with rescue), facets, the best 24;
                    // every other query also filters by a material.
                    let (mut hits, _) = index.find(query, &synonyms);
                    let matched = started.elapsed();
                    let filter = Filter {
                        materials: if times.len() % 2 == 0 { &teak } else { &[] },
                        ..Filter::default()
                    };
                    let facets = index.refine(&mut hits, &filter);
                    let refined = started.elapsed();
                    index.best_first(&mut hits, 24);
                    match per_query.iter_mut().find(|(q, _)| q == query) {
                        Some((_, v)) => {
                            v.push([matched, refined - matched, started.elapsed() - refined])
                        }
                        None => per_query.push((
                            query.to_string(),
                            vec![[matched, refined - matched, started.elapsed() - refined]],
                        )),
                    }
                    phases[0] += matched;
                    phases[1] += refined - matched;
                    phases[2] += started.elapsed() - refined;
                    std::hint::black_box(&facets);
                    hits.len()
                };
                times.push(started.elapsed());
                if round == 0 {
                    first_runs.push(started.elapsed());
                }
                hits += found;
            }
        }
        times.sort();
        println!(
            "{name:<5} queries: p50 {:.3?}  p99 {:.3?}  max {:.3?}  ({} queries, {} hits on average; slowest first run {:.3?})",
            percentile(&times, 0.50),
            percentile(&times, 0.99),
            times[times.len() - 1],
            times.len(),
            hits / times.len(),
            first_runs.iter().max().copied().unwrap_or_default(),
        );
    }
    if std::env::var_os("SEARCH_BENCH_QUERIES").is_some() {
        for (query, mut runs) in per_query {
            runs.sort_by_key(|r| r.iter().sum::<Duration>());
            let m = runs[runs.len() / 2];
            println!(
                "  {query:<20} p50 match {:>8.3?} facets {:>8.3?} rank {:>8.3?}",
                m[0], m[1], m[2]
            );
        }
    }
    let all: Duration = phases.iter().sum();
    println!(
        "word queries spend {:.0}% matching, {:.0}% filtering and counting facets, {:.0}% ranking the page",
        phases[0].as_secs_f64() * 100.0 / all.as_secs_f64(),
        phases[1].as_secs_f64() * 100.0 / all.as_secs_f64(),
        phases[2].as_secs_f64() * 100.0 / all.as_secs_f64()
    );
}
