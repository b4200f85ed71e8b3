//! The staff order desk and dashboard on a shop with 100 000 orders (issue 11 budgets: one
//! desk page of 50 under any filter p99 ≤ 20 ms in-process; a 30-day sales summary ≤ 20 ms).
//! Run with `cargo bench --bench desk`.
//!
//! Orders are written the way placement writes them (the order row, its status and search
//! term indexes, its day's sales totals), 10 000 per transaction, spread over 120 days with
//! a mix of statuses, payment methods, channels and customer names. Then each query runs 300
//! times; p50 and p99 are printed.

use std::time::{Duration, Instant};

use kiosk::accounts::model::Address;
use kiosk::domain::{Coins, OrderId, Satang, UserId};
use kiosk::i18n::Locale;
use kiosk::orders::desk::{self, OrderFilter};
use kiosk::orders::model::{Order, OrderLine, Payment, PaymentMethod, Status, StatusChange};
use kiosk::orders::sales;
use kiosk::orders::store::ORDER_ID_TO_ORDER;
use kiosk::pricing::Quote;
use kiosk::store::{Store, StoreError};

const ORDERS: u64 = 100_000;
const DAYS: u64 = 120;
const RUNS: usize = 300;
const NAMES: [&str; 8] = [
    "Somchai Jaidee",
    "Nok Srisuk",
    "Ploy Chaiyaporn",
    "Anan Wongsa",
    "Siti Rahman",
    "Dara Sok",
    "Budi Santoso",
    "Malee Thongdee",
];

fn order(id: u64, now_ms: u64) -> Order {
    let statuses = [
        Status::Delivered,
        Status::Delivered,
        Status::Delivered,
        Status::Shipped,
        Status::Preparing,
        Status::Paid,
        Status::PendingPayment,
        Status::Cancelled,
    ];
    let status = statuses[(id % 8) as usize];
    let created_at = now_ms - DAYS * 86_400_000 + id * (DAYS * 86_400_000 / ORDERS);
    let total = Satang(100_000 + (id % 50) as i64 * 10_000);
    Order {
        id: OrderId(id),
        number: Order::number_for(OrderId(id)),
        user_id: UserId(1 + id % 5_000),
        status,
        created_at,
        lang: Locale::Th,
        lines: vec![OrderLine {
            code: format!("SF-{}", 1000 + id % 144),
            product_code: None,
            name: Default::default(),
            choice: None,
            qty: 1 + (id % 3) as u32,
            unit_price: total,
            discount: Satang::ZERO,
            image: None,
        }],
        item_count: 1,
        quote: Quote {
            subtotal: total,
            total,
            ..Quote::default()
        },
        total,
        coupon: None,
        coins_used: Coins::ZERO,
        address: Address {
            name: format!("{} {id}", NAMES[(id % 8) as usize]),
            phone: format!("08{:08}", id * 7919 % 100_000_000),
            line1: "99 Sukhumvit".into(),
            district: "Khlong Toei".into(),
            province: "bangkok".into(),
            postcode: "10110".into(),
        },
        vat_info: None,
        payment: Payment {
            method: if id.is_multiple_of(3) {
                PaymentMethod::BankTransfer
            } else {
                PaymentMethod::Promptpay
            },
            promptpay_id: None,
            promptpay_payload: None,
            bank: None,
            ..Payment::default()
        },
        history: vec![StatusChange {
            status,
            at: created_at,
        }],
        review: None,
        coins_earned: Coins::ZERO,
        kcard: if id.is_multiple_of(5) {
            "kiosk-1".into()
        } else {
            String::new()
        },
        shipment: None,
        payment_reference: None,
        cancel_reason: None,
        notes: Vec::new(),
        email: String::new(),
        documents: Default::default(),
        contact: None,
    }
}

fn percentiles(mut samples: Vec<Duration>) -> (Duration, Duration) {
    samples.sort();
    let at = |q: f64| samples[((samples.len() as f64 - 1.0) * q) as usize];
    (at(0.50), at(0.99))
}

fn main() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    let now_ms = kiosk::activity::now_millis();
    let started = Instant::now();
    for batch in (1..=ORDERS).collect::<Vec<_>>().chunks(10_000) {
        store
            .write(|txn| {
                for &id in batch {
                    let order = order(id, now_ms);
                    ORDER_ID_TO_ORDER.write(txn)?.put(id, &order)?;
                    desk::index_new(txn, &order)?;
                    if order.status != Status::Cancelled {
                        sales::record(txn, &order, true)?;
                    }
                }
                Ok::<(), StoreError>(())
            })
            .unwrap();
    }
    println!(
        "wrote {ORDERS} orders with indexes and daily totals in {:.1?} ({} MiB file)",
        started.elapsed(),
        std::fs::metadata(store.path()).unwrap().len() >> 20
    );

    let today = sales::day_of(now_ms);
    let week_ago = today - time::Duration::days(7);
    let filters: Vec<(&str, OrderFilter)> = vec![
        ("no filter", OrderFilter::default()),
        (
            "status=paid",
            OrderFilter {
                status: Some(Status::Paid),
                ..OrderFilter::default()
            },
        ),
        (
            "status=cancelled, bank transfer",
            OrderFilter {
                status: Some(Status::Cancelled),
                payment: Some(PaymentMethod::BankTransfer),
                ..OrderFilter::default()
            },
        ),
        (
            "last 7 days, kiosk-1",
            OrderFilter {
                from: Some(week_ago),
                kcard: Some("kiosk-1".into()),
                ..OrderFilter::default()
            },
        ),
        (
            "q=somchai (a name word)",
            OrderFilter {
                q: Some("somchai".into()),
                ..OrderFilter::default()
            },
        ),
        (
            "q=K0500 (number prefix)",
            OrderFilter {
                q: Some("k0500".into()),
                ..OrderFilter::default()
            },
        ),
        (
            "q=0812 (phone prefix)",
            OrderFilter {
                q: Some("0812".into()),
                ..OrderFilter::default()
            },
        ),
        (
            "delivered, 90 to 60 days ago",
            OrderFilter {
                status: Some(Status::Delivered),
                from: Some(today - time::Duration::days(90)),
                to: Some(today - time::Duration::days(60)),
                ..OrderFilter::default()
            },
        ),
    ];
    for (name, filter) in &filters {
        let mut samples = Vec::with_capacity(RUNS);
        let mut found = 0;
        for _ in 0..RUNS {
            let t = Instant::now();
            let page = desk::list(&store, filter, 50, None).unwrap();
            samples.push(t.elapsed());
            found = page.orders.len();
        }
        let (p50, p99) = percentiles(samples);
        println!("desk page of 50, {name:<34} {found:>3} orders  p50 {p50:>9.2?}  p99 {p99:>9.2?}");
    }
    let mut samples = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let t = Instant::now();
        let days = sales::days(&store, today - time::Duration::days(29), today).unwrap();
        assert_eq!(days.len(), 30);
        samples.push(t.elapsed());
    }
    let (p50, p99) = percentiles(samples);
    println!(
        "sales totals for 30 days                              p50 {p50:>9.2?}  p99 {p99:>9.2?}"
    );
}
