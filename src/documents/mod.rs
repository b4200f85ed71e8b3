//! The money documents as PDF: the receipt of a paid order (in the shopper's language), the
//! Thai full tax invoice (ใบกำกับภาษีเต็มรูป, Thai and English) with the fields the Revenue
//! Department requires, and the credit note (ใบลดหนี้) that reverses it when an invoiced order
//! is cancelled. Text is shaped with the shop's fonts (`pdf`), so Thai tone marks and vowels
//! sit on their consonants and the text can be searched and copied.
//!
//! An issued document never changes. Each is composed once, when it is issued, into a
//! [`Print`] of every word and figure it shows (`print`); the print is stored (`issued`) and
//! the PDF is drawn from it alone (`draw`). See `docs/DOCUMENTS.md`.
//!
//! Documents stand above orders: numbering a tax invoice or credit note when an order is paid
//! or cancelled, freezing its print and writing the messages that carry it is `paperwork`,
//! which the payments run in the transaction of the move.

pub mod catalogue;
mod draw;
pub mod etax;
pub mod issued;
pub mod paperwork;
pub mod pdf;
mod print;
mod wording;

pub use draw::draw;
pub use print::{Print, compose};

use crate::config::Config;
use crate::domain::Satang;
use crate::orders::model::{Order, Status};
use crate::store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum DocumentError {
    /// The order says the document was issued, but its print is missing.
    #[error("the {document} of order {order} was issued but its print is missing")]
    NoPrint {
        order: String,
        document: &'static str,
    },
    #[error("the PDF could not be written: {0}")]
    Render(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Which money document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocumentKind {
    Receipt,
    TaxInvoice,
    CreditNote,
}

impl DocumentKind {
    pub const ALL: [DocumentKind; 3] = [
        DocumentKind::Receipt,
        DocumentKind::TaxInvoice,
        DocumentKind::CreditNote,
    ];

    /// The second half of its print's key. Stored: never renumber.
    pub fn key(self) -> u64 {
        match self {
            DocumentKind::Receipt => 1,
            DocumentKind::TaxInvoice => 2,
            DocumentKind::CreditNote => 3,
        }
    }

    /// "receipt", "tax invoice", "credit note": for messages.
    pub fn what(self) -> &'static str {
        match self {
            DocumentKind::Receipt => "receipt",
            DocumentKind::TaxInvoice => "tax invoice",
            DocumentKind::CreditNote => "credit note",
        }
    }

    /// When the order was issued this document (Unix milliseconds); `None` when it was not:
    /// a receipt once the order was paid (a cancelled order that had been paid keeps it), the
    /// tax invoice and credit note once numbered.
    pub fn issued_at(self, order: &Order) -> Option<u64> {
        match self {
            DocumentKind::Receipt => order
                .history
                .iter()
                .find(|change| change.status == Status::Paid)
                .map(|change| change.at),
            DocumentKind::TaxInvoice => order.documents.tax_invoice.as_ref().map(|d| d.issued_at),
            DocumentKind::CreditNote => order.documents.credit_note.as_ref().map(|d| d.issued_at),
        }
    }

    /// `receipt-K000123.pdf`, `tax-invoice-INV-000001.pdf`, `credit-note-CN-000001.pdf`.
    pub fn file_name(self, order: &Order) -> Option<String> {
        self.issued_at(order)?;
        let docs = &order.documents;
        Some(match self {
            DocumentKind::Receipt => format!("receipt-{}.pdf", order.number),
            DocumentKind::TaxInvoice => {
                format!("tax-invoice-{}.pdf", docs.tax_invoice.as_ref()?.number)
            }
            DocumentKind::CreditNote => {
                format!("credit-note-{}.pdf", docs.credit_note.as_ref()?.number)
            }
        })
    }
}

/// Who issues the documents, as the configuration says at the moment of issue: the `[seller]`
/// block, and the shop's name for receipts when no registered name is set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Issuer {
    pub name: String,
    pub address: String,
    pub tax_id: String,
    pub branch: String,
    pub phone: String,
    pub shop_name: String,
}

