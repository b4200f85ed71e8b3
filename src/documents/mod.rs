//! The money documents as PDF: the receipt of a paid order (in the shopper's language), the
//! Thai full tax invoice (ใบกำกับภาษีเต็มรูป, Thai and English) with the fields the Revenue
//! Department requires, and the credit note (ใบลดหนี้) that reverses it when an invoiced order
//! is cancelled. Text is shaped with the shop's fonts (`pdf`), so Thai tone marks and vowels
//! sit on their consonants and the text can be searched and copied.

pub mod catalogue;
mod labels;
pub mod pdf;

use crate::config::Seller;
use crate::domain::Satang;
use crate::i18n::Locale;
use crate::orders::model::{Order, PaymentMethod, Status};
use labels::Labels;
use pdf::{Align, MARGIN, PAGE_HEIGHT, PAGE_WIDTH, Sheet, Weight};

#[derive(Debug, thiserror::Error)]
pub enum DocumentError {
    /// The order has no such document (not paid, no tax invoice asked for, not cancelled).
    #[error("{0}")]
    NotIssued(&'static str),
    #[error("the PDF could not be written: {0}")]
    Render(String),
}

const INK: u32 = 0x2b2b2b;
const MUTED: u32 = 0x6b6b6b;
const RULE: u32 = 0xd9d4cc;
const ACCENT: u32 = 0x7a4b2a;
const BAND: u32 = 0xf5f1ea;

/// Which document, with its title and numbering.
enum Kind<'a> {
    Receipt,
    TaxInvoice {
        number: &'a str,
    },
    CreditNote {
        number: &'a str,
        invoice: &'a str,
        invoice_at: u64,
    },
}

/// The receipt of a paid order, in the order's language.
pub fn receipt(order: &Order, seller: &Seller, shop_name: &str) -> Result<Vec<u8>, DocumentError> {
    let paid_at = paid_at(order).ok_or(DocumentError::NotIssued("the order is not paid"))?;
    let labels = labels::for_locale(order.lang);
    render(order, seller, shop_name, &labels, &Kind::Receipt, paid_at)
}

/// The full tax invoice of an order that asked for one; Thai with English.
pub fn tax_invoice(order: &Order, seller: &Seller) -> Result<Vec<u8>, DocumentError> {
    let issued = order
        .documents
        .tax_invoice
        .as_ref()
        .ok_or(DocumentError::NotIssued(
            "no tax invoice was issued for the order",
        ))?;
    if order.vat_info.is_none() {
        return Err(DocumentError::NotIssued("the order has no tax details"));
    }
    let kind = Kind::TaxInvoice {
        number: &issued.number,
    };
    render(
        order,
        seller,
        &seller.name,
        &labels::bilingual(),
        &kind,
        issued.issued_at,
    )
}

/// The credit note reversing an order's tax invoice; Thai with English.
pub fn credit_note(order: &Order, seller: &Seller) -> Result<Vec<u8>, DocumentError> {
    let (Some(note), Some(invoice)) = (&order.documents.credit_note, &order.documents.tax_invoice)
    else {
        return Err(DocumentError::NotIssued(
            "no credit note was issued for the order",
        ));
    };
    let kind = Kind::CreditNote {
        number: &note.number,
        invoice: &invoice.number,
        invoice_at: invoice.issued_at,
    };
    render(
        order,
        seller,
        &seller.name,
        &labels::bilingual(),
        &kind,
        note.issued_at,
    )
}

fn paid_at(order: &Order) -> Option<u64> {
    order
        .history
        .iter()
        .find(|change| change.status == Status::Paid)
        .map(|change| change.at)
}

/// `24/11/2569` in Thai (Buddhist era), `24/11/2026` otherwise; Thai time (UTC+7).
pub fn date(millis: u64, buddhist: bool) -> String {
    let at = time::OffsetDateTime::from_unix_timestamp((millis / 1000) as i64)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH)
        .to_offset(time::macros::offset!(+7));
    let year = if buddhist { at.year() + 543 } else { at.year() };
    format!("{:02}/{:02}/{year}", at.day(), u8::from(at.month()))
}

