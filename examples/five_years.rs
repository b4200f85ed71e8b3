//! Five years of a busy shop in one data folder (issue 36; docs/PERFORMANCE.md "Five years of
//! data"): 100 000 products, 300 000 customers, 1 000 000 orders over five years with their
//! status history, activity lines, sent outbox messages, stock and coin ledgers, reviews, and
//! 2 000 000 abandoned visitor carts — all times `SCALE`. Deterministic (a fixed seed): the
//! same scale gives the same shop.
//!
//!     cargo run --release --example five_years -- <data-dir> [SCALE=1] [--catalogue-only]
//!
//! `--catalogue-only` writes the same products and the owner but no history: the shop the
//! side-by-side measurement compares with (tests/load/five-years.sh).
//!
//! Rows are written through the shop's own tables and the functions placement and moves use
//! for their indexes and totals (`orders::desk::index_new`, `orders::sales::record`,
//! `record_payment`, `record_refund`, `catalog::store::upsert_products`, `next_id` for every
//! sequence), in transactions of a few thousand rows, so the file is what the shop itself
//! would have written — only faster than five years of HTTP. The owner `owner5y` (password
//! `teak-sofa-42-five-years`, role admin) signs in for the measurements; customer `bigbuyer`
//! has 500 orders. At the end the size of every table is printed.

use std::collections::BTreeMap;
use std::time::Instant;

use kiosk::accounts::model::{Address, Provider, Role, User};
use kiosk::accounts::store::{USER_ID_TO_USER, USERNAME_TO_USER_ID};
use kiosk::activity::{LOG_TIME_TO_LINE, LogLine};
use kiosk::cart::model::{Cart, CartLine};
use kiosk::cart::store::CART_OWNER_TO_CART;
use kiosk::catalog::model::Product;
use kiosk::catalog::stock_ledger::{STOCK_LEDGER, StockEntry};
use kiosk::domain::{Coins, OrderId, Satang, UserId};
use kiosk::i18n::Locale;
use kiosk::orders::desk;
use kiosk::orders::model::{
    Order, OrderLine, Payment, PaymentMethod, PaymentStatus, Review, Status, StatusChange,
};
use kiosk::orders::sales;
use kiosk::orders::store::{ORDER_ID_TO_ORDER, ORDER_USER_TO_ORDER};
use kiosk::outbox::{
    Audience, Channel, Event, Message, MessageStatus, OUTBOX_ID_TO_MESSAGE, OUTBOX_KEY_TO_ID,
    OUTBOX_ORDER_TO_ID,
};
use kiosk::pricing::Quote;
use kiosk::store::{Store, StoreError, next_id};
use redb::{ReadableDatabase, ReadableTableMetadata, TableHandle};

const DAY_MS: u64 = 86_400_000;
const YEARS_MS: u64 = 5 * 365 * DAY_MS;
/// Rows per write transaction.
const CHUNK: u64 = 5_000;
pub const OWNER: &str = "owner5y";
pub const OWNER_PASSWORD: &str = "teak-sofa-42-five-years";
const BIG_BUYER_ORDERS: u64 = 500;

/// splitmix64: small, fast and the same everywhere.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

const FIRST: [&str; 12] = [
    "Somchai", "Nok", "Ploy", "Anan", "Siti", "Dara", "Budi", "Malee", "Kittisak", "Pim", "Aung",
    "Chanthou",
];
const LAST: [&str; 10] = [
    "Jaidee",
    "Srisuk",
    "Chaiyaporn",
    "Wongsa",
    "Rahman",
    "Sok",
    "Santoso",
    "Thongdee",
    "Boonmee",
    "Saetang",
];

