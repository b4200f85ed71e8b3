//! The migrations, one function per schema version, in the order `migrate.rs` runs them.
//!
//! Migrations are frozen text: once released, a migration's code never changes. Each names
//! its tables by their literal names and on-disk key/value types, and decodes rows with its own local structs. It
//! never uses the domains' table constants, models or seeding code, because those follow the
//! current release: the day `Product` gains a required field or a table constant is renamed,
//! a migration written against them would stop upgrading old databases, or would quietly do
//! something different from what it did when it shipped. So this file imports no domain
//! module; the tables they create are the shop's tables (`tables.rs` learns the list from
//! them), and `migrate_tests.rs` holds them to the domains' table constants and their
//! upgrades to the live readers.

use redb::{Key, ReadableTable, TableDefinition, Value, WriteTransaction};
use serde::Deserialize;
use sha2::{Digest, Sha256};

use super::StoreError;
use super::migrate::META;

/// Creates (or, if it exists, checks the types of) one table. Migrations name each table by
/// its literal name and on-disk types, so a later rename in a domain cannot change them.
fn create<K: Key + 'static, V: Value + 'static>(
    txn: &WriteTransaction,
    name: &str,
) -> Result<(), StoreError> {
    txn.open_table(TableDefinition::<K, V>::new(name))?;
    Ok(())
}

/// Version 1: every table the first release used, created empty so readers never meet a
/// missing table.
pub(super) fn v1_base_tables(txn: &WriteTransaction) -> Result<(), StoreError> {
    create::<&str, &str>(txn, "meta")?;
    create::<&str, &[u8]>(txn, "locale_code_to_messages")?;
    create::<&str, &[u8]>(txn, "label_set_to_labels")?;
    create::<&str, &[u8]>(txn, "page_name_to_page")?;
    create::<&str, &[u8]>(txn, "admin_role_to_menus")?;
    create::<&str, &[u8]>(txn, "room_key_to_room")?;
    create::<&str, &[u8]>(txn, "category_key_to_category")?;
    create::<&str, &[u8]>(txn, "secret_name_to_bytes")?;
    Ok(())
}

/// Version 2: remember, per seeded document, the hash of the text we seeded. Later releases
/// then update documents the owner never edited (new translations reach old shops) and leave
/// edited ones alone. Version 1 had no editing, so what is stored is what was seeded.
///
/// The hash is the one seeding compares with (`store::seed`): `"<table>/<key>"` → lowercase hex
/// SHA-256 of the stored bytes. It is written out here rather than called, so that a change
/// to seeding cannot change what this migration recorded.
pub(super) fn v2_seed_hashes(txn: &WriteTransaction) -> Result<(), StoreError> {
    const SEED_DOCUMENT_TO_HASH: TableDefinition<&str, &str> =
        TableDefinition::new("seed_document_to_hash");
    // The tables version 2 seeded, all `&str` → JSON bytes.
    const SEEDED_TABLES: [&str; 4] = [
        "locale_code_to_messages",
        "label_set_to_labels",
        "page_name_to_page",
        "admin_role_to_menus",
    ];
    let mut hashes = txn.open_table(SEED_DOCUMENT_TO_HASH)?;
    for name in SEEDED_TABLES {
        let table = txn.open_table(TableDefinition::<&str, &[u8]>::new(name))?;
        for entry in table.iter()? {
            let (key, value) = entry?;
            let id = format!("{name}/{}", key.value());
            let hash = hex::encode(Sha256::digest(value.value()));
            hashes.insert(id.as_str(), hash.as_str())?;
        }
    }
    Ok(())
}

/// Version 3: accounts (users, the username index, id sequences).
pub(super) fn v3_users(txn: &WriteTransaction) -> Result<(), StoreError> {
    create::<&str, u64>(txn, "sequence_name_to_next")?;
    create::<u64, &[u8]>(txn, "user_id_to_user")?;
    create::<&str, u64>(txn, "username_to_user_id")?;
    Ok(())
}

