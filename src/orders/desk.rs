//! The staff order desk's indexes and queries: orders by status and by search term, kept in
//! the same transaction as the order they point at, so the desk lists a page of orders by
//! reading that page and never scans every order.
//!
//! Pages are newest first and keyed by order id (ids only grow, in placement order): the
//! cursor `after` is the last id of the previous page, so orders placed while someone pages
//! through appear on the first page and never shift the others.

use std::collections::BTreeSet;

use redb::WriteTransaction;
use time::Date;

use super::model::{Order, PaymentMethod, Status};
use super::sales::{day_of, day_start_millis};
use super::store::{ORDER_ID_TO_ORDER, OrderError};
use crate::domain::OrderId;
use crate::store::{Store, StoreError, ValueTable};

/// (status code, order id) → nothing: each order under its current status.
pub const ORDER_STATUS_TO_ORDER: ValueTable<(u64, u64), &[u8]> =
    ValueTable::new("order_status_to_order");
/// (search term, order id) → nothing: the order number, the shopper's phone digits, email and
/// name words, lowercased, for prefix search.
pub const ORDER_TERM_TO_ORDER: ValueTable<(&str, u64), &[u8]> =
    ValueTable::new("order_term_to_order");

/// The most orders one page answers.
pub const MAX_PAGE: usize = 200;
/// A page when the caller names no size.
pub const DEFAULT_PAGE: usize = 50;

/// A status as stored in the index. Frozen: migration 9 writes the same numbers.
pub fn status_code(status: Status) -> u64 {
    match status {
        Status::PendingPayment => 0,
        Status::Paid => 1,
        Status::Preparing => 2,
        Status::Shipped => 3,
        Status::Delivered => 4,
        Status::Cancelled => 5,
    }
}

/// What an order can be found by (see [`ORDER_TERM_TO_ORDER`]).
pub fn search_terms(order: &Order) -> BTreeSet<String> {
    let mut terms = BTreeSet::new();
    terms.insert(order.number.to_lowercase());
    let digits: String = order
        .address
        .phone
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    if !digits.is_empty() {
        terms.insert(digits);
    }
    for word in order.address.name.split_whitespace() {
        terms.insert(word.to_lowercase());
    }
    if let Some(vat) = &order.vat_info {
        for word in vat.name.split_whitespace() {
            terms.insert(word.to_lowercase());
        }
    }
    terms.retain(|t| t.len() <= 100);
    terms
}

/// Indexes a newly placed order, inside its placement transaction.
pub fn index_new(txn: &WriteTransaction, order: &Order) -> Result<(), StoreError> {
    let id = order.id.get();
    ORDER_STATUS_TO_ORDER
        .write(txn)?
        .put((status_code(order.status), id), [].as_slice())?;
    let mut terms = ORDER_TERM_TO_ORDER.write(txn)?;
    for term in search_terms(order) {
        terms.put((term.as_str(), id), [].as_slice())?;
    }
    Ok(())
}

/// Moves an order between statuses in the index, inside the transaction that changes it.
pub fn reindex_status(
    txn: &WriteTransaction,
    id: OrderId,
    from: Status,
    to: Status,
) -> Result<(), StoreError> {
    let mut index = ORDER_STATUS_TO_ORDER.write(txn)?;
    index.remove((status_code(from), id.get()))?;
    index.put((status_code(to), id.get()), [].as_slice())
}

/// What the desk asks for; every field narrows the list.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OrderFilter {
    pub status: Option<Status>,
    /// Placed on or after this shop day / on or before this one.
    pub from: Option<Date>,
    pub to: Option<Date>,
    pub payment: Option<PaymentMethod>,
    pub kcard: Option<String>,
    /// A prefix of the order number, phone digits, or a word of the name.
    pub q: Option<String>,
}

impl OrderFilter {
    fn keeps(&self, order: &Order) -> bool {
        self.status.is_none_or(|s| order.status == s)
            && self.payment.is_none_or(|p| order.payment.method == p)
            && self.kcard.as_ref().is_none_or(|k| &order.kcard == k)
            && self.to.is_none_or(|to| day_of(order.created_at) <= to)
    }

    /// Orders come newest first, so once one is older than `from` every later one is too.
    fn past_the_start(&self, order: &Order) -> bool {
        self.from
            .is_some_and(|from| order.created_at < day_start_millis(from))
    }
}

