//! e-Tax Invoice by Email (ใบกำกับภาษีอิเล็กทรอนิกส์ทางอีเมล): the Revenue Department's channel
//! for small VAT-registered businesses. A full tax invoice or credit note is a PDF/A-3 file
//! mailed to the buyer with a copy to ETDA's time-stamp mailbox, which stamps it and forwards
//! it to the Revenue Department (docs/DOCUMENTS.md, "e-Tax Invoice by Email").
//!
//! What this floor gives the sender: the PDF/A-3b of an issued document, drawn from its frozen
//! print like every other copy (so the file mailed, downloaded and stamped says the same), the
//! subject of its mail, and the bound on its size. Writing one message per document, in the
//! transaction that issues it, is `paperwork`'s; sending it is `notify`'s.

use super::pdf::Archival;
use super::print::Print;
use super::{DocumentError, DocumentKind, draw, issued};
use crate::orders::model::Order;
use crate::store::Store;

/// The largest e-Tax attachment the shop sends: a document over it is not mailed (the staff
/// order view shows why). Chosen well under what mail servers take; a shop's tax invoice of a
/// few pages is about 60 KB.
pub const MAX_ATTACHMENT_BYTES: usize = 3 * 1024 * 1024;

/// The documents that travel by e-Tax Invoice by Email; receipts do not.
pub fn is_etax(kind: DocumentKind) -> bool {
    matches!(kind, DocumentKind::TaxInvoice | DocumentKind::CreditNote)
}

/// The number of an issued tax document (`INV-000001`, `CN-000001`).
pub fn number(order: &Order, kind: DocumentKind) -> Option<&str> {
    let docs = &order.documents;
    match kind {
        DocumentKind::TaxInvoice => docs.tax_invoice.as_ref().map(|d| d.number.as_str()),
        DocumentKind::CreditNote => docs.credit_note.as_ref().map(|d| d.number.as_str()),
        DocumentKind::Receipt => None,
    }
}

/// What the document is called, in Thai then English, as on the document itself.
fn called(kind: DocumentKind) -> &'static str {
    match kind {
        DocumentKind::TaxInvoice => "ใบกำกับภาษี / Tax invoice",
        DocumentKind::CreditNote => "ใบลดหนี้ / Credit note",
        DocumentKind::Receipt => "ใบเสร็จรับเงิน / Receipt",
    }
}

/// The subject of the mail that carries one document: its type and number
/// (`ใบกำกับภาษี / Tax invoice INV-000001`), one document per mail.
pub fn subject(order: &Order, kind: DocumentKind) -> Option<String> {
    Some(format!("{} {}", called(kind), number(order, kind)?))
}

/// The file name of the attachment (`tax-invoice-INV-000001.pdf`).
pub fn file_name(order: &Order, kind: DocumentKind) -> Option<String> {
    is_etax(kind).then(|| kind.file_name(order)).flatten()
}

/// The metadata a document's PDF/A-3 carries: only facts fixed when it was issued.
fn about(order: &Order, kind: DocumentKind, print: &Print) -> Option<Archival> {
    Some(Archival {
        title: format!("{} {}", print.title, number(order, kind)?),
        author: print.seller.name.clone(),
        language: "th".into(),
        document_id: number(order, kind)?.to_string(),
        issued_at: kind.issued_at(order)?,
    })
}

/// The PDF/A-3b of a print, checked by krilla's validator as it is written.
pub fn draw_pdfa(
    order: &Order,
    kind: DocumentKind,
    print: &Print,
) -> Result<Vec<u8>, DocumentError> {
    let about = about(order, kind, print).ok_or_else(|| {
        DocumentError::Render(format!(
            "order {} has no {} to archive",
            order.number,
            kind.what()
        ))
    })?;
    draw::draw_archival(print, &about)
}