/// Version 4: what sign-in, logout, coins and the activity log need.
pub(super) fn v4_accounts(txn: &WriteTransaction) -> Result<(), StoreError> {
    create::<&str, u64>(txn, "provider_subject_to_user_id")?;
    create::<&str, u64>(txn, "revoked_token_to_expiry")?;
    create::<(u64, u64), &[u8]>(txn, "coin_ledger")?;
    create::<(u64, u64), &[u8]>(txn, "log_time_to_line")?;
    Ok(())
}

/// Version 5: products.
pub(super) fn v5_products(txn: &WriteTransaction) -> Result<(), StoreError> {
    create::<&str, &[u8]>(txn, "product_code_to_product")?;
    Ok(())
}

/// Version 6: carts.
pub(super) fn v6_carts(txn: &WriteTransaction) -> Result<(), StoreError> {
    create::<&str, &[u8]>(txn, "cart_owner_to_cart")?;
    Ok(())
}

/// Version 7: promotions, coupons and coupon uses.
pub(super) fn v7_pricing(txn: &WriteTransaction) -> Result<(), StoreError> {
    create::<&str, &[u8]>(txn, "promotion_id_to_promotion")?;
    create::<&str, &[u8]>(txn, "coupon_code_to_coupon")?;
    create::<&str, u64>(txn, "coupon_key_to_uses")?;
    Ok(())
}

/// Version 8: orders, their per-shopper index and idempotency keys; stock levels in their own
/// table, starting from the level each product document carries.
pub(super) fn v8_orders(txn: &WriteTransaction) -> Result<(), StoreError> {
    const PRODUCT_CODE_TO_PRODUCT: TableDefinition<&str, &[u8]> =
        TableDefinition::new("product_code_to_product");
    const STOCK_CODE_TO_LEVEL: TableDefinition<&str, u64> =
        TableDefinition::new("stock_code_to_level");

    /// The one field of a version-7 product document this migration needs. A missing `stock`
    /// is 0, as it was for version-7 readers; every other field is ignored, so a product the
    /// catalogue of a later release would reject still gets its stock level.
    #[derive(Deserialize)]
    struct ProductV7Stock {
        #[serde(default)]
        stock: u32,
    }

    create::<u64, &[u8]>(txn, "order_id_to_order")?;
    create::<(u64, u64), &[u8]>(txn, "order_user_to_order")?;
    create::<&str, u64>(txn, "order_key_to_order")?;
    let products = txn.open_table(PRODUCT_CODE_TO_PRODUCT)?;
    let mut stock = txn.open_table(STOCK_CODE_TO_LEVEL)?;
    for entry in products.iter()? {
        let (code, value) = entry?;
        let product: ProductV7Stock =
            serde_json::from_slice(value.value()).map_err(|source| StoreError::BadDocument {
                key: code.value().to_string(),
                source,
            })?;
        stock.insert(code.value(), u64::from(product.stock))?;
    }
    Ok(())
}

