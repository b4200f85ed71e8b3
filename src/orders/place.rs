//! Placing an order: ONE write transaction re-quotes the cart from the server's prices, checks
//! and takes the stock, spends the coins (ledger line), counts the coupon use, writes the order,
//! empties the cart and logs it; a repeated idempotency key answers the first order.
//!
//! Orders go through one writer thread that puts every order waiting at that moment into the
//! same transaction (group commit): each commit is durable (one fsync), and under load one
//! fsync serves many shoppers instead of each waiting for their own. Within the transaction
//! every order checks everything before it writes anything, so one shopper's refusal (stock,
//! coupon, coins) never touches another's order.

use std::collections::BTreeSet;
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use redb::WriteTransaction;

use super::guest::{self, Contact};
use super::model::{BankAccount, Order, OrderLine, Payment, PaymentMethod, Status, StatusChange};
use super::store::{self as orders, ORDER_KEY_TO_ORDER, ORDER_USER_TO_ORDER, OrderError};
use crate::accounts::coins::{self, CoinChange};
use crate::accounts::model::{Address, VatInfo};
use crate::cart::choice;
use crate::cart::model::{Cart, CartOwner};
use crate::cart::store::CART_OWNER_TO_CART;
use crate::catalog::cache::{CatalogCache, CatalogSnapshot};
use crate::catalog::stock::STOCK_CODE_TO_LEVEL;
use crate::config::Payments;
use crate::domain::{Coins, IdempotencyKey, OrderId, Satang, UserId};
use crate::i18n::Locale;
use crate::pricing::store::{PROMOTION_ID_TO_PROMOTION, Shopper, coupon_in, record_use};
use crate::pricing::{self, Shipping};
use crate::store::{Store, StoreError, next_id};

/// What the shopper asked for, already checked for shape by the handler.
#[derive(Debug, Clone)]
pub struct PlaceRequest {
    pub user_id: UserId,
    pub username: String,
    pub address: Address,
    pub vat_info: Option<VatInfo>,
    pub coupon: Option<String>,
    pub coins: Coins,
    pub payment: PaymentMethod,
    pub idempotency_key: IdempotencyKey,
    pub lang: Locale,
    pub kcard: String,
    /// Where order mail goes when the account has no address (or the shopper gives another).
    pub email: Option<String>,
    /// Set for an order without an account (`user_id` is then [`guest::GUEST`]).
    pub guest: Option<GuestOrder>,
}

/// A guest's order: the visitor's cart, and who to reach.
#[derive(Debug, Clone)]
pub struct GuestOrder {
    /// The visitor id (a lower-case UUID) whose cart is ordered.
    pub visitor: String,
    pub contact: Contact,
}

impl PlaceRequest {
    /// Whom a coupon's per-shopper limit counts for this order.
    fn shopper(&self) -> Shopper<'_> {
        match &self.guest {
            None => Shopper::Account(self.user_id),
            Some(guest) => guest.contact.shopper(),
        }
    }
}

#[derive(Debug, Clone)]
pub struct Placed {
    pub order: Order,
    /// The shopper's coin balance after the order.
    pub coin: Coins,
    /// True when the key had already placed this order.
    pub replayed: bool,
    /// A guest order's secret key (a new one on each answer, the order keeps them all).
    pub order_key: Option<String>,
}

/// The shop settings a placement reads.
#[derive(Debug, Clone)]
pub struct Terms {
    /// Shipping from the configuration; the site settings staff saved win (`content`).
    pub shipping: Shipping,
    pub payments: Payments,
    /// The content snapshot holding the site settings, read at each placement.
    pub content: Option<Arc<crate::content::cache::ContentCache>>,
    /// Which messages a new order writes.
    pub plan: crate::outbox::Plan,
}

impl Terms {
    /// The shipping terms in force now.
    pub fn shipping_now(&self) -> Shipping {
        self.content
            .as_ref()
            .and_then(|content| {
                content
                    .current()
                    .stored_settings()
                    .map(|s| Shipping::from_settings(s.shipping))
            })
            .unwrap_or(self.shipping)
    }
}