/// The PDF/A-3b of one of the order's tax documents, drawn from the print frozen when it was
/// issued; `None` when the order has no such document (or it is a receipt).
pub fn pdf(
    store: &Store,
    order: &Order,
    kind: DocumentKind,
) -> Result<Option<Vec<u8>>, DocumentError> {
    if !is_etax(kind) {
        return Ok(None);
    }
    match issued::print_of(store, order, kind)? {
        Some(print) => draw_pdfa(order, kind, &print).map(Some),
        None => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::documents::compose;
    use crate::documents::tests::{issuer, pdftotext, thai_order};
    use crate::orders::model::IssuedDocument;

    fn run(program: &str, args: &[&str], pdf: &[u8]) -> Option<String> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("doc.pdf");
        std::fs::write(&path, pdf).unwrap();
        let mut command = std::process::Command::new(program);
        command.args(args).arg(&path);
        let out = command.output().ok()?;
        assert!(
            out.status.success(),
            "{program}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        Some(String::from_utf8_lossy(&out.stdout).into_owned())
    }

    fn credited() -> Order {
        let mut order = thai_order();
        order.cancel_reason = Some("สินค้าชำรุด".into());
        order.documents.credit_note = Some(IssuedDocument {
            number: "CN-000007".into(),
            issued_at: 1_764_090_000_000,
        });
        order
    }

    #[test]
    fn tax_documents_are_pdf_a3b_with_the_same_words_and_the_same_bytes_every_time() {
        let order = credited();
        for kind in [DocumentKind::TaxInvoice, DocumentKind::CreditNote] {
            let print = compose(
                &order,
                &issuer(),
                kind,
                &crate::content::words::Texts::shipped(),
            )
            .unwrap();
            // krilla's PDF/A-3b validator runs as the file is written: a violation is an error.
            let pdf = draw_pdfa(&order, kind, &print).expect("conforms to PDF/A-3b");
            assert_eq!(pdf, draw_pdfa(&order, kind, &print).unwrap(), "{kind:?}");
            assert_ne!(pdf, draw(&print).unwrap(), "not the plain PDF");
            if let Ok(dir) = std::env::var("KIOSK_DOCUMENTS_OUT") {
                std::fs::write(format!("{dir}/etax-{}.pdf", kind.key()), &pdf).unwrap();
            }
            let Some(meta) = run("pdfinfo", &["-meta"], &pdf) else {
                eprintln!("pdfinfo (poppler-utils) is not installed: metadata not checked");
                continue;
            };
            assert!(meta.contains("<pdfaid:part>3</pdfaid:part>"), "{meta}");
            assert!(
                meta.contains("<pdfaid:conformance>B</pdfaid:conformance>"),
                "{meta}"
            );
            let info = run("pdfinfo", &[], &pdf).unwrap();
            assert!(
                info.lines()
                    .any(|l| l.starts_with("PDF version:") && l.ends_with(" 1.7")),
                "{info}"
            );
            assert!(
                info.contains(number(&order, kind).unwrap()),
                "title: {info}"
            );
            let fonts = run("pdffonts", &[], &pdf).unwrap();
            for line in fonts.lines().skip(2) {
                assert!(line.contains(" yes "), "every font embedded: {fonts}");
            }
            let text = pdftotext(&pdf).unwrap();
            assert!(text.contains("บริษัท สยามเฟอร์นิเจอร์ จำกัด"), "{text}");
        }
    }

    #[test]
    fn a_document_that_would_break_pdf_a_is_refused_not_written() {
        let mut order = thai_order();
        // No font of the shop has this glyph: PDF/A forbids drawing the missing-glyph box.
        order.lines[0].name.th = "โซฟา \u{1F6CB}".into();
        let print = compose(
            &order,
            &issuer(),
            DocumentKind::TaxInvoice,
            &crate::content::words::Texts::shipped(),
        )
        .unwrap();
        assert!(draw(&print).is_ok(), "a plain PDF still draws");
        match draw_pdfa(&order, DocumentKind::TaxInvoice, &print) {
            Err(DocumentError::Render(why)) => {
                assert_eq!(why, "not PDF/A-3b: no font of the shop has \"\u{1F6CB}\"")
            }
            other => panic!("{:?}", other.map(|b| b.len())),
        }
    }

    #[test]
    fn subjects_name_one_document_each_and_receipts_are_not_etax() {
        let order = credited();
        assert_eq!(
            subject(&order, DocumentKind::TaxInvoice).unwrap(),
            "ใบกำกับภาษี / Tax invoice INV-000042"
        );
        assert_eq!(
            subject(&order, DocumentKind::CreditNote).unwrap(),
            "ใบลดหนี้ / Credit note CN-000007"
        );
        assert!(subject(&order, DocumentKind::Receipt).is_none());
        assert!(file_name(&order, DocumentKind::Receipt).is_none());
        assert_eq!(
            file_name(&order, DocumentKind::CreditNote).unwrap(),
            "credit-note-CN-000007.pdf"
        );
    }
}