/// One page of the desk.
#[derive(Debug, Clone, PartialEq)]
pub struct OrderPage {
    pub orders: Vec<Order>,
    /// The cursor of the next page; `None` on the last one.
    pub next: Option<OrderId>,
}

/// A page of orders matching `filter`, newest first, after the cursor `after`.
pub fn list(
    store: &Store,
    filter: &OrderFilter,
    limit: usize,
    after: Option<OrderId>,
) -> Result<OrderPage, OrderError> {
    let limit = limit.clamp(1, MAX_PAGE);
    store.read(|txn| {
        let orders = ORDER_ID_TO_ORDER.read(txn)?;
        // Orders newer than the range's last day are skipped by id, not read one by one.
        let mut below = after.map_or(u64::MAX, OrderId::get);
        if let Some(to) = filter.to.and_then(|to| to.next_day()) {
            below = below.min(first_id_from(&orders, day_start_millis(to))?);
        }
        let by_status = ORDER_STATUS_TO_ORDER.read(txn)?;
        let candidates: Box<dyn Iterator<Item = Result<u64, StoreError>>> =
            match (&filter.q, filter.status) {
                (Some(q), _) => {
                    // With nothing else to narrow by, only the newest page's worth is kept:
                    // a common name or a short phone prefix matches a large share of history.
                    let only_q = filter.status.is_none()
                        && filter.payment.is_none()
                        && filter.kcard.is_none();
                    let cap = only_q.then_some(limit + 1);
                    Box::new(term_matches(txn, q, below, cap)?.into_iter().rev().map(Ok))
                }
                (None, Some(status)) => {
                    let code = status_code(status);
                    Box::new(
                        by_status
                            .keys_rev_in((code, 0)..(code, below))?
                            .map(|key| key.map(|(_, id)| id)),
                    )
                }
                (None, None) => Box::new(orders.keys_rev_in(..below)?),
            };
        let mut page = Vec::with_capacity(limit + 1);
        for id in candidates {
            let Some(order) = orders.get(id?)? else {
                continue;
            };
            if filter.past_the_start(&order) {
                break;
            }
            if filter.keeps(&order) {
                page.push(order);
                if page.len() > limit {
                    break;
                }
            }
        }
        let next = if page.len() > limit {
            page.truncate(limit);
            page.last().map(|o| o.id)
        } else {
            None
        };
        Ok(OrderPage { orders: page, next })
    })
}

/// The first order id placed at or after `millis` (one past the last id when none was):
/// ids grow with placement time, so a binary search over ids finds it in a few reads.
fn first_id_from(
    orders: &crate::store::table::JsonRead<'_, redb::ReadTransaction, u64, Order>,
    millis: u64,
) -> Result<u64, StoreError> {
    let Some(last) = orders.keys_rev_in::<u64>(..)?.next().transpose()? else {
        return Ok(u64::MAX);
    };
    let (mut low, mut high) = (1, last + 1);
    while low < high {
        let middle = low + (high - low) / 2;
        match orders.get(middle)? {
            Some(order) if order.created_at < millis => low = middle + 1,
            Some(_) => high = middle,
            // No gaps are expected (orders are never deleted); treat one as "before".
            None => low = middle + 1,
        }
    }
    Ok(if low > last { u64::MAX } else { low })
}

/// Ids of orders with a term starting with `q` (any of its words), below `below`, ascending;
/// only the `cap` largest when given.
fn term_matches(
    txn: &redb::ReadTransaction,
    q: &str,
    below: u64,
    cap: Option<usize>,
) -> Result<BTreeSet<u64>, StoreError> {
    let q = q.trim().to_lowercase();
    let digits: String = q.chars().filter(char::is_ascii_digit).collect();
    // A phone typed with dashes or spaces still finds the digits.
    let prefix = if !digits.is_empty()
        && q.chars()
            .all(|c| c.is_ascii_digit() || c == '-' || c == ' ')
    {
        digits
    } else {
        q
    };
    let index = ORDER_TERM_TO_ORDER.read(txn)?;
    let mut ids = BTreeSet::new();
    if prefix.is_empty() {
        return Ok(ids);
    }
    index.scan_from((prefix.as_str(), 0), |(term, id), _| {
        if !term.starts_with(prefix.as_str()) {
            return Ok(false);
        }
        if id < below {
            ids.insert(id);
            if cap.is_some_and(|cap| ids.len() > cap) {
                ids.pop_first();
            }
        }
        Ok::<bool, StoreError>(true)
    })?;
    Ok(ids)
}
