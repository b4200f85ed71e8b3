//! The order desk's CSV export for the accountant: every order a filter matches, one row
//! each, amounts in baht with two decimals (docs/EXPORTS.md). A use case of its own so the
//! staff handler only parses the filter and answers the file.
//!
//! The file is written page by page of the desk's list and handed on a page at a time
//! ([`write_orders_csv`]), so a year of a busy shop streams out in constant memory instead of
//! being built whole first (issue 36: a 6.4 MB export doubled the server's resident memory).

use crate::orders::desk::{self, OrderFilter};
use crate::orders::model::Order;
use crate::orders::store::OrderError;
use crate::store::Store;

/// The header row.
const HEADER: [&str; 19] = [
    "number",
    "placed",
    "status",
    "customer",
    "phone",
    "province",
    "items",
    "subtotal",
    "discounts",
    "shipping",
    "coins",
    "vat",
    "total",
    "payment",
    "channel",
    "tax_invoice",
    "carrier",
    "tracking",
    "lines",
];

/// Writes the orders `filter` matches as CSV, newest first, handing `send` the bytes of each
/// page of the desk's list (the first with the byte-order mark and the header row) until
/// every order is written or `send` answers `false` (the reader went away). The outer error
/// is the store's, the inner one the sheet's.
pub fn write_orders_csv(
    store: &Store,
    filter: &OrderFilter,
    mut send: impl FnMut(Vec<u8>) -> bool,
) -> Result<Result<(), csv::Error>, OrderError> {
    let mut first = true;
    let mut after = None;
    loop {
        let page = desk::list(store, filter, desk::MAX_PAGE, after)?;
        // A sheet per page: each page's bytes are handed on and dropped.
        let mut out = crate::domain::spreadsheet::CsvSheet::new();
        let written = (|| {
            if first {
                out.row(HEADER)?;
            }
            for order in &page.orders {
                row(&mut out, order)?;
            }
            out.into_text()
        })();
        let text = match written {
            Ok(text) => text,
            Err(err) => return Ok(Err(err)),
        };
        let bytes = if first {
            first = false;
            format!("\u{feff}{text}").into_bytes()
        } else {
            text.into_bytes()
        };
        if !send(bytes) {
            return Ok(Ok(()));
        }
        match page.next {
            Some(next) => after = Some(next),
            None => return Ok(Ok(())),
        }
    }
}

/// What was bought, in the order's language: `2 × Sofa — Grey / 6 ft (SF-1001-GRY-3); …`, so
/// the sheet tells variants of one product apart (docs/VARIANTS.md §3).
fn lines_cell(order: &Order) -> String {
    order
        .lines
        .iter()
        .map(|line| format!("{} × {} ({})", line.qty, line.title(order.lang), line.code))
        .collect::<Vec<_>>()
        .join("; ")
}

/// One row per order (without the byte-order mark), amounts in baht with two decimals.
/// Names, phones and the channel are typed by shoppers (and guests): the sheet marks any cell
/// a spreadsheet would run.
pub fn sheet(orders: &[Order]) -> Result<String, csv::Error> {
    let mut out = crate::domain::spreadsheet::CsvSheet::new();
    out.row(HEADER)?;
    for o in orders {
        row(&mut out, o)?;
    }
    out.into_text()
}

fn row(out: &mut crate::domain::spreadsheet::CsvSheet, o: &Order) -> Result<(), csv::Error> {
    let placed = time::OffsetDateTime::from_unix_timestamp((o.created_at / 1000) as i64)
        .map(|t| t.to_offset(crate::orders::sales::SHOP_OFFSET))
        .ok()
        .and_then(|t| {
            t.format(time::macros::format_description!(
                "[year]-[month]-[day] [hour]:[minute]"
            ))
            .ok()
        })
        .unwrap_or_default();
    let q = &o.quote;
    let discounts = q.promotion_discount + q.coupon_discount;
    out.row([
        o.number.clone(),
        placed,
        o.status.as_str().into(),
        o.address.name.clone(),
        o.address.phone.clone(),
        o.address.province.clone(),
        o.item_count.to_string(),
        q.subtotal.to_decimal_string(),
        discounts.to_decimal_string(),
        q.shipping.to_decimal_string(),
        q.coins.to_decimal_string(),
        q.vat.to_decimal_string(),
        o.total.to_decimal_string(),
        serde_json::to_value(o.payment.method)
            .ok()
            .and_then(|v| v.as_str().map(String::from))
            .unwrap_or_default(),
        o.kcard.clone(),
        o.vat_info
            .as_ref()
            .map(|v| format!("{} {}", v.name, v.tax_id))
            .unwrap_or_default(),
        o.shipment
            .as_ref()
            .map(|s| s.carrier.clone())
            .unwrap_or_default(),
        o.shipment
            .as_ref()
            .map(|s| s.tracking.clone())
            .unwrap_or_default(),
        lines_cell(o),
    ])
}
