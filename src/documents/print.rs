//! What an issued money document says: every word and figure it shows, composed once, when it
//! is issued, from the order, the seller's settings of that moment and the labels of that
//! release. The print is stored with the order (`issued`) and the PDF is drawn from it on every
//! request (`draw`), so a document already issued never changes: not when the owner edits the
//! `[seller]` settings, a product is renamed or repriced, or a later release rewords a label.
//! The Revenue Department expects a tax invoice to read the same every time it is printed.

use serde::{Deserialize, Serialize};

use super::wording::{self, Labels};
use super::{DocumentKind, Issuer, amount};
use crate::content::words::Texts;
use crate::domain::Satang;
use crate::orders::model::{Order, PaymentMethod};

/// Every word and figure of one document, in the order the page shows them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Print {
    /// "ใบกำกับภาษีเต็มรูป / Full tax invoice".
    pub title: String,
    /// The mark beside the title ("ต้นฉบับ / Original").
    pub original: String,
    /// Number, date, order and the invoice a credit note reverses, at the top of every page.
    pub facts: Vec<Fact>,
    pub seller: Party,
    pub buyer: Party,
    pub columns: Columns,
    pub lines: Vec<Line>,
    /// Subtotal down to the total, the last one printed strong.
    pub totals: Vec<Total>,
    /// How it was paid, or why it was credited.
    pub note: String,
    /// The word of "page 1 / 3" on documents of several pages.
    pub page: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fact {
    pub label: String,
    pub value: String,
}

/// The seller or the buyer: a heading, the name in bold, the address (wrapped when drawn), then
/// one line each for tax id, branch and phone as the document has them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Party {
    pub heading: String,
    pub name: String,
    pub address: String,
    pub details: Vec<String>,
}

/// The headings of the table of lines.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Columns {
    pub description: String,
    pub qty: String,
    pub unit_price: String,
    pub amount: String,
}

/// One line as printed: the name in the document's language, the code, and the figures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Line {
    pub name: String,
    pub code: String,
    pub qty: String,
    pub unit_price: String,
    pub amount: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Total {
    pub label: String,
    pub value: String,
    pub strong: bool,
}

/// The document of `kind` as `issuer` issues it now; `None` when the order has no such
/// document (not paid, no tax invoice asked for, not credited).
/// `texts` holds the words of English, Thai and the order's language (`Texts::read` in the
/// transaction of the issue).
pub fn compose(order: &Order, issuer: &Issuer, kind: DocumentKind, texts: &Texts) -> Option<Print> {
    let dated = kind.issued_at(order)?;
    let labels = match kind {
        DocumentKind::Receipt => wording::for_locale(texts, order.lang),
        DocumentKind::TaxInvoice | DocumentKind::CreditNote => wording::bilingual(texts),
    };
    if kind != DocumentKind::Receipt && order.vat_info.is_none() {
        return None;
    }
    Some(Print {
        title: title(&labels, kind).into(),
        original: labels.get("original").into(),
        facts: facts(order, &labels, kind, dated)?,
        seller: seller(issuer, &labels, kind),
        buyer: buyer(order, &labels, kind),
        columns: Columns {
            description: labels.get("description").into(),
            qty: labels.get("qty").into(),
            unit_price: labels.get("unitPrice").into(),
            amount: labels.get("amount").into(),
        },
        lines: lines(order),
        totals: totals(order, &labels, kind),
        note: note(order, &labels, kind),
        page: labels.get("page").into(),
    })
}

fn title(l: &Labels, kind: DocumentKind) -> &str {
    match kind {
        DocumentKind::Receipt => l.get("receipt"),
        DocumentKind::TaxInvoice => l.get("taxInvoice"),
        DocumentKind::CreditNote => l.get("creditNote"),
    }
}

/// The document's number and date; the order's number on tax documents; the invoice a credit
/// note reverses.
fn facts(order: &Order, l: &Labels, kind: DocumentKind, dated: u64) -> Option<Vec<Fact>> {
    let fact = |label: &str, value: String| Fact {
        label: label.into(),
        value,
    };
    let dates = l.dates;
    let docs = &order.documents;
    let mut facts = match kind {
        DocumentKind::Receipt => vec![fact(l.get("receiptNo"), order.number.clone())],
        DocumentKind::TaxInvoice => {
            vec![fact(
                l.get("taxInvoiceNo"),
                docs.tax_invoice.as_ref()?.number.clone(),
            )]
        }
        DocumentKind::CreditNote => {
            vec![fact(
                l.get("creditNoteNo"),
                docs.credit_note.as_ref()?.number.clone(),
            )]
        }
    };
    facts.push(fact(l.get("date"), dates.date_time(dated)));
    if kind != DocumentKind::Receipt {
        facts.push(fact(l.get("orderNo"), order.number.clone()));
    }
    if kind == DocumentKind::CreditNote {
        let invoice = docs.tax_invoice.as_ref()?;
        facts.push(fact(
            l.get("refersTo"),
            format!(
                "{} ({})",
                invoice.number,
                dates.date_time(invoice.issued_at)
            ),
        ));
    }
    Some(facts)
}