/// Version 9: what the staff area needs. Role permissions (seeded later like every document),
/// orders indexed by status and by search term, and sales totals per shop day (UTC+7), all
/// filled from the orders a version-8 shop already has.
pub(super) fn v9_staff(txn: &WriteTransaction) -> Result<(), StoreError> {
    use std::collections::{BTreeMap, BTreeSet};

    const ORDER_ID_TO_ORDER: TableDefinition<u64, &[u8]> =
        TableDefinition::new("order_id_to_order");
    const ORDER_STATUS_TO_ORDER: TableDefinition<(u64, u64), &[u8]> =
        TableDefinition::new("order_status_to_order");
    const ORDER_TERM_TO_ORDER: TableDefinition<(&str, u64), &[u8]> =
        TableDefinition::new("order_term_to_order");
    const SALES_DAY_TO_TOTALS: TableDefinition<&str, &[u8]> =
        TableDefinition::new("sales_day_to_totals");

    /// What this migration reads of a version-8 order.
    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct OrderV8 {
        number: String,
        status: String,
        created_at: u64,
        total: i64,
        #[serde(default)]
        quote: QuoteV8,
        payment: PaymentV8,
        #[serde(default)]
        kcard: String,
        address: AddressV8,
        #[serde(default)]
        vat_info: Option<VatV8>,
        #[serde(default)]
        lines: Vec<LineV8>,
    }
    #[derive(Deserialize, Default)]
    struct QuoteV8 {
        #[serde(default)]
        vat: i64,
    }
    #[derive(Deserialize)]
    struct PaymentV8 {
        method: String,
    }
    #[derive(Deserialize)]
    struct AddressV8 {
        #[serde(default)]
        name: String,
        #[serde(default)]
        phone: String,
    }
    #[derive(Deserialize)]
    struct VatV8 {
        #[serde(default)]
        name: String,
    }
    #[derive(Deserialize)]
    struct LineV8 {
        code: String,
        qty: u64,
    }
    #[derive(serde::Serialize, Default)]
    #[serde(rename_all = "camelCase")]
    struct Tally {
        orders: u64,
        revenue: i64,
    }
    #[derive(serde::Serialize, Default)]
    #[serde(rename_all = "camelCase")]
    struct DayTotals {
        orders: u64,
        revenue: i64,
        vat: i64,
        by_payment: BTreeMap<String, Tally>,
        by_kcard: BTreeMap<String, Tally>,
        products: BTreeMap<String, u64>,
    }

    create::<&str, &[u8]>(txn, "role_name_to_permissions")?;
    create::<&str, &[u8]>(txn, "reset_token_to_ticket")?;
    let orders = txn.open_table(ORDER_ID_TO_ORDER)?;
    let mut by_status = txn.open_table(ORDER_STATUS_TO_ORDER)?;
    let mut by_term = txn.open_table(ORDER_TERM_TO_ORDER)?;
    let mut days: BTreeMap<String, DayTotals> = BTreeMap::new();
    for entry in orders.iter()? {
        let (id, value) = entry?;
        let id = id.value();
        let order: OrderV8 =
            serde_json::from_slice(value.value()).map_err(|source| StoreError::BadDocument {
                key: format!("order {id}"),
                source,
            })?;
        let code = match order.status.as_str() {
            "pending_payment" => 0,
            "paid" => 1,
            "preparing" => 2,
            "shipped" => 3,
            "delivered" => 4,
            _ => 5,
        };
        by_status.insert((code, id), [].as_slice())?;
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
        let names = order.vat_info.iter().map(|v| v.name.as_str());
        for name in std::iter::once(order.address.name.as_str()).chain(names) {
            terms.extend(name.split_whitespace().map(str::to_lowercase));
        }
        for term in terms.iter().filter(|t| t.len() <= 100) {
            by_term.insert((term.as_str(), id), [].as_slice())?;
        }
        if code == 5 {
            continue;
        }
        // The shop day in Thai time (UTC+7).
        let local_days = (order.created_at / 1000 + 7 * 3600) / 86_400;
        let date = time::Date::from_julian_day(2_440_588 + local_days as i32)
            .map_err(|e| StoreError::Failed(format!("order {id}: {e}")))?;
        let key = format!(
            "{:04}-{:02}-{:02}",
            date.year(),
            u8::from(date.month()),
            date.day()
        );
        let day = days.entry(key).or_default();
        day.orders += 1;
        day.revenue += order.total;
        day.vat += order.quote.vat;
        for (slices, slice) in [
            (&mut day.by_payment, order.payment.method.clone()),
            (&mut day.by_kcard, order.kcard.clone()),
        ] {
            let tally = slices.entry(slice).or_default();
            tally.orders += 1;
            tally.revenue += order.total;
        }
        for line in &order.lines {
            *day.products.entry(line.code.clone()).or_default() += line.qty;
        }
    }
    let mut sales = txn.open_table(SALES_DAY_TO_TOTALS)?;
    for (key, day) in &days {
        let bytes = serde_json::to_vec(day).map_err(|source| StoreError::Encode {
            table: "sales_day_to_totals",
            key: key.clone(),
            source,
        })?;
        sales.insert(key.as_str(), bytes.as_slice())?;
    }
    Ok(())
}

