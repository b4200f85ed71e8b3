//! Money documents and the e-catalogue (issue 14 budgets): the time to render a receipt and a
//! full tax invoice for a Thai order (goal ≤ 50 ms each), the time and stored size of the
//! print frozen in the payment's transaction, and an e-catalogue of 1 000 products with
//! photos (goal ≤ 5 s, made in the background). Run with `cargo bench --bench documents`.

use std::time::{Duration, Instant};

use kiosk::catalog::cache::CatalogCache;
use kiosk::config::Config;
use kiosk::documents::catalogue::LiveCatalogues;
use kiosk::documents::{DocumentKind, Issuer, compose, draw};
use kiosk::i18n::Locale;
use kiosk::orders::model::{IssuedDocument, Order};
use kiosk::store::Store;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn thai_order() -> Order {
    let lines: Vec<serde_json::Value> = (0..6)
        .map(|i| {
            serde_json::json!({"code": format!("SF-10{i:02}"),
                "name": {"en": "Teak sofa", "th": "โซฟาผ้ากำมะหยี่สามที่นั่งพร้อมเบาะรองนั่งนุ่มพิเศษ", "my": "Sofa", "km": "សាឡុង", "id": "Sofa"},
                "qty": 1 + i % 2, "unitPrice": 1_290_000, "discount": 0})
        })
        .collect();
    let mut order: Order = serde_json::from_value(serde_json::json!({
        "id": 123, "number": "K000123", "userId": 2, "status": "paid", "createdAt": 1_764_000_000_000u64,
        "lang": "th", "lines": lines, "itemCount": 9,
        "quote": {"subtotal": 11_610_000, "promotionDiscount": 0, "couponDiscount": 0, "coins": 0, "shipping": 0, "vat": 759_533, "total": 11_610_000, "lineDiscounts": [0, 0, 0, 0, 0, 0]},
        "total": 11_610_000, "coupon": null, "coinsUsed": 0,
        "address": {"name": "มาลี ใจดี", "phone": "0812345678", "line1": "99/1 ซอยสุขุมวิท 31", "district": "คลองเตยเหนือ", "province": "bangkok", "postcode": "10110"},
        "vatInfo": {"name": "บริษัท สยามเฟอร์นิเจอร์ จำกัด", "taxId": "0105561234561", "branch": "00001", "address": "88 ถนนพระราม 4 แขวงคลองเตย เขตคลองเตย กรุงเทพฯ 10110"},
        "payment": {"method": "promptpay"},
        "history": [{"status": "pending_payment", "at": 1_764_000_000_000u64}, {"status": "paid", "at": 1_764_003_600_000u64}],
        "review": null
    }))
    .unwrap();
    order.documents.tax_invoice = Some(IssuedDocument {
        number: "INV-000042".into(),
        issued_at: 1_764_003_600_000,
    });
    order
}

fn timed(what: &str, runs: usize, mut work: impl FnMut() -> usize) {
    let mut samples: Vec<Duration> = Vec::with_capacity(runs);
    let mut bytes = 0;
    for _ in 0..runs {
        let started = Instant::now();
        bytes = work();
        samples.push(started.elapsed());
    }
    samples.sort();
    println!(
        "{what}: p50 {:?}, p99 {:?} over {runs} runs ({bytes} bytes)",
        samples[runs / 2],
        samples[(runs * 99 / 100).min(runs - 1)]
    );
}

fn main() {
    let order = thai_order();
    let issuer = Issuer::from_config(&Config::default());
    let texts = kiosk::content::words::Texts::shipped();
    for (name, kind) in [
        ("receipt", DocumentKind::Receipt),
        ("full tax invoice", DocumentKind::TaxInvoice),
    ] {
        // Composing is what the payment's transaction does; drawing is what each download does.
        timed(&format!("{name} print (Thai, 6 lines), JSON"), 200, || {
            serde_json::to_vec(&compose(&order, &issuer, kind, &texts).unwrap())
                .unwrap()
                .len()
        });
        let print = compose(&order, &issuer, kind, &texts).unwrap();
        timed(&format!("{name} drawn (Thai, 6 lines), PDF"), 200, || {
            draw(&print).unwrap().len()
        });
    }

    // A catalogue of 1 000 products: the demo products copied under new codes.
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    kiosk::catalog::store::seed_demo(&store).unwrap();
    let demo = kiosk::catalog::store::load_products(&store).unwrap();
    let mut products = Vec::new();
    for n in 0..1000 {
        let mut product = demo[n % demo.len()].clone();
        product.code = format!("BENCH-{n:04}");
        product.active = true;
        products.push(product);
    }
    kiosk::catalog::store::upsert_products(&store, &products).unwrap();
    let cache = CatalogCache::load(&store).unwrap();
    let snapshot = cache.current();
    let active = snapshot.products.iter().filter(|p| p.active).count();
    let files = dir.path().join("files");
    let originals = |path: &str| kiosk::handlers::images::read_original_blocking(&files, path);
    let shipped = kiosk::content::words::Texts::shipped();
    let words = kiosk::documents::catalogue::CatalogueWords::from_words(&shipped.words(Locale::Th));
    for round in ["first (photos reduced)", "again (photos cached)"] {
        let live = LiveCatalogues::default();
        if round.starts_with("again") {
            live.build(&snapshot, Locale::Th, &words, "Kiosk", &originals)
                .unwrap();
        }
        let started = Instant::now();
        let built = live
            .build(&snapshot, Locale::Th, &words, "Kiosk", &originals)
            .unwrap();
        println!(
            "e-catalogue, {active} products, Thai, {round}: {:?}, {} bytes",
            started.elapsed(),
            built.bytes.len()
        );
    }
}