/// `15,570.00`: documents show satang always.
pub fn amount(value: Satang) -> String {
    value.to_grouped_string()
}

fn branch_text(l: &Labels, branch: &str) -> String {
    if branch == "00000" || branch.is_empty() {
        l.head_office.to_string()
    } else {
        format!("{} {branch}", l.branch)
    }
}

/// Lays out one document. Every page repeats the title and numbers; the lines flow over as
/// many pages as they need, the totals follow the last line.
fn render(
    order: &Order,
    seller: &Seller,
    shop_name: &str,
    l: &Labels,
    kind: &Kind,
    dated: u64,
) -> Result<Vec<u8>, DocumentError> {
    let mut sheet = Sheet::new();
    let right = PAGE_WIDTH - MARGIN;
    let buddhist = l.buddhist_era;
    let (title, number_label, number) = match kind {
        Kind::Receipt => (l.receipt, l.receipt_no, order.number.clone()),
        Kind::TaxInvoice { number, .. } => (l.tax_invoice, l.tax_invoice_no, (*number).to_string()),
        Kind::CreditNote { number, .. } => (l.credit_note, l.credit_note_no, (*number).to_string()),
    };

    let header = |sheet: &mut Sheet| -> f32 {
        let mut y = MARGIN + 18.0;
        sheet.text(MARGIN, y, 17.0, Weight::Bold, Align::Left, ACCENT, title);
        sheet.text(
            right,
            y,
            9.0,
            Weight::Regular,
            Align::Right,
            MUTED,
            l.original,
        );
        y += 22.0;
        let mut facts: Vec<(&str, String)> = vec![
            (number_label, number.clone()),
            (l.date, date(dated, buddhist)),
        ];
        if !matches!(kind, Kind::Receipt) {
            facts.push((l.order_no, order.number.clone()));
        }
        if let Kind::CreditNote {
            invoice,
            invoice_at,
            ..
        } = kind
        {
            facts.push((
                l.refers_to,
                format!("{invoice} ({})", date(*invoice_at, buddhist)),
            ));
        }
        for (label, value) in &facts {
            sheet.text(
                right - 120.0,
                y,
                9.0,
                Weight::Regular,
                Align::Right,
                MUTED,
                label,
            );
            sheet.text(right, y, 9.5, Weight::Bold, Align::Right, INK, value);
            y += 14.0;
        }
        y
    };

    let mut y = header(&mut sheet);
    // Seller and buyer, side by side.
    let column = (PAGE_WIDTH - 2.0 * MARGIN - 20.0) / 2.0;
    let block_top = y + 8.0;
    let seller_lines: Vec<String> = {
        let mut lines = vec![if seller.name.is_empty() {
            shop_name.to_string()
        } else {
            seller.name.clone()
        }];
        lines.extend(pdf::wrap(
            &sheet.fonts,
            &seller.address,
            column,
            9.0,
            Weight::Regular,
        ));
        if !seller.tax_id.is_empty() {
            lines.push(format!("{} {}", l.tax_id, seller.tax_id));
            lines.push(branch_text(l, &seller.branch));
        }
        if !seller.phone.is_empty() {
            lines.push(format!("{} {}", l.phone, seller.phone));
        }
        lines
    };
    let buyer_lines: Vec<String> = match (&order.vat_info, kind) {
        (Some(vat), Kind::TaxInvoice { .. } | Kind::CreditNote { .. }) => {
            let mut lines = vec![vat.name.clone()];
            lines.extend(pdf::wrap(
                &sheet.fonts,
                &vat.address,
                column,
                9.0,
                Weight::Regular,
            ));
            lines.push(format!("{} {}", l.tax_id, vat.tax_id));
            lines.push(branch_text(l, &vat.branch));
            lines
        }
        _ => {
            let a = &order.address;
            let mut lines = vec![a.name.clone()];
            let place = format!("{} {} {} {}", a.line1, a.district, a.province, a.postcode);
            lines.extend(pdf::wrap(
                &sheet.fonts,
                &place,
                column,
                9.0,
                Weight::Regular,
            ));
            lines.push(format!("{} {}", l.phone, a.phone));
            lines
        }
    };
    sheet.text(
        MARGIN,
        block_top,
        8.5,
        Weight::Bold,
        Align::Left,
        MUTED,
        l.seller,
    );
    sheet.text(
        MARGIN + column + 20.0,
        block_top,
        8.5,
        Weight::Bold,
        Align::Left,
        MUTED,
        l.buyer,
    );
    let mut ys = block_top + 15.0;
    for (i, line) in seller_lines.iter().enumerate() {
        let weight = if i == 0 {
            Weight::Bold
        } else {
            Weight::Regular
        };
        sheet.text(MARGIN, ys, 9.5, weight, Align::Left, INK, line);
        ys += 13.0;
    }
    let mut yb = block_top + 15.0;
    for (i, line) in buyer_lines.iter().enumerate() {
        let weight = if i == 0 {
            Weight::Bold
        } else {
            Weight::Regular
        };
        sheet.text(
            MARGIN + column + 20.0,
            yb,
            9.5,
            weight,
            Align::Left,
            INK,
            line,
        );
        yb += 13.0;
    }
    y = ys.max(yb) + 10.0;

    // The lines.
    let cols = [MARGIN + 22.0, right - 215.0, right - 100.0, right];
    let table_head = |sheet: &mut Sheet, y: f32| -> f32 {
        sheet.fill(MARGIN, y, right - MARGIN, 20.0, BAND);
        let base = y + 13.5;
        sheet.text(MARGIN + 4.0, base, 8.5, Weight::Bold, Align::Left, INK, "#");
        sheet.text(
            cols[0],
            base,
            8.5,
            Weight::Bold,
            Align::Left,
            INK,
            l.description,
        );
        sheet.text(cols[1], base, 8.5, Weight::Bold, Align::Right, INK, l.qty);
        sheet.text(
            cols[2],
            base,
            8.5,
            Weight::Bold,
            Align::Right,
            INK,
            l.unit_price,
        );
        sheet.text(
            cols[3],
            base,
            8.5,
            Weight::Bold,
            Align::Right,
            INK,
            l.amount,
        );
        y + 26.0
    };
    y = table_head(&mut sheet, y);
    let description_width = cols[1] - 70.0 - cols[0];
    let bottom = PAGE_HEIGHT - MARGIN - 30.0;
    for (i, line) in order.lines.iter().enumerate() {
        let name = line.name.get(order.lang);
        let name = if name.is_empty() {
            line.name.get(Locale::En)
        } else {
            name
        };
        let wrapped = pdf::wrap(&sheet.fonts, name, description_width, 9.5, Weight::Regular);
        let height = 13.0 * wrapped.len() as f32 + 14.0;
        if y + height > bottom {
            sheet.new_page();
            y = header(&mut sheet) + 10.0;
            y = table_head(&mut sheet, y);
        }
        let total = Satang(line.unit_price.get() * i64::from(line.qty));
        sheet.text(
            MARGIN + 4.0,
            y,
            9.0,
            Weight::Regular,
            Align::Left,
            MUTED,
            &(i + 1).to_string(),
        );
        for (k, part) in wrapped.iter().enumerate() {
            sheet.text(
                cols[0],
                y + 13.0 * k as f32,
                9.5,
                Weight::Regular,
                Align::Left,
                INK,
                part,
            );
        }
        sheet.text(
            cols[0],
            y + 13.0 * wrapped.len() as f32,
            8.0,
            Weight::Regular,
            Align::Left,
            MUTED,
            &line.code,
        );
        sheet.text(
            cols[1],
            y,
            9.5,
            Weight::Regular,
            Align::Right,
            INK,
            &line.qty.to_string(),
        );
        sheet.text(
            cols[2],
            y,
            9.5,
            Weight::Regular,
            Align::Right,
            INK,
            &amount(line.unit_price),
        );
        sheet.text(
            cols[3],
            y,
            9.5,
            Weight::Regular,
            Align::Right,
            INK,
            &amount(total),
        );
        y += height;
        sheet.fill(MARGIN, y - 9.0, right - MARGIN, 0.5, RULE);
        y += 4.0;
    }

    // The totals.
    let q = &order.quote;
    let vat = q.vat;
    let net = Satang(order.total.get() - vat.get());
    let discounts = Satang(q.promotion_discount.get() + q.coupon_discount.get());
    let mut rows: Vec<(&str, String, bool)> = vec![(l.subtotal, amount(q.subtotal), false)];
    if discounts.get() > 0 {
        rows.push((l.discount, amount(Satang(-discounts.get())), false));
    }
    rows.push((l.shipping, amount(q.shipping), false));
    if q.coins.get() > 0 {
        rows.push((l.coins, amount(Satang(-q.coins.get())), false));
    }
    rows.push((l.net, amount(net), false));
    rows.push((l.vat, amount(vat), false));
    let total_label = if matches!(kind, Kind::CreditNote { .. }) {
        l.credited
    } else {
        l.total
    };
    rows.push((total_label, amount(order.total), true));
    let needed = 16.0 * rows.len() as f32 + 60.0;
    if y + needed > bottom {
        sheet.new_page();
        y = header(&mut sheet) + 10.0;
    }
    y += 8.0;
    for (label, value, strong) in &rows {
        let weight = if *strong {
            Weight::Bold
        } else {
            Weight::Regular
        };
        let size = if *strong { 11.0 } else { 9.5 };
        if *strong {
            sheet.fill(right - 250.0, y - 13.0, 250.0, 20.0, BAND);
        }
        sheet.text(right - 110.0, y, size, weight, Align::Right, INK, label);
        sheet.text(right - 4.0, y, size, weight, Align::Right, INK, value);
        y += if *strong { 22.0 } else { 15.0 };
    }
    y += 6.0;
    let payment = match order.payment.method {
        PaymentMethod::Promptpay => l.promptpay,
        PaymentMethod::BankTransfer => l.bank_transfer,
        PaymentMethod::Card2c2p => l.card,
    };
    let note = match kind {
        Kind::CreditNote { .. } => format!(
            "{}: {}",
            l.reason,
            order.cancel_reason.clone().unwrap_or_default()
        ),
        _ => format!("{}: {payment} · {}", l.paid_by, l.vat_included),
    };
    for part in pdf::wrap(&sheet.fonts, &note, right - MARGIN, 9.0, Weight::Regular) {
        sheet.text(MARGIN, y, 9.0, Weight::Regular, Align::Left, MUTED, &part);
        y += 13.0;
    }

    sheet.number_pages(l.page);
    sheet.finish().map_err(DocumentError::Render)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orders::model::{IssuedDocument, OrderDocuments};

    /// A paid Thai order with tax details and a long Thai product name.
    pub(crate) fn thai_order() -> Order {
        let mut order: Order = serde_json::from_value(serde_json::json!({
            "id": 123, "number": "K000123", "userId": 2, "status": "paid", "createdAt": 1_764_000_000_000u64,
            "lang": "th",
            "lines": [
                {"code": "SF-1001", "name": {"en": "Teak sofa", "th": "โซฟาผ้ากำมะหยี่สามที่นั่งพร้อมเบาะรองนั่งนุ่มพิเศษ ผู้ใหญ่นั่งสบาย", "my": "Sofa", "km": "សាឡុង", "id": "Sofa"},
                 "qty": 2, "unitPrice": 778_500, "discount": 0},
                {"code": "TB-2002", "name": {"en": "Dining table", "th": "โต๊ะอาหารไม้สักน้ำตาลเข้ม", "my": "Meja", "km": "តុ", "id": "Meja"},
                 "qty": 1, "unitPrice": 1_250_000, "discount": 0}
            ],
            "itemCount": 3,
            "quote": {"subtotal": 2_807_000, "promotionDiscount": 0, "couponDiscount": 0, "coins": 0, "shipping": 0, "vat": 183_636, "total": 2_807_000, "lineDiscounts": [0, 0]},
            "total": 2_807_000, "coupon": null, "coinsUsed": 0,
            "address": {"name": "มาลี ใจดี", "phone": "0812345678", "line1": "99/1 ซอยสุขุมวิท 31", "district": "คลองเตยเหนือ วัฒนา", "province": "bangkok", "postcode": "10110"},
            "vatInfo": {"name": "บริษัท สยามเฟอร์นิเจอร์ จำกัด", "taxId": "0105561234561", "branch": "00001", "address": "88 ถนนพระราม 4 แขวงคลองเตย เขตคลองเตย กรุงเทพฯ 10110"},
            "payment": {"method": "promptpay"},
            "history": [{"status": "pending_payment", "at": 1_764_000_000_000u64}, {"status": "paid", "at": 1_764_003_600_000u64}],
            "review": null
        }))
        .unwrap();
        order.documents = OrderDocuments {
            tax_invoice: Some(IssuedDocument {
                number: "INV-000042".into(),
                issued_at: 1_764_003_600_000,
            }),
            credit_note: None,
        };
        order
    }

    fn pdftotext(pdf: &[u8]) -> Option<String> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("doc.pdf");
        std::fs::write(&path, pdf).unwrap();
        let out = std::process::Command::new("pdftotext")
            .args(["-layout", path.to_str().unwrap(), "-"])
            .output()
            .ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
    }

    #[test]
    fn receipt_and_tax_invoice_carry_the_required_fields_in_searchable_thai() {
        let order = thai_order();
        let seller = Seller::default();
        let receipt = receipt(&order, &seller, "Kiosk").unwrap();
        let invoice = tax_invoice(&order, &seller).unwrap();
        assert!(receipt.starts_with(b"%PDF"));
        if let Ok(dir) = std::env::var("KIOSK_DOCUMENTS_OUT") {
            std::fs::write(format!("{dir}/receipt.pdf"), &receipt).unwrap();
            std::fs::write(format!("{dir}/tax-invoice.pdf"), &invoice).unwrap();
        }
        let Some(text) = pdftotext(&invoice) else {
            eprintln!("pdftotext (poppler-utils) is not installed: text not checked");
            return;
        };
        for needed in [
            "ใบกำกับภาษี",
            "INV-000042",
            "0105551234567",
            "0105561234561",
            "สาขาที่ / Branch 00001",
            "สำนักงานใหญ่",
            "บริษัท สยามเฟอร์นิเจอร์ จำกัด",
            "โต๊ะอาหารไม้สักน้ำตาลเข้ม",
            "28,070.00",
            "1,836.36",
            "26,233.64",
        ] {
            assert!(text.contains(needed), "{needed:?} missing from:\n{text}");
        }
        let text = pdftotext(&receipt).unwrap();
        assert!(text.contains("ใบเสร็จรับเงิน"), "{text}");
        assert!(text.contains("K000123"), "{text}");
    }

    #[test]
    fn documents_that_were_not_issued_are_refused() {
        let mut order = thai_order();
        assert!(credit_note(&order, &Seller::default()).is_err());
        order.documents.tax_invoice = None;
        assert!(tax_invoice(&order, &Seller::default()).is_err());
        order.history.retain(|c| c.status != Status::Paid);
        assert!(receipt(&order, &Seller::default(), "Kiosk").is_err());
    }

    #[test]
    fn long_orders_flow_over_pages() {
        let mut order = thai_order();
        let line = order.lines[1].clone();
        order.lines = (0..60).map(|_| line.clone()).collect();
        let pdf = receipt(&order, &Seller::default(), "Kiosk").unwrap();
        if let Some(text) = pdftotext(&pdf) {
            assert!(
                text.contains("หน้า 1 / 4") && text.contains("หน้า 4 / 4"),
                "{text}"
            );
            assert_eq!(
                text.matches("TB-2002").count(),
                60,
                "every line printed once"
            );
        }
    }
}