/// The most orders one transaction takes; more wait for the next.
const MAX_BATCH: usize = 128;

type Reply = tokio::sync::oneshot::Sender<Result<Placed, OrderError>>;

/// The order writer: a thread owning order placement, fed through a channel.
#[derive(Clone)]
pub struct OrderDesk {
    queue: mpsc::Sender<(PlaceRequest, Reply)>,
}

impl OrderDesk {
    /// Starts the writer thread; it ends when the last desk handle is dropped.
    pub fn start(store: Store, catalog: Arc<CatalogCache>, terms: Terms) -> OrderDesk {
        let (queue, incoming) = mpsc::channel::<(PlaceRequest, Reply)>();
        std::thread::Builder::new()
            .name("order-desk".into())
            .spawn(move || run_desk(&store, &catalog, &terms, &incoming))
            .expect("the order-desk thread starts");
        OrderDesk { queue }
    }

    /// Places an order and waits until it is durably committed (or refused).
    pub async fn place(&self, request: PlaceRequest) -> Result<Placed, OrderError> {
        let (reply, answer) = tokio::sync::oneshot::channel();
        self.queue
            .send((request, reply))
            .map_err(|_| OrderError::Store(StoreError::Closed))?;
        answer.await.unwrap_or_else(|_| {
            Err(OrderError::Store(StoreError::Failed(
                "the order desk dropped the order unanswered".into(),
            )))
        })
    }
}

/// How often at most the catalogue snapshot takes new stock levels while orders flow.
const STOCK_REFRESH_EVERY: Duration = Duration::from_millis(100);

fn run_desk(
    store: &Store,
    catalog: &CatalogCache,
    terms: &Terms,
    incoming: &mpsc::Receiver<(PlaceRequest, Reply)>,
) {
    let mut stale: BTreeSet<String> = BTreeSet::new();
    let mut refreshed = Instant::now();
    let refresh = |stale: &mut BTreeSet<String>, refreshed: &mut Instant| {
        let codes: Vec<String> = std::mem::take(stale).into_iter().collect();
        if let Err(err) = catalog.refresh_stock(store, &codes) {
            tracing::warn!(error = %err, "stock levels not refreshed");
        }
        *refreshed = Instant::now();
    };
    loop {
        let first = if stale.is_empty() {
            match incoming.recv() {
                Ok(first) => first,
                Err(_) => return,
            }
        } else {
            let wait = (refreshed + STOCK_REFRESH_EVERY).saturating_duration_since(Instant::now());
            match incoming.recv_timeout(wait) {
                Ok(first) => first,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    refresh(&mut stale, &mut refreshed);
                    continue;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    refresh(&mut stale, &mut refreshed);
                    return;
                }
            }
        };
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match incoming.try_recv() {
                Ok(more) => batch.push(more),
                Err(_) => break,
            }
        }
        // A bug in one batch must not stop order taking: its waiters get an error (their reply
        // channels close) and the desk carries on with the next batch.
        let placed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            place_batch(store, &catalog.current(), terms, batch)
        }));
        match placed {
            Ok(changed) => stale.extend(changed),
            Err(_) => tracing::error!("placing a batch of orders panicked; it was rolled back"),
        }
        if !stale.is_empty() && refreshed.elapsed() >= STOCK_REFRESH_EVERY {
            refresh(&mut stale, &mut refreshed);
        }
    }
}

