//! Backup benchmark (docs/PERFORMANCE.md: 100 000 products + 100 000 orders backed up in ≤ 5 s
//! while serving). Run with `cargo bench --bench backup`.
//!
//! 100 000 products (~1.2 KiB, five languages) go into the product table and 100 000
//! order-sized documents (~0.7 KiB) into the order table. While the backup runs, a writer keeps
//! committing durable transactions, as shoppers would.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use kiosk::catalog::store::PRODUCT_CODE_TO_PRODUCT;
use kiosk::orders::store::ORDER_ID_TO_ORDER;
use kiosk::store::Store;
use kiosk::store::backup::write_backup;

const PRODUCTS: u64 = 100_000;
const ORDERS: u64 = 100_000;
const BATCH: u64 = 5_000;

fn product(n: u64) -> String {
    let text = "Solid teak frame, removable linen covers, deep seat for long evenings. ";
    format!(
        r#"{{"code":"SF-{n:06}","name":{{"en":"Sofa {n}","th":"โซฟา {n}","my":"Sofa {n}","km":"សាឡុង {n}","id":"Sofa {n}"}},"description":{{"en":"{t}","th":"{t}","my":"{t}","km":"{t}","id":"{t}"}},"price":{},"stock":{},"rooms":["living"],"categories":["sofas-3-seat"],"dimensions":{{"width":2100,"depth":900,"height":850}}}}"#,
        1_290_000 + n,
        n % 40,
        t = text.repeat(2)
    )
}

fn order(n: u64) -> String {
    format!(
        r#"{{"id":{n},"number":"K{n:08}","status":"delivered","lines":[{{"code":"SF-{:06}","qty":1,"unitPrice":1290000}},{{"code":"CH-{:06}","qty":2,"unitPrice":249000}}],"quote":{{"subtotal":1788000,"shipping":0,"vat":116972,"total":1788000}},"address":{{"name":"Somchai","phone":"0812345678","line1":"99/9 Sukhumvit Road","district":"Khlong Toei","province":"bangkok","postcode":"10110"}}}}"#,
        n % PRODUCTS,
        (n * 7) % PRODUCTS
    )
}

fn main() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(dir.path()).expect("store");
    let filled = Instant::now();
    for start in (0..PRODUCTS).step_by(BATCH as usize) {
        let txn = store.db().unwrap().begin_write().unwrap();
        {
            let mut table = txn
                .open_table(PRODUCT_CODE_TO_PRODUCT.definition())
                .unwrap();
            for n in start..start + BATCH {
                table
                    .insert(format!("SF-{n:06}").as_str(), product(n).as_bytes())
                    .unwrap();
            }
        }
        txn.commit().unwrap();
    }
    for start in (0..ORDERS).step_by(BATCH as usize) {
        let txn = store.db().unwrap().begin_write().unwrap();
        {
            let mut table = txn.open_table(ORDER_ID_TO_ORDER.definition()).unwrap();
            for n in start..start + BATCH {
                table.insert(1 + n, order(n).as_bytes()).unwrap();
            }
        }
        txn.commit().unwrap();
    }
    let db_bytes = std::fs::metadata(store.path()).unwrap().len();
    println!(
        "filled {PRODUCTS} products + {ORDERS} order-sized rows in {:.2?}; kiosk.redb = {:.1} MiB",
        filled.elapsed(),
        db_bytes as f64 / 1048576.0
    );

    // A shopper-like writer: one durable commit after another while the backup runs.
    let stop = Arc::new(AtomicBool::new(false));
    let commits = Arc::new(AtomicU64::new(0));
    let writer = {
        let (store, stop, commits) = (store.clone(), stop.clone(), commits.clone());
        std::thread::spawn(move || {
            let mut n = 0u64;
            while !stop.load(Ordering::Relaxed) {
                let txn = store.db().unwrap().begin_write().unwrap();
                txn.open_table(ORDER_ID_TO_ORDER.definition())
                    .unwrap()
                    .insert(10_000_000 + n, order(n).as_bytes())
                    .unwrap();
                txn.commit().unwrap();
                n += 1;
                commits.fetch_add(1, Ordering::Relaxed);
            }
        })
    };

    let out = tempfile::tempdir().expect("temp dir");
    for run in 1..=3 {
        let before = commits.load(Ordering::Relaxed);
        let report = write_backup(
            &store,
            &dir.path().join("files"),
            &out.path().join(format!("bench-{run}.tar")),
        )
        .expect("backup");
        let during = commits.load(Ordering::Relaxed) - before;
        println!(
            "backup {run}: {} rows, {:.1} MiB in {} ms; {during} durable writes committed meanwhile",
            report.rows,
            report.bytes as f64 / 1048576.0,
            report.millis
        );
    }
    stop.store(true, Ordering::Relaxed);
    writer.join().unwrap();
}