fn scaled(n: u64, scale: f64) -> u64 {
    ((n as f64 * scale).round() as u64).max(1)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let catalogue_only = args.iter().any(|a| a == "--catalogue-only");
    let mut args = args.into_iter().filter(|a| !a.starts_with("--"));
    let dir = std::path::PathBuf::from(
        args.next()
            .expect("usage: five_years <data-dir> [SCALE] [--catalogue-only]"),
    );
    let scale: f64 = args
        .next()
        .map(|s| s.parse().expect("SCALE is a number"))
        .unwrap_or(1.0);
    let started = Instant::now();
    let store = Store::open(&dir).expect("the data folder opens");
    kiosk::catalog::store::seed_demo(&store).expect("the demo catalogue");
    let now = kiosk::activity::now_millis();
    let mut rng = Rng(0x5eed_2026);

    let codes = products(&store, scaled(100_000, scale));
    println!("products: {} in {:.1?}", codes.len(), started.elapsed());
    // The products the measurement buys: plenty of stock, so no order is refused.
    // Products sold without options, so a cart takes them by their code.
    let mut plenty = Vec::new();
    for code in codes.iter().rev() {
        if plenty.len() == 20 {
            break;
        }
        if let Some(mut p) = kiosk::catalog::store::load_product(&store, code).unwrap()
            && p.options.is_empty()
            && p.active
        {
            p.stock = 1_000_000;
            for variant in &mut p.variants {
                variant.stock = 1_000_000;
            }
            plenty.push(p);
        }
    }
    let sample: Vec<String> = plenty.iter().map(|p| p.code.clone()).collect();
    kiosk::catalog::store::upsert_products(&store, &plenty).unwrap();
    println!("sample products: {}", sample.join(","));
    if catalogue_only {
        // The shoppers the measurement signs in as (bigbuyer, shopper1…7), nothing else.
        users(&store, 8, &mut rng, now);
        print_sizes(&store);
        println!("catalogue only, written in {:.1?}", started.elapsed());
        return;
    }
    let customers = scaled(300_000, scale);
    let (first_user, hash) = users(&store, customers, &mut rng, now);
    println!("customers: {customers} in {:.1?}", started.elapsed());
    let coins = orders(
        &store,
        scaled(1_000_000, scale),
        first_user,
        customers,
        &codes,
        &mut rng,
        now,
    );
    settle_coins(&store, &coins);
    println!("orders: done in {:.1?}", started.elapsed());
    carts(&store, scaled(2_000_000, scale), &codes, &mut rng, now);
    println!("visitor carts: done in {:.1?}", started.elapsed());
    drop(hash);
    print_sizes(&store);
    println!(
        "five years at scale {scale} written in {:.1?}",
        started.elapsed()
    );
}

/// The demo products repeated with new codes, names and prices until there are `n`.
fn products(store: &Store, n: u64) -> Vec<String> {
    let demo = kiosk::catalog::store::load_products(store).unwrap();
    let mut codes: Vec<String> = demo.iter().map(|p| p.code.clone()).collect();
    let want = n.saturating_sub(demo.len() as u64);
    let mut batch: Vec<Product> = Vec::new();
    for i in 0..want {
        let base = &demo[(i as usize) % demo.len()];
        let mut p = base.clone();
        let prefix = base.code.split('-').next().unwrap_or("XX");
        p.code = format!("{prefix}-1{i:05}");
        // Variant codes carry their product's code (`SF-1001-GRY-3`): a copy gets its own.
        for variant in &mut p.variants {
            variant.code = variant.code.replacen(&base.code, &p.code, 1);
        }
        let series = format!(" S{}", i / demo.len() as u64);
        for name in [
            &mut p.name.en,
            &mut p.name.th,
            &mut p.name.my,
            &mut p.name.km,
            &mut p.name.id,
        ] {
            name.push_str(&series);
        }
        p.price = Satang(p.price.get() + (i % 50) as i64 * 10_000);
        p.stock = 20 + (i % 30) as u32;
        codes.push(p.code.clone());
        batch.push(p);
        if batch.len() as u64 == CHUNK {
            kiosk::catalog::store::upsert_products(store, &batch).unwrap();
            batch.clear();
        }
    }
    if !batch.is_empty() {
        kiosk::catalog::store::upsert_products(store, &batch).unwrap();
    }
    codes
}