/// Version 10: the stock ledger (one line per adjustment, by product code and sequence), and a
/// payment status on orders. Orders a version-9 shop already moved past payment were paid;
/// their documents get `payment.status = "paid"` so they do not read as "pending".
pub(super) fn v10_stock_ledger_and_payment_status(
    txn: &WriteTransaction,
) -> Result<(), StoreError> {
    const STOCK_CODE_TO_ENTRY: TableDefinition<(&str, u64), &[u8]> =
        TableDefinition::new("stock_code_to_entry");
    const ORDER_ID_TO_ORDER: TableDefinition<u64, &[u8]> =
        TableDefinition::new("order_id_to_order");
    const PAID: &[&str] = &["paid", "preparing", "shipped", "delivered"];

    txn.open_table(STOCK_CODE_TO_ENTRY)?;
    let mut orders = txn.open_table(ORDER_ID_TO_ORDER)?;
    let mut changed = Vec::new();
    for entry in orders.iter()? {
        let (id, bytes) = entry?;
        let id = id.value();
        let mut order: serde_json::Value =
            serde_json::from_slice(bytes.value()).map_err(|source| StoreError::Decode {
                table: "order_id_to_order",
                key: id.to_string(),
                source,
            })?;
        let paid = order
            .get("status")
            .and_then(serde_json::Value::as_str)
            .is_some_and(|status| PAID.contains(&status));
        let Some(payment) = order
            .get_mut("payment")
            .and_then(serde_json::Value::as_object_mut)
        else {
            continue;
        };
        if paid && !payment.contains_key("status") {
            payment.insert("status".into(), "paid".into());
            changed.push((id, order));
        }
    }
    for (id, order) in changed {
        let bytes = serde_json::to_vec(&order).map_err(|source| StoreError::Encode {
            table: "order_id_to_order",
            key: id.to_string(),
            source,
        })?;
        orders.insert(id, bytes.as_slice())?;
    }
    Ok(())
}

pub(super) fn v11_outbox(txn: &WriteTransaction) -> Result<(), StoreError> {
    const OUTBOX_ID_TO_MESSAGE: TableDefinition<u64, &[u8]> =
        TableDefinition::new("outbox_id_to_message");
    const OUTBOX_KEY_TO_ID: TableDefinition<&str, u64> = TableDefinition::new("outbox_key_to_id");
    const OUTBOX_DUE_TO_ID: TableDefinition<(u64, u64), &[u8]> =
        TableDefinition::new("outbox_due_to_id");
    const OUTBOX_ORDER_TO_ID: TableDefinition<(u64, u64), &[u8]> =
        TableDefinition::new("outbox_order_to_id");
    txn.open_table(OUTBOX_ID_TO_MESSAGE)?;
    txn.open_table(OUTBOX_KEY_TO_ID)?;
    txn.open_table(OUTBOX_DUE_TO_ID)?;
    txn.open_table(OUTBOX_ORDER_TO_ID)?;
    Ok(())
}

pub(super) fn v12_search(txn: &WriteTransaction) -> Result<(), StoreError> {
    const SEARCH_NAME_TO_SYNONYMS: TableDefinition<&str, &[u8]> =
        TableDefinition::new("search_name_to_synonyms");
    const SEARCH_MISS_TO_COUNT: TableDefinition<&str, u64> =
        TableDefinition::new("search_miss_to_count");
    txn.open_table(SEARCH_NAME_TO_SYNONYMS)?;
    txn.open_table(SEARCH_MISS_TO_COUNT)?;
    Ok(())
}

pub(super) fn v13_document_prints(txn: &WriteTransaction) -> Result<(), StoreError> {
    const ORDER_DOCUMENT_TO_PRINT: TableDefinition<(u64, u64), &[u8]> =
        TableDefinition::new("order_document_to_print");
    txn.open_table(ORDER_DOCUMENT_TO_PRINT)?;
    // What an earlier document printed came from the `[seller]` settings, which a migration
    // does not read: the mark asks the next start to freeze those documents as they show
    // then (`documents::issued::freeze_earlier`), once.
    txn.open_table(META)?
        .insert("documents_to_freeze", "issued before schema 13")?;
    Ok(())
}

