//! The prints of issued documents: one row per order and document, written in the transaction
//! that issues the document (the payment's for the receipt and the tax invoice, the
//! cancellation's for the credit note), never rewritten, and the only source the PDFs are drawn
//! from. A print is written once and read for ever after, so what the shopper, the accountant
//! and the Revenue Department see stays what was issued.
//!
//! Databases from before prints were stored hold documents without them. Their seller block
//! lives in the configuration, which migrations do not read, so migration 13 leaves a mark in
//! `meta` and the shop's next start freezes them from what they showed until then
//! ([`freeze_earlier`]), once.

use redb::WriteTransaction;

use super::print::{Print, compose};
use super::{DocumentError, DocumentKind, Issuer, draw};
use crate::content::words::Texts;
use crate::i18n::Locale;
use crate::orders::model::Order;
use crate::orders::store::ORDER_ID_TO_ORDER;
use crate::store::{JsonTable, META, Store, StoreError, Txn};

/// (order id, [`DocumentKind::key`]) → the [`Print`] of that document.
pub const ORDER_DOCUMENT_TO_PRINT: JsonTable<(u64, u64), Print> =
    JsonTable::new("order_document_to_print");

/// The `meta` key migration 13 writes: documents issued before it wait to be frozen.
pub const UNFROZEN_MARK: &str = "documents_to_freeze";

/// Writes the print of every document the order has been issued that has none yet, as
/// `issuer` issues it now. Called in the transaction that issues them, so no document
/// exists without its print; a document that has one keeps it.
pub fn freeze(txn: &WriteTransaction, order: &Order, issuer: &Issuer) -> Result<u64, StoreError> {
    let issued: Vec<DocumentKind> = DocumentKind::ALL
        .into_iter()
        .filter(|kind| kind.issued_at(order).is_some())
        .collect();
    if issued.is_empty() {
        // The placement of an order: nothing issued, no table opened.
        return Ok(0);
    }
    let mut prints = ORDER_DOCUMENT_TO_PRINT.write(txn)?;
    let mut unprinted = Vec::new();
    for kind in issued {
        if !prints.contains((order.id.get(), kind.key()))? {
            unprinted.push(kind);
        }
    }
    if unprinted.is_empty() {
        // A later move of a paid order: every print exists, no words to read.
        return Ok(0);
    }
    // The words as the store holds them now, the owner's edits included.
    let texts = Texts::read(txn, &[Locale::En, Locale::Th, order.lang])?;
    let mut frozen = 0;
    for kind in unprinted {
        let key = (order.id.get(), kind.key());
        if let Some(print) = compose(order, issuer, kind, &texts) {
            prints.put(key, &print)?;
            frozen += 1;
        }
    }
    Ok(frozen)
}

/// The print of one document, if it was issued.
pub fn printed(
    txn: &impl Txn,
    order: &Order,
    kind: DocumentKind,
) -> Result<Option<Print>, StoreError> {
    ORDER_DOCUMENT_TO_PRINT
        .read(txn)?
        .get((order.id.get(), kind.key()))
}

/// The PDF of one of the order's documents, drawn from its print; `None` when the order has no
/// such document. A document the order says was issued but that has no print is an error,
/// never a document drawn from today's settings.
pub fn pdf(
    store: &Store,
    order: &Order,
    kind: DocumentKind,
) -> Result<Option<Vec<u8>>, DocumentError> {
    match print_of(store, order, kind)? {
        Some(print) => draw(&print).map(Some),
        None => Ok(None),
    }
}

/// The stored print of one of the order's documents; `None` when the order has no such
/// document, an error when it has one without a print.
pub fn print_of(
    store: &Store,
    order: &Order,
    kind: DocumentKind,
) -> Result<Option<Print>, DocumentError> {
    if kind.issued_at(order).is_none() {
        return Ok(None);
    }
    store
        .read(|txn| printed(txn, order, kind))?
        .ok_or_else(|| DocumentError::NoPrint {
            order: order.number.clone(),
            document: kind.what(),
        })
        .map(Some)
}

/// Freezes the documents issued before prints were stored, from what they show with the
/// seller settings of this start, once: the first start after migration 13 does the work and
/// takes the mark away. Answers how many prints it wrote.
pub fn freeze_earlier(store: &Store, issuer: &Issuer) -> Result<u64, StoreError> {
    let marked = store.read(|txn| META.read(txn)?.get(UNFROZEN_MARK))?;
    if marked.is_none() {
        return Ok(0);
    }
    let frozen = store.write(|txn| {
        let mut frozen = 0;
        ORDER_ID_TO_ORDER.read(txn)?.try_for_each(|_, order| {
            frozen += freeze(txn, &order, issuer)?;
            Ok::<(), StoreError>(())
        })?;
        META.write(txn)?.remove(UNFROZEN_MARK)?;
        Ok::<u64, StoreError>(frozen)
    })?;
    tracing::info!(
        frozen,
        "documents issued before this release frozen as they showed"
    );
    Ok(frozen)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::documents::tests::{issuer, pdftotext, thai_order};
    use crate::orders::model::IssuedDocument;

    fn other_seller() -> Issuer {
        Issuer {
            name: "New Owner Trading Co., Ltd.".into(),
            address: "1 New Road, Chiang Mai 50000".into(),
            tax_id: "0505550000127".into(),
            ..issuer()
        }
    }

    #[test]
    fn a_frozen_document_keeps_its_seller_when_the_settings_change() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let mut order = thai_order();
        order.cancel_reason = Some("out of stock".into());
        order.documents.credit_note = Some(IssuedDocument {
            number: "CN-000007".into(),
            issued_at: 1_764_090_000_000,
        });
        let frozen = store.write(|txn| freeze(txn, &order, &issuer())).unwrap();
        assert_eq!(frozen, 3, "receipt, tax invoice and credit note");
        let before: Vec<Vec<u8>> = DocumentKind::ALL
            .iter()
            .map(|&kind| pdf(&store, &order, kind).unwrap().unwrap())
            .collect();

        // The owner changes the seller block, a product is renamed: nothing issued changes.
        order.lines[1].name.th = "ชื่อใหม่".into();
        let again = store
            .write(|txn| freeze(txn, &order, &other_seller()))
            .unwrap();
        assert_eq!(again, 0);
        for (kind, earlier) in DocumentKind::ALL.iter().zip(&before) {
            let now = pdf(&store, &order, *kind).unwrap().unwrap();
            assert!(now == *earlier, "the {} changed", kind.what());
            if let Some(text) = pdftotext(&now) {
                assert!(text.contains("Kiosk Furniture Co., Ltd."), "{text}");
                assert!(!text.contains("New Owner"), "{text}");
                assert!(!text.contains("ชื่อใหม่"), "{text}");
            }
        }
    }

    #[test]
    fn an_issued_document_without_its_print_is_an_error_not_a_fresh_drawing() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let order = thai_order();
        match pdf(&store, &order, DocumentKind::TaxInvoice) {
            Err(DocumentError::NoPrint { document, .. }) => assert_eq!(document, "tax invoice"),
            other => panic!("{other:?}"),
        }
        assert!(
            pdf(&store, &order, DocumentKind::CreditNote)
                .unwrap()
                .is_none()
        );
    }
}