fn user(id: UserId, username: String, name: String, role: Role, hash: &str, at: u64) -> User {
    let digits = 800_000_000 + id.get() * 7_919 % 100_000_000;
    User {
        id,
        username,
        name,
        email: format!("shopper{}@example.com", id.get()),
        phone: format!("0{digits}"),
        role,
        provider: Provider::Local,
        provider_subject: None,
        password_hash: Some(hash.to_string()),
        token_version: 0,
        coin: Coins::ZERO,
        add_info: Vec::new(),
        vat_info: None,
        created_at: (at / 1000) as i64,
        last_login_at: None,
        disabled: false,
        line_friend: false,
        line_updates_off: false,
        order_mail_off: false,
    }
}

/// The owner and `n` customers (the first is `bigbuyer`); one password hash shared by all,
/// made once (Argon2id costs tens of milliseconds each).
fn users(store: &Store, n: u64, rng: &mut Rng, now: u64) -> (u64, String) {
    let hash = kiosk::accounts::password::hash(OWNER_PASSWORD).unwrap();
    let start = now - YEARS_MS;
    let mut first = 0;
    store
        .write(|txn| {
            let id = UserId(next_id(txn, "user")?);
            let owner = user(
                id,
                OWNER.into(),
                "Owner".into(),
                Role::parse("admin").unwrap(),
                &hash,
                start,
            );
            USERNAME_TO_USER_ID.write(txn)?.put(OWNER, id.get())?;
            USER_ID_TO_USER.write(txn)?.put(id.get(), &owner)?;
            Ok::<(), StoreError>(())
        })
        .unwrap();
    let mut done = 0;
    while done < n {
        let upto = (done + CHUNK).min(n);
        store
            .write(|txn| {
                let mut names = USERNAME_TO_USER_ID.write(txn)?;
                let mut users = USER_ID_TO_USER.write(txn)?;
                for i in done..upto {
                    let id = UserId(next_id(txn, "user")?);
                    if i == 0 {
                        first = id.get();
                    }
                    let username = if i == 0 {
                        "bigbuyer".to_string()
                    } else {
                        format!("shopper{i}")
                    };
                    let name = format!(
                        "{} {}",
                        FIRST[rng.below(FIRST.len() as u64) as usize],
                        LAST[rng.below(LAST.len() as u64) as usize]
                    );
                    let at = start + i * (YEARS_MS / n.max(1));
                    let u = user(id, username.clone(), name, Role::user(), &hash, at);
                    names.put(username.as_str(), id.get())?;
                    users.put(id.get(), &u)?;
                }
                Ok::<(), StoreError>(())
            })
            .unwrap();
        done = upto;
    }
    (first, hash)
}

/// A status for an order placed `age` ago: old orders are settled, recent ones in flight.
fn status_for(rng: &mut Rng, age: u64) -> Status {
    let roll = rng.below(100);
    if age > 14 * DAY_MS {
        match roll {
            0..=84 => Status::Delivered,
            _ => Status::Cancelled,
        }
    } else if age > 2 * DAY_MS {
        match roll {
            0..=49 => Status::Delivered,
            50..=74 => Status::Shipped,
            75..=84 => Status::Preparing,
            85..=89 => Status::Paid,
            _ => Status::Cancelled,
        }
    } else {
        match roll {
            0..=29 => Status::PendingPayment,
            30..=59 => Status::Paid,
            60..=79 => Status::Preparing,
            80..=94 => Status::Shipped,
            _ => Status::Cancelled,
        }
    }
}

fn outbox_row(id: u64, order: &Order, event: Event, at: u64) -> Message {
    let key = format!("{}:{}:email:shopper", event.as_str(), order.id.get());
    Message {
        id,
        key,
        event,
        channel: Channel::Email,
        audience: Audience::Shopper,
        order_id: Some(order.id),
        user_id: Some(order.user_id),
        to: format!("shopper{}@example.com", order.user_id.get()),
        cc: None,
        lang: order.lang,
        note: None,
        nonce: None,
        status: MessageStatus::Sent,
        attempts: 1,
        created_at: at,
        next_at: at,
        sent_at: Some(at + 2_000),
        last_error: None,
    }
}

fn line_at(txn: &redb::WriteTransaction, line: LogLine) -> Result<(), StoreError> {
    let seq = next_id(txn, "activity_log")?;
    LOG_TIME_TO_LINE.write(txn)?.put((line.at, seq), &line)
}

