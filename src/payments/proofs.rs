//! Payment proofs and refunds: the slip a shopper uploads for a PromptPay or bank transfer
//! payment, staff rejecting it with a reason (confirming is the move to `paid`, which accepts
//! it), and staff recording the refund of a cancelled paid order.
//!
//! A slip is checked and cleaned like a product image (`catalog::uploads::check_image`: content,
//! size, pixels, metadata stripped) and stored under `<data_dir>/files/proofs/<order id>/`,
//! named by its hash. The same hash on another order is flagged to staff (`duplicateOf`).

use std::path::{Path, PathBuf};

use crate::activity::{self, Event};
use crate::catalog::uploads::CleanImage;
use crate::domain::{OrderId, UserId};
use crate::orders::guest::Holder;
use crate::orders::model::{
    Order, PaymentMethod, PaymentProof, PaymentStatus, ProofStatus, Status,
};
use crate::orders::store::{ORDER_ID_TO_ORDER, OrderError};
use crate::store::{Store, Txn, ValueTable};

/// Slip hash → the id of the first order it was uploaded for.
pub const PROOF_HASH_TO_ORDER: ValueTable<&str, u64> = ValueTable::new("proof_hash_to_order");

/// Slips one order may collect (rejections included).
pub const MAX_PROOFS: usize = 10;
/// Longest rejection reason and refund reference, in characters.
pub const MAX_REASON: usize = 300;
pub const MAX_REFERENCE: usize = 200;

/// Who does it, for the activity log.
pub struct Who<'a> {
    pub user_id: UserId,
    pub name: &'a str,
    pub kcard: &'a str,
}

/// The folder of an order's slips.
pub fn proof_dir(files_dir: &Path, id: OrderId) -> PathBuf {
    files_dir.join("proofs").join(id.get().to_string())
}

/// A stored slip's name is `<hex hash>.<png|jpg|webp>`; anything else is not ours.
pub fn valid_file_name(name: &str) -> bool {
    let Some((hash, ext)) = name.split_once('.') else {
        return false;
    };
    !hash.is_empty()
        && hash.len() <= 64
        && hash.bytes().all(|b| b.is_ascii_hexdigit())
        && matches!(ext, "png" | "jpg" | "webp")
}

fn text(value: &str, field: &str, max: usize, missing: &str) -> Result<String, OrderError> {
    let value = value.trim();
    if value.is_empty() {
        return Err(OrderError::invalid(
            if field == "reason" {
                "reason_required"
            } else {
                "reference_required"
            },
            format!("{field}: {missing}"),
        ));
    }
    if value.chars().count() > max {
        return Err(OrderError::invalid(
            "invalid_input",
            format!("{field}: at most {max} characters"),
        ));
    }
    Ok(value.to_string())
}

/// Adds a checked slip to the shopper's own unpaid PromptPay or bank transfer order (its
/// account, or a guest holding its key). The file is written first (named by its hash, so
/// writing it twice is harmless), then the order.
pub fn add_proof(
    store: &Store,
    files_dir: &Path,
    id: OrderId,
    holder: &Holder,
    who: &Who,
    image: &CleanImage,
) -> Result<Order, OrderError> {
    let hash = image
        .file_name
        .split_once('.')
        .map(|(h, _)| h.to_string())
        .unwrap_or_default();
    // Checked before writing anything, and again in the transaction.
    store.read(|txn| {
        let order = crate::orders::store::get_in(txn, id)?;
        payable_by(txn, &order, holder)
    })?;
    let dir = proof_dir(files_dir, id);
    std::fs::create_dir_all(&dir)
        .and_then(|()| std::fs::write(dir.join(&image.file_name), &image.bytes))
        .map_err(|source| {
            OrderError::Store(crate::store::StoreError::DataDir {
                path: dir.clone(),
                source,
            })
        })?;
    store.write(|txn| {
        let mut order = ORDER_ID_TO_ORDER
            .read(txn)?
            .get(id.get())?
            .ok_or(OrderError::NotFound(id))?;
        payable_by(txn, &order, holder)?;
        let mut hashes = PROOF_HASH_TO_ORDER.write(txn)?;
        let duplicate_of = match hashes.get(hash.as_str())? {
            Some(other) if other != id.get() => Some(
                ORDER_ID_TO_ORDER
                    .read(txn)?
                    .get(other)?
                    .map_or_else(|| format!("#{other}"), |o| o.number),
            ),
            Some(_) => None,
            None => {
                hashes.put(hash.as_str(), id.get())?;
                None
            }
        };
        drop(hashes);
        // A new slip replaces one still waiting: staff check the latest.
        for proof in &mut order.payment.proofs {
            if proof.status == ProofStatus::Pending {
                proof.status = ProofStatus::Rejected;
                proof.reason = Some("replaced by a newer slip".into());
            }
        }
        order.payment.proofs.push(PaymentProof {
            file: format!("/api/app/order/{}/proof/{}", id.get(), image.file_name),
            hash: hash.clone(),
            uploaded_at: activity::now_millis(),
            status: ProofStatus::Pending,
            reason: None,
            duplicate_of: duplicate_of.clone(),
        });
        ORDER_ID_TO_ORDER.write(txn)?.put(id.get(), &order)?;
        let details = match &duplicate_of {
            Some(other) => format!("{} (same slip as order {other})", image.file_name),
            None => image.file_name.clone(),
        };
        activity::log(
            txn,
            &Event {
                actor: who.name,
                kcard: who.kcard,
                action: "payment proof uploaded",
                target: &format!("order {}", order.number),
                details: &details,
            },
        )?;
        Ok(order)
    })
}