/// Version 14. Guest order keys and payment slips were written to tables that only the first
/// guest order or slip created, so every `?key=` lookup failed with 500 until then and backups
/// (which list their tables) refused the database once they appeared: both are created here,
/// so every shop has them from the start. And a
/// waiting guest mail kept its order link, key in clear, in the outbox row: the link is
/// dropped, with the key's digest (nobody has received that key), and the row gets a nonce from
/// which the sender makes a new key when the mail goes out.
pub(super) fn v14_guest_keys_slips_and_mail_nonces(
    txn: &WriteTransaction,
) -> Result<(), StoreError> {
    const ORDER_ID_TO_GUEST_KEYS: TableDefinition<u64, &[u8]> =
        TableDefinition::new("order_id_to_guest_keys");
    const PROOF_HASH_TO_ORDER: TableDefinition<&str, u64> =
        TableDefinition::new("proof_hash_to_order");
    txn.open_table(PROOF_HASH_TO_ORDER)?;
    const OUTBOX_ID_TO_MESSAGE: TableDefinition<u64, &[u8]> =
        TableDefinition::new("outbox_id_to_message");
    let mut keys = txn.open_table(ORDER_ID_TO_GUEST_KEYS)?;
    let mut messages = txn.open_table(OUTBOX_ID_TO_MESSAGE)?;
    let mut changed = Vec::new();
    for entry in messages.iter()? {
        let (id, bytes) = entry?;
        let mut message: serde_json::Value =
            serde_json::from_slice(bytes.value()).map_err(|source| StoreError::BadDocument {
                key: format!("outbox_id_to_message/{}", id.value()),
                source,
            })?;
        let Some(fields) = message.as_object_mut() else {
            continue;
        };
        let Some(link) = fields.remove("link") else {
            continue;
        };
        let key = link
            .as_str()
            .and_then(|l| l.split_once("key="))
            .map(|(_, rest)| rest.split('&').next().unwrap_or_default().to_string());
        let order_id = fields.get("orderId").and_then(serde_json::Value::as_u64);
        if fields.get("status").and_then(serde_json::Value::as_str) == Some("pending") {
            let nonce = hex::encode(rand::random::<[u8; 16]>());
            fields.insert("nonce".into(), serde_json::Value::String(nonce));
        }
        changed.push((id.value(), message, order_id, key));
    }
    for (id, message, order_id, key) in changed {
        let bytes = serde_json::to_vec(&message).map_err(|source| StoreError::BadDocument {
            key: format!("outbox_id_to_message/{id}"),
            source,
        })?;
        messages.insert(id, bytes.as_slice())?;
        if let (Some(order_id), Some(key)) = (order_id, key) {
            forget_guest_key(&mut keys, order_id, &key)?;
        }
    }
    Ok(())
}

/// Removes the digest of `key` from an order's guest keys (`{"digests": [hex SHA-256…]}`).
fn forget_guest_key(
    keys: &mut redb::Table<'_, u64, &'static [u8]>,
    order_id: u64,
    key: &str,
) -> Result<(), StoreError> {
    #[derive(Deserialize, serde::Serialize)]
    struct GuestKeys {
        digests: Vec<String>,
    }
    let Some(bytes) = keys.get(order_id)?.map(|b| b.value().to_vec()) else {
        return Ok(());
    };
    let bad = |source| StoreError::BadDocument {
        key: format!("order_id_to_guest_keys/{order_id}"),
        source,
    };
    let mut row: GuestKeys = serde_json::from_slice(&bytes).map_err(bad)?;
    let digest = hex::encode(Sha256::digest(key.as_bytes()));
    row.digests.retain(|d| *d != digest);
    let bytes = serde_json::to_vec(&row).map_err(bad)?;
    keys.insert(order_id, bytes.as_slice())?;
    Ok(())
}

/// Version 15: the index of orders owing their shopper money back. Orders a version-14 shop
/// left with `payment.status = "refund_due"` are indexed and get `payment.refundDue = true`.
pub(super) fn v15_refunds_due(txn: &WriteTransaction) -> Result<(), StoreError> {
    const ORDER_ID_TO_ORDER: TableDefinition<u64, &[u8]> =
        TableDefinition::new("order_id_to_order");
    const REFUND_DUE_TO_ORDER: TableDefinition<u64, &[u8]> =
        TableDefinition::new("refund_due_to_order");

    let mut index = txn.open_table(REFUND_DUE_TO_ORDER)?;
    let mut orders = txn.open_table(ORDER_ID_TO_ORDER)?;
    let mut changed = Vec::new();
    for entry in orders.iter()? {
        let (id, bytes) = entry?;
        let id = id.value();
        let mut order: serde_json::Value =
            serde_json::from_slice(bytes.value()).map_err(|source| StoreError::Decode {
                table: "order_id_to_order",
                key: id.to_string(),
                source,
            })?;
        let Some(payment) = order
            .get_mut("payment")
            .and_then(serde_json::Value::as_object_mut)
        else {
            continue;
        };
        if payment.get("status").and_then(serde_json::Value::as_str) == Some("refund_due") {
            payment.insert("refundDue".into(), true.into());
            changed.push((id, order));
        }
    }
    for (id, order) in changed {
        let bytes = serde_json::to_vec(&order).map_err(|source| StoreError::Encode {
            table: "order_id_to_order",
            key: id.to_string(),
            source,
        })?;
        orders.insert(id, bytes.as_slice())?;
        index.insert(id, [].as_slice())?;
    }
    Ok(())
}