fn log(at: u64, user: &str, action: &str, order: &Order) -> LogLine {
    LogLine {
        at,
        user: user.into(),
        action: action.into(),
        kcard: order.kcard.clone(),
        target: format!("order {}", order.number),
        details: String::new(),
        params: BTreeMap::from([
            ("items".to_string(), order.item_count.to_string()),
            ("totalSatang".to_string(), order.total.get().to_string()),
        ]),
    }
}

/// `n` orders over five years, oldest first, with their indexes, daily totals, activity lines,
/// sent messages, stock ledger lines and reviews. Answers the coins each customer earned.
#[allow(clippy::too_many_arguments)]
fn orders(
    store: &Store,
    n: u64,
    first_user: u64,
    customers: u64,
    codes: &[String],
    rng: &mut Rng,
    now: u64,
) -> BTreeMap<u64, i64> {
    let start = now - YEARS_MS;
    let step = YEARS_MS / n.max(1);
    let mut coins: BTreeMap<u64, i64> = BTreeMap::new();
    let big_every = (n / BIG_BUYER_ORDERS).max(1);
    let mut done = 0;
    while done < n {
        let upto = (done + CHUNK).min(n);
        store
            .write(|txn| {
                for i in done..upto {
                    let id = OrderId(next_id(txn, "order")?);
                    let created_at = start + i * step + rng.below(step.max(1));
                    let age = now.saturating_sub(created_at);
                    let guest = rng.chance(20);
                    let user_id = if i % big_every == 0 {
                        UserId(first_user)
                    } else if guest {
                        kiosk::orders::guest::GUEST
                    } else {
                        UserId(first_user + rng.below(customers))
                    };
                    let status = status_for(rng, age);
                    let mut lines = Vec::new();
                    for _ in 0..1 + rng.below(3) {
                        let code = &codes[rng.below(codes.len() as u64) as usize];
                        let price = Satang(150_000 + rng.below(40) as i64 * 25_000);
                        lines.push(OrderLine {
                            code: code.clone(),
                            product_code: None,
                            name: Default::default(),
                            choice: None,
                            qty: 1 + rng.below(2) as u32,
                            unit_price: price,
                            discount: Satang::ZERO,
                            image: None,
                        });
                    }
                    let subtotal: i64 = lines
                        .iter()
                        .map(|l| l.unit_price.get() * i64::from(l.qty))
                        .sum();
                    let total = Satang(subtotal);
                    let method = match rng.below(10) {
                        0..=5 => PaymentMethod::Promptpay,
                        6..=7 => PaymentMethod::BankTransfer,
                        _ => PaymentMethod::Card2c2p,
                    };
                    let first = FIRST[rng.below(FIRST.len() as u64) as usize];
                    let last = LAST[rng.below(LAST.len() as u64) as usize];
                    let mut history = vec![StatusChange {
                        status: Status::PendingPayment,
                        at: created_at,
                    }];
                    let path: &[Status] = match status {
                        Status::PendingPayment => &[],
                        Status::Paid => &[Status::Paid],
                        Status::Preparing => &[Status::Paid, Status::Preparing],
                        Status::Shipped => &[Status::Paid, Status::Preparing, Status::Shipped],
                        Status::Delivered => &[
                            Status::Paid,
                            Status::Preparing,
                            Status::Shipped,
                            Status::Delivered,
                        ],
                        Status::Cancelled => &[Status::Cancelled],
                    };
                    for (k, s) in path.iter().enumerate() {
                        history.push(StatusChange {
                            status: *s,
                            at: created_at + (k as u64 + 1) * (age / 8).min(DAY_MS),
                        });
                    }
                    let paid = !matches!(status, Status::PendingPayment | Status::Cancelled);
                    let refunded = status == Status::Cancelled && rng.chance(25);
                    let review = (status == Status::Delivered && rng.chance(30)).then(|| Review {
                        rating: 3 + rng.below(3) as u8,
                        comment: "Solid teak, arrived on time".into(),
                        at: created_at + 6 * DAY_MS.min(age),
                    });
                    let order = Order {
                        id,
                        number: Order::number_for(id),
                        user_id,
                        status,
                        created_at,
                        lang: [Locale::Th, Locale::Th, Locale::En, Locale::My, Locale::Id]
                            [rng.below(5) as usize],
                        item_count: lines.iter().map(|l| l.qty).sum(),
                        lines,
                        quote: Quote {
                            subtotal: total,
                            vat: Satang(subtotal * 7 / 107),
                            total,
                            ..Quote::default()
                        },
                        total,
                        coupon: None,
                        coins_used: Coins::ZERO,
                        address: Address {
                            name: format!("{first} {last}"),
                            phone: format!("08{:08}", rng.below(100_000_000)),
                            line1: format!("{} Sukhumvit Road", 1 + rng.below(400)),
                            district: "Khlong Toei".into(),
                            province: "bangkok".into(),
                            postcode: "10110".into(),
                        },
                        vat_info: None,
                        payment: Payment {
                            method,
                            status: if paid {
                                PaymentStatus::Paid
                            } else if refunded {
                                PaymentStatus::Refunded
                            } else {
                                PaymentStatus::Pending
                            },
                            refund_reference: refunded.then(|| format!("RF{}", id.get())),
                            ..Payment::default()
                        },
                        history,
                        review,
                        coins_earned: Coins::ZERO,
                        kcard: if rng.chance(10) {
                            "kiosk-1".into()
                        } else {
                            String::new()
                        },
                        shipment: None,
                        payment_reference: None,
                        cancel_reason: (status == Status::Cancelled)
                            .then(|| "changed my mind".into()),
                        notes: Vec::new(),
                        email: if guest {
                            format!("guest{}@example.com", id.get())
                        } else {
                            String::new()
                        },
                        documents: Default::default(),
                        contact: None,
                    };
                    ORDER_ID_TO_ORDER.write(txn)?.put(id.get(), &order)?;
                    desk::index_new(txn, &order)?;
                    if user_id != kiosk::orders::guest::GUEST {
                        ORDER_USER_TO_ORDER
                            .write(txn)?
                            .put((user_id.get(), id.get()), [].as_slice())?;
                    }
                    if status != Status::Cancelled {
                        sales::record(txn, &order, true)?;
                    }
                    if paid || refunded {
                        sales::record_payment(txn, &order, true)?;
                    }
                    if refunded {
                        sales::record_refund(txn, total, created_at + DAY_MS.min(age))?;
                        sales::record_payment(txn, &order, false)?;
                    }
                    // Activity: placed, then each move by staff.
                    line_at(txn, log(created_at, "guest", "order placed", &order))?;
                    for change in order.history.iter().skip(1) {
                        let action = format!("order {}", change.status.as_str());
                        line_at(txn, log(change.at, "staff1", &action, &order))?;
                    }
                    // Messages sent: placed, and the last move.
                    let mut events = vec![(Event::OrderPlaced, created_at)];
                    match status {
                        Status::Delivered => events.push((Event::OrderDelivered, created_at + 1)),
                        Status::Shipped => events.push((Event::OrderShipped, created_at + 1)),
                        Status::Cancelled => events.push((Event::OrderCancelled, created_at + 1)),
                        _ => {}
                    }
                    for (event, at) in events {
                        let mid = next_id(txn, "outbox")?;
                        let message = outbox_row(mid, &order, event, at);
                        OUTBOX_KEY_TO_ID
                            .write(txn)?
                            .put(message.key.as_str(), mid)?;
                        OUTBOX_ID_TO_MESSAGE.write(txn)?.put(mid, &message)?;
                        OUTBOX_ORDER_TO_ID
                            .write(txn)?
                            .put((id.get(), mid), [].as_slice())?;
                    }
                    // Stock ledger: each line taken (and returned when cancelled).
                    for line in &order.lines {
                        let seq = next_id(txn, "stock_ledger")?;
                        STOCK_LEDGER.write(txn)?.put(
                            (line.code.as_str(), seq),
                            &StockEntry {
                                at: created_at,
                                actor: "order".into(),
                                delta: -i64::from(line.qty),
                                reason: format!("order {}", order.number),
                                level: 20,
                            },
                        )?;
                    }
                    // Coins earned on delivery (1 per ฿100), written to the ledger; the
                    // balances are set once at the end.
                    if status == Status::Delivered && user_id != kiosk::orders::guest::GUEST {
                        let earned = subtotal / 10_000;
                        if earned > 0 {
                            let seq = next_id(txn, "coin_ledger")?;
                            let balance = coins.entry(user_id.get()).or_default();
                            *balance += earned;
                            kiosk::accounts::coins::COIN_LEDGER.write(txn)?.put(
                                (user_id.get(), seq),
                                &kiosk::accounts::coins::CoinEntry {
                                    at: created_at + 4 * DAY_MS.min(age),
                                    amount: Coins(earned),
                                    reason: order.number.clone(),
                                    order_id: Some(id),
                                    staff_id: None,
                                    balance: Coins(*balance),
                                },
                            )?;
                        }
                    }
                }
                Ok::<(), StoreError>(())
            })
            .unwrap();
        done = upto;
        if done % 100_000 == 0 {
            println!("  {done} orders");
        }
    }
    coins
}