/// The order is the caller's, waits for payment and is paid by PromptPay or bank transfer.
fn payable_by(txn: &impl Txn, order: &Order, holder: &Holder) -> Result<(), OrderError> {
    if !holder.opens(txn, order)? {
        return Err(OrderError::NotFound(order.id));
    }
    if order.status != Status::PendingPayment {
        return Err(OrderError::conflict(
            "not_payable",
            format!(
                "order {} is {}: it no longer waits for payment",
                order.number,
                order.status.as_str()
            ),
        ));
    }
    if !matches!(
        order.payment.method,
        PaymentMethod::Promptpay | PaymentMethod::BankTransfer
    ) {
        return Err(OrderError::conflict(
            "wrong_method",
            "a slip is only needed for PromptPay or bank transfer; this order is paid by card",
        ));
    }
    if order.payment.proofs.len() >= MAX_PROOFS {
        return Err(OrderError::conflict(
            "too_many_proofs",
            format!("at most {MAX_PROOFS} slips per order; please contact the shop"),
        ));
    }
    Ok(())
}

/// Staff reject the slip waiting to be checked; the shopper sees the reason and can upload
/// another.
pub fn reject_proof(
    store: &Store,
    id: OrderId,
    reason: &str,
    who: &Who,
    plan: &crate::outbox::Plan,
) -> Result<Order, OrderError> {
    let reason = text(reason, "reason", MAX_REASON, "say why the slip is rejected")?;
    store.write(|txn| {
        let mut order = ORDER_ID_TO_ORDER
            .read(txn)?
            .get(id.get())?
            .ok_or(OrderError::NotFound(id))?;
        let Some(proof) = order
            .payment
            .proofs
            .iter_mut()
            .rev()
            .find(|p| p.status == ProofStatus::Pending)
        else {
            return Err(OrderError::conflict(
                "no_pending_proof",
                format!("order {} has no slip waiting to be checked", order.number),
            ));
        };
        proof.status = ProofStatus::Rejected;
        proof.reason = Some(reason.clone());
        ORDER_ID_TO_ORDER.write(txn)?.put(id.get(), &order)?;
        crate::outbox::order_event(
            txn,
            plan,
            crate::outbox::Event::ProofRejected,
            &order.outbox_facts(),
            Some(&reason),
        )?;
        activity::log(
            txn,
            &Event {
                actor: who.name,
                kcard: who.kcard,
                action: "payment proof rejected",
                target: &format!("order {}", order.number),
                details: &reason,
            },
        )?;
        Ok(order)
    })
}

/// When an order becomes paid: the slip waiting to be checked is the one accepted. Run by
/// `status::change_status` in the transaction of the move, before the order is written.
pub fn accept_pending(order: &mut Order) {
    if let Some(proof) = order
        .payment
        .proofs
        .iter_mut()
        .rev()
        .find(|p| p.status == ProofStatus::Pending)
    {
        proof.status = ProofStatus::Accepted;
    }
}

/// Staff record a refund the shop owes: the order's payment of a `refund_due` order (it
/// becomes `refunded`), else the oldest extra payment not refunded yet (a card payment
/// received twice). Each counts in the day's refunds; the order's `refundDue` follows.
pub fn record_refund(
    store: &Store,
    id: OrderId,
    reference: &str,
    who: &Who,
) -> Result<Order, OrderError> {
    let reference = text(
        &crate::domain::text::single_line(reference),
        "reference",
        MAX_REFERENCE,
        "write the refund reference",
    )?;
    store.write(|txn| {
        let mut order = ORDER_ID_TO_ORDER
            .read(txn)?
            .get(id.get())?
            .ok_or(OrderError::NotFound(id))?;
        let now = activity::now_millis();
        let (amount, what) = if order.payment.status == PaymentStatus::RefundDue {
            order.payment.status = PaymentStatus::Refunded;
            order.payment.refund_reference = Some(reference.clone());
            (order.total, "the order's payment".to_string())
        } else if let Some(extra) = order
            .payment
            .extra_payments
            .iter_mut()
            .find(|e| e.refund_reference.is_none())
        {
            extra.refund_reference = Some(reference.clone());
            extra.refunded_at = Some(now);
            (extra.amount, format!("extra payment ({})", extra.reference))
        } else {
            return Err(OrderError::conflict(
                "not_refund_due",
                format!("order {} has no refund due", order.number),
            ));
        };
        crate::orders::store::note_refund_state(txn, &mut order)?;
        ORDER_ID_TO_ORDER.write(txn)?.put(id.get(), &order)?;
        crate::orders::sales::record_refund(txn, amount, now)?;
        activity::log_with(
            txn,
            &Event {
                actor: who.name,
                kcard: who.kcard,
                action: "order refunded",
                target: &format!("order {}", order.number),
                details: &format!(
                    "{}.{:02} baht, {what}: {reference}",
                    amount.get() / 100,
                    amount.get() % 100
                ),
            },
            &[
                ("amountSatang", amount.get().to_string()),
                ("reference", reference.to_string()),
            ],
        )?;
        Ok(order)
    })
}