/// Version 16: products sold in variants (docs/VARIANTS.md). Every product document without
/// variants gets `options: []` and one variant sold under the product's own code, with the
/// product's price and compare-at price, its live stock level (the stock table's, else the
/// document's) and `active: true`; the variant code index is filled. Codes held by carts,
/// orders, coupons, promotions and the stock ledger are then variant codes of the same
/// products, so none of them is rewritten.
pub(super) fn v16_variants(txn: &WriteTransaction) -> Result<(), StoreError> {
    const PRODUCT_CODE_TO_PRODUCT: TableDefinition<&str, &[u8]> =
        TableDefinition::new("product_code_to_product");
    const STOCK_CODE_TO_LEVEL: TableDefinition<&str, u64> =
        TableDefinition::new("stock_code_to_level");
    const VARIANT_CODE_TO_PRODUCT: TableDefinition<&str, &str> =
        TableDefinition::new("variant_code_to_product");

    let mut index = txn.open_table(VARIANT_CODE_TO_PRODUCT)?;
    let mut products = txn.open_table(PRODUCT_CODE_TO_PRODUCT)?;
    let levels = txn.open_table(STOCK_CODE_TO_LEVEL)?;
    let mut changed = Vec::new();
    for entry in products.iter()? {
        let (code, bytes) = entry?;
        let code = code.value().to_string();
        let mut product: serde_json::Value =
            serde_json::from_slice(bytes.value()).map_err(|source| StoreError::Decode {
                table: "product_code_to_product",
                key: code.clone(),
                source,
            })?;
        let Some(fields) = product.as_object_mut() else {
            continue;
        };
        let has_variants = fields
            .get("variants")
            .and_then(serde_json::Value::as_array)
            .is_some_and(|v| !v.is_empty());
        if has_variants {
            continue;
        }
        let stock = match levels.get(code.as_str())? {
            Some(level) => level.value(),
            None => fields
                .get("stock")
                .and_then(serde_json::Value::as_u64)
                .unwrap_or(0),
        };
        let mut variant = serde_json::Map::new();
        variant.insert("code".into(), code.clone().into());
        variant.insert("values".into(), serde_json::json!([]));
        variant.insert(
            "price".into(),
            fields.get("price").cloned().unwrap_or(0.into()),
        );
        if let Some(was) = fields.get("compareAtPrice").filter(|v| !v.is_null()) {
            variant.insert("compareAtPrice".into(), was.clone());
        }
        variant.insert("stock".into(), stock.min(u64::from(u32::MAX)).into());
        variant.insert("active".into(), true.into());
        variant.insert("images".into(), serde_json::json!([]));
        fields.insert("options".into(), serde_json::json!([]));
        fields.insert("variants".into(), serde_json::json!([variant]));
        changed.push((code, product));
    }
    for (code, product) in changed {
        let bytes = serde_json::to_vec(&product).map_err(|source| StoreError::Encode {
            table: "product_code_to_product",
            key: code.clone(),
            source,
        })?;
        products.insert(code.as_str(), bytes.as_slice())?;
        index.insert(code.as_str(), code.as_str())?;
    }
    Ok(())
}

/// Version 17: the counts of visits, page views and the funnel per shop day (`insights`).
pub(super) fn v17_insights(txn: &WriteTransaction) -> Result<(), StoreError> {
    create::<&str, u64>(txn, "insight_key_to_count")
}