/// Places each request in one shared transaction and answers each after the commit. Returns
/// the product codes whose stock changed.
fn place_batch(
    store: &Store,
    catalog: &CatalogSnapshot,
    terms: &Terms,
    batch: Vec<(PlaceRequest, Reply)>,
) -> Vec<String> {
    let fail_all = |batch: Vec<(PlaceRequest, Reply)>, err: &StoreError| {
        tracing::error!(error = %err, "placing orders failed");
        for (_, reply) in batch {
            let _ = reply.send(Err(OrderError::Store(StoreError::Failed(err.to_string()))));
        }
    };
    let txn = match store.begin_write() {
        Ok(txn) => txn,
        Err(err) => {
            fail_all(batch, &err);
            return Vec::new();
        }
    };
    let mut answers = Vec::with_capacity(batch.len());
    let mut changed = Vec::new();
    for (request, _) in &batch {
        match place_one(&txn, catalog, terms, request) {
            Err(OrderError::Store(err)) => {
                // The transaction may hold half of this order: drop it all.
                drop(txn);
                fail_all(batch, &err);
                return Vec::new();
            }
            Ok(placed) => {
                if !placed.replayed {
                    changed.extend(placed.order.lines.iter().map(|l| l.code.clone()));
                }
                answers.push(Ok(placed));
            }
            refused => answers.push(refused),
        }
    }
    if let Err(err) = store.commit(txn) {
        fail_all(batch, &err);
        return Vec::new();
    }
    let placed = answers
        .iter()
        .filter(|a| matches!(a, Ok(p) if !p.replayed))
        .count();
    crate::metrics::add(crate::metrics::ORDERS_PLACED, placed as u64);
    for ((_, reply), answer) in batch.into_iter().zip(answers) {
        let _ = reply.send(answer);
    }
    changed
}