fn branch_text(l: &Labels, branch: &str) -> String {
    if branch == "00000" || branch.is_empty() {
        l.get("headOffice").to_string()
    } else {
        format!("{} {branch}", l.get("branch"))
    }
}

/// The seller block; a receipt names the shop when no registered name is set.
fn seller(issuer: &Issuer, l: &Labels, kind: DocumentKind) -> Party {
    let name = if issuer.name.is_empty() && kind == DocumentKind::Receipt {
        issuer.shop_name.clone()
    } else {
        issuer.name.clone()
    };
    let mut details = Vec::new();
    if !issuer.tax_id.is_empty() {
        details.push(format!("{} {}", l.get("taxId"), issuer.tax_id));
        details.push(branch_text(l, &issuer.branch));
    }
    if !issuer.phone.is_empty() {
        details.push(format!("{} {}", l.get("phone"), issuer.phone));
    }
    Party {
        heading: l.get("seller").into(),
        name,
        address: issuer.address.clone(),
        details,
    }
}

/// The buyer block: the tax details on tax documents, the delivery address on a receipt.
fn buyer(order: &Order, l: &Labels, kind: DocumentKind) -> Party {
    match (&order.vat_info, kind) {
        (Some(vat), DocumentKind::TaxInvoice | DocumentKind::CreditNote) => Party {
            heading: l.get("buyer").into(),
            name: vat.name.clone(),
            address: vat.address.clone(),
            details: vec![
                format!("{} {}", l.get("taxId"), vat.tax_id),
                branch_text(l, &vat.branch),
            ],
        },
        _ => {
            let a = &order.address;
            Party {
                heading: l.get("buyer").into(),
                name: a.name.clone(),
                address: format!("{} {} {} {}", a.line1, a.district, a.province, a.postcode),
                details: vec![format!("{} {}", l.get("phone"), a.phone)],
            }
        }
    }
}

fn lines(order: &Order) -> Vec<Line> {
    order
        .lines
        .iter()
        .map(|line| {
            // The product's name and the chosen options (docs/VARIANTS.md §3), English where
            // the order's language has no text.
            Line {
                name: line.title(order.lang),
                code: line.code.clone(),
                qty: line.qty.to_string(),
                unit_price: amount(line.unit_price),
                amount: amount(Satang(line.unit_price.get() * i64::from(line.qty))),
            }
        })
        .collect()
}

fn totals(order: &Order, l: &Labels, kind: DocumentKind) -> Vec<Total> {
    let row = |label: &str, value: Satang| Total {
        label: label.into(),
        value: amount(value),
        strong: false,
    };
    let q = &order.quote;
    let net = Satang(order.total.get() - q.vat.get());
    let discounts = Satang(q.promotion_discount.get() + q.coupon_discount.get());
    let mut rows = vec![row(l.get("subtotal"), q.subtotal)];
    if discounts.get() > 0 {
        rows.push(row(l.get("discount"), Satang(-discounts.get())));
    }
    rows.push(row(l.get("shipping"), q.shipping));
    if q.coins.get() > 0 {
        rows.push(row(l.get("coins"), Satang(-q.coins.get())));
    }
    rows.push(row(l.get("net"), net));
    rows.push(row(l.get("vat"), q.vat));
    let total_label = if kind == DocumentKind::CreditNote {
        l.get("credited")
    } else {
        l.get("total")
    };
    rows.push(Total {
        strong: true,
        ..row(total_label, order.total)
    });
    rows
}

fn note(order: &Order, l: &Labels, kind: DocumentKind) -> String {
    let payment = match order.payment.method {
        PaymentMethod::Promptpay => l.get("promptpay"),
        PaymentMethod::BankTransfer => l.get("bankTransfer"),
        PaymentMethod::Card2c2p => l.get("card"),
    };
    match kind {
        DocumentKind::CreditNote => format!(
            "{}: {}",
            l.get("reason"),
            order.cancel_reason.clone().unwrap_or_default()
        ),
        _ => format!("{}: {payment} · {}", l.get("paidBy"), l.get("vatIncluded")),
    }
}