/// Each customer's balance equals the sum of their ledger (what `kiosk check` verifies).
fn settle_coins(store: &Store, coins: &BTreeMap<u64, i64>) {
    let all: Vec<(&u64, &i64)> = coins.iter().collect();
    for chunk in all.chunks(CHUNK as usize) {
        store
            .write(|txn| {
                let mut users = USER_ID_TO_USER.write(txn)?;
                for (id, balance) in chunk {
                    if let Some(mut u) = users.get(**id)? {
                        u.coin = Coins(**balance);
                        users.put(**id, &u)?;
                    }
                }
                Ok::<(), StoreError>(())
            })
            .unwrap();
    }
}

/// Abandoned visitor carts (crawlers and window shoppers), touched over the five years, a
/// third of them in the last 60 days.
fn carts(store: &Store, n: u64, codes: &[String], rng: &mut Rng, now: u64) {
    let mut done = 0;
    while done < n {
        let upto = (done + CHUNK * 4).min(n);
        store
            .write(|txn| {
                let mut table = CART_OWNER_TO_CART.write(txn)?;
                for _ in done..upto {
                    let (a, b) = (rng.next(), rng.next());
                    let key = format!(
                        "v:{:08x}-{:04x}-4{:03x}-8{:03x}-{:012x}",
                        a >> 32,
                        (a >> 16) & 0xffff,
                        a & 0xfff,
                        (b >> 48) & 0xfff,
                        b & 0xffff_ffff_ffff
                    );
                    let age = if rng.chance(33) {
                        rng.below(60 * DAY_MS)
                    } else {
                        rng.below(YEARS_MS)
                    };
                    let lines = (0..1 + rng.below(3))
                        .map(|_| CartLine {
                            code: codes[rng.below(codes.len() as u64) as usize].clone(),
                            qty: 1,
                        })
                        .collect();
                    let cart = Cart {
                        lines,
                        updated_at: ((now - age) / 1000) as i64,
                    };
                    table.put(key.as_str(), &cart)?;
                }
                Ok::<(), StoreError>(())
            })
            .unwrap();
        done = upto;
    }
}

/// Rows and bytes per table, largest first, and the file's size.
pub fn print_sizes(store: &Store) {
    let db = store.db().unwrap();
    let txn = db.begin_read().unwrap();
    let mut rows = Vec::new();
    for handle in txn.list_tables().unwrap() {
        let table = txn.open_untyped_table(handle.clone()).unwrap();
        let stats = table.stats().unwrap();
        rows.push((
            stats.stored_bytes() + stats.metadata_bytes() + stats.fragmented_bytes(),
            table.len().unwrap(),
            handle.name().to_string(),
        ));
    }
    rows.sort_by(|a, b| b.cmp(a));
    println!("{:<34} {:>12} {:>10}", "table", "rows", "MiB");
    for (bytes, len, name) in rows {
        println!("{name:<34} {len:>12} {:>10.1}", bytes as f64 / 1_048_576.0);
    }
    let file = std::fs::metadata(store.path())
        .map(|m| m.len())
        .unwrap_or(0);
    println!("file kiosk.redb: {:.1} MiB", file as f64 / 1_048_576.0);
}