/// One order inside the shared transaction: every check first, then every write.
pub fn place_one(
    txn: &WriteTransaction,
    catalog: &CatalogSnapshot,
    terms: &Terms,
    request: &PlaceRequest,
) -> Result<Placed, OrderError> {
    // A guest's keys are per visitor: the visitor id is as secret as an account's token.
    let key = match &request.guest {
        None => format!("{}:{}", request.user_id, request.idempotency_key.as_str()),
        Some(g) => format!("v:{}:{}", g.visitor, request.idempotency_key.as_str()),
    };
    let earlier = ORDER_KEY_TO_ORDER.read(txn)?.get(key.as_str())?;
    if let Some(id) = earlier {
        let order = orders::read_in(txn, OrderId(id))?;
        // The first answer may have been lost with its key: a replay brings a fresh one.
        let order_key = match &request.guest {
            Some(_) if order.is_guest() => Some(guest::mint_key(txn, order.id)?),
            _ => None,
        };
        let coin =
            crate::accounts::store::find_in(txn, request.user_id)?.map_or(Coins::ZERO, |u| u.coin);
        return Ok(Placed {
            order,
            coin,
            replayed: true,
            order_key,
        });
    }

    // Checks.
    let owner = match &request.guest {
        None => CartOwner::User(request.user_id),
        Some(g) => CartOwner::Visitor(g.visitor.clone()),
    };
    let cart: Cart = CART_OWNER_TO_CART
        .read(txn)?
        .get(owner.key().as_str())?
        .unwrap_or_default();
    if cart.lines.is_empty() {
        return Err(OrderError::invalid("cart_empty", "the cart is empty"));
    }
    // Each line is a variant (docs/VARIANTS.md §3): its own stock, its own price, sold while
    // it and its product are active.
    let mut lines = Vec::with_capacity(cart.lines.len());
    let mut priced = Vec::with_capacity(cart.lines.len());
    for line in &cart.lines {
        let pick = choice::pick(catalog, &line.code)
            .for_sale()
            .ok_or_else(|| {
                OrderError::conflict(
                    "product_unavailable",
                    format!(
                        "{}: this product is no longer sold; remove it from the cart",
                        line.code
                    ),
                )
            })?;
        let level = pick.level(txn)?;
        if line.qty > level {
            return Err(OrderError::conflict(
                "out_of_stock",
                format!(
                    "{}: only {level} in stock, {} in the cart",
                    line.code, line.qty
                ),
            ));
        }
        priced.push(pick.priced(line.qty));
        lines.push((pick, level, line.qty, pick.choice(txn)?));
    }
    let promotions = PROMOTION_ID_TO_PROMOTION.read(txn)?.values()?;
    let coupon = match &request.coupon {
        None => None,
        Some(code) => Some(coupon_in(txn, code, request.shopper())?.ok_or_else(|| {
            OrderError::invalid("unknown_coupon", format!("coupon: {code} does not exist"))
        })?),
    };
    let user = match &request.guest {
        None => Some(
            crate::accounts::store::find_in(txn, request.user_id)?
                .ok_or_else(|| OrderError::Forbidden("this account no longer exists".into()))?,
        ),
        Some(_) => None,
    };
    if user.is_none() && request.coins > Coins::ZERO {
        return Err(OrderError::invalid(
            "coins_need_sign_in",
            "coins: sign in to use coins",
        ));
    }
    let now_ms = crate::activity::now_millis();
    let quote = pricing::quote(&pricing::QuoteRequest {
        lines: &priced,
        lang: request.lang.code(),
        promotions: &promotions,
        coupon: coupon.as_ref().map(|(c, uses)| (c, *uses)),
        coins_wanted: request.coins,
        coin_balance: user.as_ref().map_or(Coins::ZERO, |u| u.coin),
        shipping: terms.shipping_now(),
        now: (now_ms / 1000) as i64,
    })
    .map_err(pricing_refusal)?;
    let payment = payment_for(request.payment, &terms.payments, quote.total)?;

    // Writes.
    let id = OrderId(next_id(txn, "order")?);
    let number = Order::number_for(id);
    {
        let mut stock = STOCK_CODE_TO_LEVEL.write(txn)?;
        for (pick, level, qty, _) in &lines {
            stock.put(pick.code(), u64::from(level - qty))?;
        }
    }
    let coins_used = quote.coins.whole_coins();
    let mut coin = user.as_ref().map_or(Coins::ZERO, |u| u.coin);
    if coins_used > Coins::ZERO {
        coin = coins::apply(
            txn,
            request.user_id,
            &CoinChange {
                amount: -coins_used,
                reason: &format!("order {number}"),
                order_id: Some(id),
                staff_id: None,
            },
        )?
        .coin;
    }
    let coupon_code = coupon.as_ref().map(|(c, _)| c.code.to_uppercase());
    if let Some(code) = &coupon_code {
        record_use(txn, code, request.shopper(), true)?;
    }
    remember_address(txn, request)?;
    let order = Order {
        id,
        number: number.clone(),
        user_id: request.user_id,
        status: Status::PendingPayment,
        created_at: now_ms,
        lang: request.lang,
        lines: lines
            .iter()
            .zip(&quote.line_discounts)
            .map(|((pick, _, qty, choice), discount)| OrderLine {
                code: pick.code().to_string(),
                product_code: Some(pick.product().code.clone()),
                name: pick.product().name.clone(),
                choice: choice.clone(),
                qty: *qty,
                unit_price: pick.price(),
                discount: *discount,
                image: pick.image().map(str::to_string),
            })
            .collect(),
        item_count: cart.amount(),
        total: quote.total,
        quote,
        coupon: coupon_code,
        coins_used,
        address: request.address.clone(),
        vat_info: request.vat_info.clone(),
        payment,
        history: vec![StatusChange {
            status: Status::PendingPayment,
            at: now_ms,
        }],
        review: None,
        coins_earned: Coins::ZERO,
        kcard: request.kcard.clone(),
        shipment: None,
        payment_reference: None,
        cancel_reason: None,
        notes: Vec::new(),
        email: match (&request.guest, &user) {
            (Some(g), _) => g.contact.email.clone(),
            (None, user) => request
                .email
                .clone()
                .filter(|e| !e.is_empty())
                .or_else(|| user.as_ref().map(|u| u.email.clone()))
                .unwrap_or_default(),
        },
        documents: Default::default(),
        contact: request.guest.as_ref().map(|g| g.contact.clone()),
    };
    orders::write(txn, &order)?;
    let order_key = match request.guest {
        Some(_) => Some(guest::mint_key(txn, id)?),
        None => None,
    };
    // Nothing is issued yet at placement, so there is no print to freeze: only the messages.
    super::line_updates::order_event(
        txn,
        &terms.plan,
        crate::outbox::Event::OrderPlaced,
        &order,
        None,
    )?;
    super::desk::index_new(txn, &order)?;
    super::sales::record(txn, &order, true)?;
    if request.guest.is_none() {
        ORDER_USER_TO_ORDER
            .write(txn)?
            .put((request.user_id.get(), id.get()), [].as_slice())?;
    }
    ORDER_KEY_TO_ORDER.write(txn)?.put(key.as_str(), id.get())?;
    CART_OWNER_TO_CART
        .write(txn)?
        .remove(owner.key().as_str())?;
    let actor = match &user {
        Some(user) => user.username.clone(),
        None => "guest".to_string(),
    };
    crate::activity::log_with(
        txn,
        &crate::activity::Event {
            actor: &actor,
            kcard: &request.kcard,
            action: "order placed",
            target: &format!("order {number}"),
            details: &format!(
                "{} items, total ฿{}",
                order.item_count,
                order.total.to_decimal_string()
            ),
        },
        &[
            ("items", order.item_count.to_string()),
            ("totalSatang", order.total.get().to_string()),
        ],
    )?;
    Ok(Placed {
        order,
        coin,
        replayed: false,
        order_key,
    })
}