impl Issuer {
    pub fn from_config(config: &Config) -> Issuer {
        let seller = &config.seller;
        Issuer {
            name: seller.name.clone(),
            address: seller.address.clone(),
            tax_id: seller.tax_id.clone(),
            branch: seller.branch.clone(),
            phone: seller.phone.clone(),
            shop_name: config.shop_name.clone(),
        }
    }
}

/// `15,570.00`: documents show satang always.
pub fn amount(value: Satang) -> String {
    value.to_grouped_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::words::Texts;
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

    pub(crate) fn pdftotext(pdf: &[u8]) -> Option<String> {
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

    /// The shop as the default configuration issues its documents.
    pub(crate) fn issuer() -> Issuer {
        Issuer::from_config(&Config::default())
    }

    pub(crate) fn pdf_of(order: &Order, issuer: &Issuer, kind: DocumentKind) -> Vec<u8> {
        draw(&compose(order, issuer, kind, &Texts::shipped()).expect("issued")).unwrap()
    }

    #[test]
    fn receipt_and_tax_invoice_carry_the_required_fields_in_searchable_thai() {
        let order = thai_order();
        let receipt = pdf_of(&order, &issuer(), DocumentKind::Receipt);
        let invoice = pdf_of(&order, &issuer(), DocumentKind::TaxInvoice);
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
    fn a_variant_line_prints_the_name_then_the_choice_and_the_variant_code() {
        let mut order = thai_order();
        let line = &mut order.lines[1];
        line.code = "TB-2002-WHT-180".into();
        line.product_code = Some("TB-2002".into());
        line.choice = Some(crate::content::model::Localized {
            en: "White / 180 cm".into(),
            th: "ขาว / 180 ซม.".into(),
            ..Default::default()
        });
        for kind in [DocumentKind::Receipt, DocumentKind::TaxInvoice] {
            let print = compose(&order, &issuer(), kind, &Texts::shipped()).unwrap();
            assert_eq!(print.lines[1].name, "โต๊ะอาหารไม้สักน้ำตาลเข้ม — ขาว / 180 ซม.");
            assert_eq!(print.lines[1].code, "TB-2002-WHT-180");
            assert_eq!(
                print.lines[0].name, order.lines[0].name.th,
                "no choice, no dash"
            );
            let Some(text) = pdftotext(&draw(&print).unwrap()) else {
                continue;
            };
            assert!(text.contains("ขาว / 180 ซม."), "{text}");
            assert!(text.contains("TB-2002-WHT-180"), "{text}");
        }
    }

    #[test]
    fn documents_that_were_not_issued_are_refused() {
        let mut order = thai_order();
        let issuer = issuer();
        assert!(compose(&order, &issuer, DocumentKind::CreditNote, &Texts::shipped()).is_none());
        order.documents.tax_invoice = None;
        assert!(compose(&order, &issuer, DocumentKind::TaxInvoice, &Texts::shipped()).is_none());
        order.history.retain(|c| c.status != Status::Paid);
        assert!(compose(&order, &issuer, DocumentKind::Receipt, &Texts::shipped()).is_none());
    }

    #[test]
    fn a_stored_print_draws_the_same_bytes_every_time() {
        let order = thai_order();
        for kind in [DocumentKind::Receipt, DocumentKind::TaxInvoice] {
            let print = compose(&order, &issuer(), kind, &Texts::shipped()).unwrap();
            let stored: Print =
                serde_json::from_slice(&serde_json::to_vec(&print).unwrap()).unwrap();
            assert_eq!(stored, print);
            assert_eq!(draw(&stored).unwrap(), draw(&print).unwrap(), "{kind:?}");
        }
    }

    #[test]
    fn long_orders_flow_over_pages() {
        let mut order = thai_order();
        let line = order.lines[1].clone();
        order.lines = (0..60).map(|_| line.clone()).collect();
        let pdf = pdf_of(&order, &issuer(), DocumentKind::Receipt);
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