/// The payment instructions, fixed at placement (also when the shopper switches method).
pub fn payment_for(
    method: PaymentMethod,
    shop: &Payments,
    total: Satang,
) -> Result<Payment, OrderError> {
    let unavailable = || {
        OrderError::invalid(
            "invalid_payment",
            "payment: this shop does not take that payment method",
        )
    };
    Ok(match method {
        PaymentMethod::Promptpay => {
            if shop.promptpay_id.trim().is_empty() {
                return Err(unavailable());
            }
            let payload = crate::domain::promptpay::payload(
                &shop.promptpay_id,
                Some(total).filter(|t| *t > Satang::ZERO),
            )
            .map_err(|e| OrderError::invalid("invalid_payment", format!("payment: {e}")))?;
            Payment {
                method,
                promptpay_id: Some(shop.promptpay_id.trim().into()),
                promptpay_payload: Some(payload),
                bank: None,
                ..Payment::default()
            }
        }
        PaymentMethod::BankTransfer => {
            if shop.bank_account_number.trim().is_empty() {
                return Err(unavailable());
            }
            Payment {
                method,
                promptpay_id: None,
                promptpay_payload: None,
                bank: Some(BankAccount {
                    bank_name: shop.bank_name.trim().into(),
                    account_name: shop.bank_account_name.trim().into(),
                    account_number: shop.bank_account_number.trim().into(),
                }),
                ..Payment::default()
            }
        }
        // The signed form is made right after the order is committed (it needs the shop's
        // public address); here only whether a merchant takes this total.
        PaymentMethod::Card2c2p => {
            if shop.card_2c2p.merchant_for(total).is_none() {
                return Err(unavailable());
            }
            Payment {
                method,
                ..Payment::default()
            }
        }
    })
}

/// Adds the delivery address (and tax-invoice details) to the shopper's saved ones, so the next
/// checkout can pick them.
fn remember_address(txn: &WriteTransaction, request: &PlaceRequest) -> Result<(), OrderError> {
    if request.guest.is_some() {
        return Ok(());
    }
    let Some(mut user) = crate::accounts::store::find_in(txn, request.user_id)? else {
        return Ok(());
    };
    let mut changed = false;
    if !user.add_info.contains(&request.address) {
        if user.add_info.len() >= 10 {
            user.add_info.remove(0);
        }
        user.add_info.push(request.address.clone());
        changed = true;
    }
    if request.vat_info.is_some() && user.vat_info != request.vat_info {
        user.vat_info = request.vat_info.clone();
        changed = true;
    }
    // The address given at checkout becomes the account's when it had none, so the next
    // checkout offers it.
    if let Some(email) = request.email.as_deref().filter(|_| user.email.is_empty()) {
        user.email = email.to_string();
        changed = true;
    }
    if changed {
        crate::accounts::store::put_in(txn, &user)?;
    }
    Ok(())
}

/// Coupon and coin refusals keep the codes the quote endpoint uses.
pub fn pricing_refusal(err: pricing::PricingError) -> OrderError {
    OrderError::invalid(err.code(), err.to_string())
}
