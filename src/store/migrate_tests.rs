//! Upgrade tests: for every released schema, a database written the way that release wrote
//! it (its tables by `migrate_to`, its rows as literal JSON), opened by this binary and read
//! back through the live domain readers; and the check that the tables the migrations create
//! are exactly the ones the domains declare ([`DOMAIN_TABLES`]), with the same types, and
//! that `store::tables::ALL_TABLES` (learnt from the migrations) lists them all.
//!
//! The rows are literal text on purpose. Like the migrations they test, they must not follow
//! today's models: written from the models, an incompatible change to a model would change
//! the "old" rows with it and the test would still pass.
//!
//! When a release changes the schema, add the rows it writes to [`write_as_release`] and what
//! reading them gives to [`expected`]; [`NEWEST_COVERED`] is the reminder.

use std::collections::BTreeSet;

use redb::{ReadTransaction, ReadableDatabase, ReadableTable, TableDefinition, TableHandle};
use serde_json::{Value, json};

use super::{SCHEMA_VERSION, migrate_to, schema_version};
use crate::store::tables::{ALL_TABLES, AnyTable};
use crate::store::{Store, StoreError};

/// Every table by the constant its owner declares it with (test code may import every
/// domain). The migrations must create exactly these, with these types: a table a domain adds
/// is listed here as well as created in a migration, and a typo in either fails the tests.
const DOMAIN_TABLES: &[AnyTable] = &[
    AnyTable::TextToText(crate::store::META.definition()),
    AnyTable::TextToText(crate::store::seed::SEED_DOCUMENT_TO_HASH.definition()),
    AnyTable::TextToU64(crate::store::SEQUENCE_NAME_TO_NEXT.definition()),
    AnyTable::TextToBytes(crate::content::store::LOCALE_CODE_TO_MESSAGES.definition()),
    AnyTable::TextToBytes(crate::content::store::LABEL_SET_TO_LABELS.definition()),
    AnyTable::TextToBytes(crate::content::store::PAGE_NAME_TO_PAGE.definition()),
    AnyTable::TextToBytes(crate::accounts::menu_store::ADMIN_ROLE_TO_MENUS.definition()),
    AnyTable::TextToBytes(crate::catalog::store::ROOM_KEY_TO_ROOM.definition()),
    AnyTable::TextToBytes(crate::catalog::store::CATEGORY_KEY_TO_CATEGORY.definition()),
    AnyTable::TextToBytes(crate::catalog::store::PRODUCT_CODE_TO_PRODUCT.definition()),
    AnyTable::TextToBytes(crate::cart::store::CART_OWNER_TO_CART.definition()),
    AnyTable::TextToBytes(crate::pricing::store::PROMOTION_ID_TO_PROMOTION.definition()),
    AnyTable::TextToBytes(crate::pricing::store::COUPON_CODE_TO_COUPON.definition()),
    AnyTable::TextToU64(crate::pricing::store::COUPON_KEY_TO_USES.definition()),
    AnyTable::TextToBytes(crate::accounts::store::SECRET_NAME_TO_BYTES.definition()),
    AnyTable::U64ToBytes(crate::accounts::store::USER_ID_TO_USER.definition()),
    AnyTable::TextToU64(crate::accounts::store::USERNAME_TO_USER_ID.definition()),
    AnyTable::TextToU64(crate::accounts::store::PROVIDER_SUBJECT_TO_USER_ID.definition()),
    AnyTable::TextToU64(crate::accounts::store::REVOKED_TOKEN_TO_EXPIRY.definition()),
    AnyTable::PairToBytes(crate::accounts::coins::COIN_LEDGER.definition()),
    AnyTable::PairToBytes(crate::activity::LOG_TIME_TO_LINE.definition()),
    AnyTable::TextToU64(crate::catalog::stock::STOCK_CODE_TO_LEVEL.definition()),
    AnyTable::TextToText(crate::catalog::variants::VARIANT_CODE_TO_PRODUCT.definition()),
    AnyTable::TextU64ToBytes(crate::catalog::edit::STOCK_LEDGER.definition()),
    AnyTable::U64ToBytes(crate::orders::store::ORDER_ID_TO_ORDER.definition()),
    AnyTable::U64ToBytes(crate::orders::guest::ORDER_ID_TO_GUEST_KEYS.definition()),
    AnyTable::TextToU64(crate::payments::proofs::PROOF_HASH_TO_ORDER.definition()),
    AnyTable::PairToBytes(crate::orders::store::ORDER_USER_TO_ORDER.definition()),
    AnyTable::TextToU64(crate::orders::store::ORDER_KEY_TO_ORDER.definition()),
    AnyTable::U64ToBytes(crate::orders::store::REFUND_DUE_TO_ORDER.definition()),
    AnyTable::TextToBytes(crate::accounts::permissions::ROLE_NAME_TO_PERMISSIONS.definition()),
    AnyTable::TextToBytes(crate::accounts::reset::RESET_TOKEN_TO_TICKET.definition()),
    AnyTable::PairToBytes(crate::orders::desk::ORDER_STATUS_TO_ORDER.definition()),
    AnyTable::TextU64ToBytes(crate::orders::desk::ORDER_TERM_TO_ORDER.definition()),
    AnyTable::TextToBytes(crate::orders::sales::SALES_DAY_TO_TOTALS.definition()),
    AnyTable::U64ToBytes(crate::outbox::OUTBOX_ID_TO_MESSAGE.definition()),
    AnyTable::TextToU64(crate::outbox::OUTBOX_KEY_TO_ID.definition()),
    AnyTable::PairToBytes(crate::outbox::OUTBOX_DUE_TO_ID.definition()),
    AnyTable::PairToBytes(crate::outbox::OUTBOX_ORDER_TO_ID.definition()),
    AnyTable::TextToBytes(crate::search::live::SEARCH_NAME_TO_SYNONYMS.definition()),
    AnyTable::TextToU64(crate::search::misses::SEARCH_MISS_TO_COUNT.definition()),
    AnyTable::PairToBytes(crate::documents::issued::ORDER_DOCUMENT_TO_PRINT.definition()),
    AnyTable::TextToU64(crate::insights::INSIGHT_KEY_TO_COUNT.definition()),
];

/// The newest schema whose database these tests write.
const NEWEST_COVERED: u64 = 17;

// The tables the tests write, by literal name and on-disk types (frozen like the migrations).
const SEED_DOCUMENT_TO_HASH: TableDefinition<&str, &str> =
    TableDefinition::new("seed_document_to_hash");
const LOCALE_CODE_TO_MESSAGES: TableDefinition<&str, &[u8]> =
    TableDefinition::new("locale_code_to_messages");
const LABEL_SET_TO_LABELS: TableDefinition<&str, &[u8]> =
    TableDefinition::new("label_set_to_labels");
const PAGE_NAME_TO_PAGE: TableDefinition<&str, &[u8]> = TableDefinition::new("page_name_to_page");
const ADMIN_ROLE_TO_MENUS: TableDefinition<&str, &[u8]> =
    TableDefinition::new("admin_role_to_menus");
const ROOM_KEY_TO_ROOM: TableDefinition<&str, &[u8]> = TableDefinition::new("room_key_to_room");
const SEQUENCE_NAME_TO_NEXT: TableDefinition<&str, u64> =
    TableDefinition::new("sequence_name_to_next");
const USER_ID_TO_USER: TableDefinition<u64, &[u8]> = TableDefinition::new("user_id_to_user");
const USERNAME_TO_USER_ID: TableDefinition<&str, u64> = TableDefinition::new("username_to_user_id");
const COIN_LEDGER: TableDefinition<(u64, u64), &[u8]> = TableDefinition::new("coin_ledger");
const PRODUCT_CODE_TO_PRODUCT: TableDefinition<&str, &[u8]> =
    TableDefinition::new("product_code_to_product");
const CART_OWNER_TO_CART: TableDefinition<&str, &[u8]> = TableDefinition::new("cart_owner_to_cart");
const PROMOTION_ID_TO_PROMOTION: TableDefinition<&str, &[u8]> =
    TableDefinition::new("promotion_id_to_promotion");
const COUPON_CODE_TO_COUPON: TableDefinition<&str, &[u8]> =
    TableDefinition::new("coupon_code_to_coupon");
const COUPON_KEY_TO_USES: TableDefinition<&str, u64> = TableDefinition::new("coupon_key_to_uses");
const ORDER_ID_TO_ORDER: TableDefinition<u64, &[u8]> = TableDefinition::new("order_id_to_order");
const ORDER_USER_TO_ORDER: TableDefinition<(u64, u64), &[u8]> =
    TableDefinition::new("order_user_to_order");
const ORDER_KEY_TO_ORDER: TableDefinition<&str, u64> = TableDefinition::new("order_key_to_order");
const STOCK_CODE_TO_LEVEL: TableDefinition<&str, u64> = TableDefinition::new("stock_code_to_level");
const VARIANT_CODE_TO_PRODUCT: TableDefinition<&str, &str> =
    TableDefinition::new("variant_code_to_product");

/// The English messages as seeded, byte for byte, and the hex SHA-256 of those bytes.
const MESSAGES_EN: &str = r#"{"hello":"Hello"}"#;
const MESSAGES_EN_HASH: &str = "d9c5530e2e7d3cfcec81d5cb3d25573822c11a7991f55a3b05e2bf48152ea3a9";

const VISITOR: &str = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";

// --- Rows as the releases stored them --------------------------------------------------------

/// The staff account `kiosk user add` created in version 3: no addresses or tax details yet.
fn owner_v3() -> Value {
    json!({
        "id": 1, "username": "owner", "name": "Shop Owner", "email": "", "phone": "",
        "role": "admin", "provider": "local", "providerSubject": null,
        "passwordHash": "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$ZmFrZWhhc2hmYWtlaGFzaGZha2VoYXNoZmFrZWg",
        "tokenVersion": 0, "coin": 0, "createdAt": 1763740000, "lastLoginAt": null
    })
}

/// The same account as version 4 and later store it (addresses and tax details added).
fn owner_v4() -> Value {
    let mut owner = owner_v3();
    owner["addInfo"] = json!([]);
    owner["vatInfo"] = Value::Null;
    owner
}

/// A shopper who registered with version 4 and got a welcome gift of 50 coins.
fn shopper() -> Value {
    json!({
        "id": 2, "username": "somchai", "name": "Somchai Jaidee",
        "email": "somchai@example.com", "phone": "0812345678",
        "role": "user", "provider": "local", "providerSubject": null,
        "passwordHash": "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGg",
        "tokenVersion": 1, "coin": 50,
        "addInfo": [address()],
        "vatInfo": {"name": "Jaidee Co., Ltd.", "taxId": "0105558000001", "branch": "00000", "address": "99 Sukhumvit Road, Bangkok 10110"},
        "createdAt": 1764000000, "lastLoginAt": 1767290000
    })
}

fn address() -> Value {
    json!({
        "name": "Somchai Jaidee", "phone": "0812345678", "line1": "99 Sukhumvit Road",
        "district": "Khlong Toei", "province": "bangkok", "postcode": "10110"
    })
}

fn ledger_entry() -> Value {
    json!({"at": 1764000000000_u64, "amount": 50, "reason": "welcome gift", "orderId": null, "staffId": 1, "balance": 50})
}

/// A product as versions 5 to 7 stored it, its stock level inside the document.
fn product() -> Value {
    json!({
        "code": "SF-1001",
        "name": {"en": "Nara 3-Seat Sofa", "th": "โซฟา 3 ที่นั่ง รุ่นนารา", "my": "Sofa 3 Tempat Duduk Nara", "km": "", "id": "Sofa 3 Dudukan Nara"},
        "description": {"en": "A roomy three-seat sofa.", "th": "", "my": "", "km": "", "id": ""},
        "price": 1290000, "compareAtPrice": 1490000,
        "images": ["/api/file/images/sf-1001.jpg"], "rooms": ["living"], "categories": ["sofas"],
        "dimensions": {"width": 2100, "depth": 900, "height": 850},
        "material": "fabric", "colour": "grey", "stock": 3, "active": true,
        "popularity": 80, "createdAt": "2026-11-01"
    })
}

/// `product` as version 16 stores it: no options, one variant under its own code.
fn with_variant(mut product: Value, stock: u64) -> Value {
    product["options"] = json!([]);
    product["variants"] = json!([{
        "code": "SF-1001", "values": [], "price": 1290000, "compareAtPrice": 1490000,
        "stock": stock, "active": true, "images": []
    }]);
    product
}

// `Cart` has no camelCase renaming: its field is `updated_at` on disk.
fn user_cart() -> Value {
    json!({"lines": [{"code": "SF-1001", "qty": 2}], "updated_at": 1767300000})
}

fn visitor_cart() -> Value {
    json!({"lines": [{"code": "SF-1001", "qty": 1}], "updated_at": 1767300100})
}

fn promotion() -> Value {
    json!({
        "id": "sofa-month", "display": true, "lang": "",
        "prodInc": [], "prodExc": [], "roomInc": [], "roomExc": [], "catInc": ["sofas"], "catExc": [],
        "noProdDis": false, "discount": {"kind": "percent", "value": 10}
    })
}

fn coupon() -> Value {
    json!({
        "code": "SAVE10", "display": true, "discount": {"kind": "percent", "value": 10},
        "minSpend": 1000000, "startsAt": 1767225600, "endsAt": 1830297600,
        "usageLimit": 500, "perUserLimit": 2
    })
}

/// The shopper's paid order for two sofas, with the sofa promotion and the SAVE10 coupon.
fn order() -> Value {
    json!({
        "id": 1, "number": "K000001", "userId": 2, "status": "paid",
        "createdAt": 1767300200000_u64, "lang": "th",
        "lines": [{
            "code": "SF-1001",
            "name": {"en": "Nara 3-Seat Sofa", "th": "โซฟา 3 ที่นั่ง รุ่นนารา", "my": "Sofa 3 Tempat Duduk Nara", "km": "", "id": "Sofa 3 Dudukan Nara"},
            "qty": 2, "unitPrice": 1290000, "discount": 258000,
            "image": "/api/file/images/sf-1001.jpg"
        }],
        "itemCount": 2,
        "quote": {
            "subtotal": 2580000, "promotionDiscount": 258000, "couponDiscount": 232200,
            "coins": 0, "shipping": 0, "vat": 136716, "total": 2089800, "lineDiscounts": [258000]
        },
        "total": 2089800, "coupon": "SAVE10", "coinsUsed": 0,
        "address": address(), "vatInfo": null,
        "payment": {"method": "promptpay", "promptpayId": "0812345678", "promptpayPayload": "00020101021229370016A0000006770101110113006681234567853037645406208980.005802TH6304ABCD"},
        "history": [
            {"status": "pending_payment", "at": 1767300200000_u64},
            {"status": "paid", "at": 1767300500000_u64}
        ],
        "review": null, "coinsEarned": 0, "kcard": "kiosk-1"
    })
}

fn bytes(value: &Value) -> Vec<u8> {
    serde_json::to_vec(value).unwrap()
}

/// Writes the rows a shop running `version` would hold, into a file already at that schema.
fn write_as_release(store: &Store, version: u64) {
    let txn = store.db().unwrap().begin_write().unwrap();
    {
        // Every release seeded the translations; from version 2 on, seeding records the hash.
        txn.open_table(LOCALE_CODE_TO_MESSAGES)
            .unwrap()
            .insert("en", MESSAGES_EN.as_bytes())
            .unwrap();
        if version >= 2 {
            txn.open_table(SEED_DOCUMENT_TO_HASH)
                .unwrap()
                .insert("locale_code_to_messages/en", MESSAGES_EN_HASH)
                .unwrap();
        }
    }
    if version >= 3 {
        let owner = if version == 3 { owner_v3() } else { owner_v4() };
        let mut users = txn.open_table(USER_ID_TO_USER).unwrap();
        let mut usernames = txn.open_table(USERNAME_TO_USER_ID).unwrap();
        let mut sequences = txn.open_table(SEQUENCE_NAME_TO_NEXT).unwrap();
        users.insert(1, bytes(&owner).as_slice()).unwrap();
        usernames.insert("owner", 1).unwrap();
        sequences.insert("user", 2).unwrap();
        if version >= 4 {
            users.insert(2, bytes(&shopper()).as_slice()).unwrap();
            usernames.insert("somchai", 2).unwrap();
            sequences.insert("user", 3).unwrap();
            txn.open_table(COIN_LEDGER)
                .unwrap()
                .insert((2, 1), bytes(&ledger_entry()).as_slice())
                .unwrap();
            sequences.insert("coin_ledger", 2).unwrap();
        }
        if version >= 8 {
            sequences.insert("order", 2).unwrap();
        }
    }
    if version >= 5 {
        // From version 16 a shop stores the product with its one variant and indexes it.
        let product = if version >= 16 {
            with_variant(product(), 1)
        } else {
            product()
        };
        txn.open_table(PRODUCT_CODE_TO_PRODUCT)
            .unwrap()
            .insert("SF-1001", bytes(&product).as_slice())
            .unwrap();
        if version >= 16 {
            txn.open_table(VARIANT_CODE_TO_PRODUCT)
                .unwrap()
                .insert("SF-1001", "SF-1001")
                .unwrap();
        }
    }
    if version >= 6 {
        let mut carts = txn.open_table(CART_OWNER_TO_CART).unwrap();
        carts.insert("u:2", bytes(&user_cart()).as_slice()).unwrap();
        let visitor = format!("v:{VISITOR}");
        carts
            .insert(visitor.as_str(), bytes(&visitor_cart()).as_slice())
            .unwrap();
    }
    if version >= 7 {
        txn.open_table(PROMOTION_ID_TO_PROMOTION)
            .unwrap()
            .insert("sofa-month", bytes(&promotion()).as_slice())
            .unwrap();
        txn.open_table(COUPON_CODE_TO_COUPON)
            .unwrap()
            .insert("SAVE10", bytes(&coupon()).as_slice())
            .unwrap();
    }
    if version >= 8 {
        // Version 8 keeps levels in their own table: the import set 3, the order took 2.
        txn.open_table(STOCK_CODE_TO_LEVEL)
            .unwrap()
            .insert("SF-1001", 1)
            .unwrap();
        // From version 10 a shop writes the payment status into the order.
        let mut order = order();
        if version >= 10 {
            order["payment"]["status"] = json!("paid");
        }
        txn.open_table(ORDER_ID_TO_ORDER)
            .unwrap()
            .insert(1, bytes(&order).as_slice())
            .unwrap();
        txn.open_table(ORDER_USER_TO_ORDER)
            .unwrap()
            .insert((2, 1), [].as_slice())
            .unwrap();
        let key = format!("2:{VISITOR}");
        txn.open_table(ORDER_KEY_TO_ORDER)
            .unwrap()
            .insert(key.as_str(), 1)
            .unwrap();
        let mut uses = txn.open_table(COUPON_KEY_TO_USES).unwrap();
        uses.insert("SAVE10", 1).unwrap();
        uses.insert("SAVE10:2", 1).unwrap();
    }
    if version >= 9 {
        // Version 9 indexes each order as it is placed and adds it to its day's totals.
        txn.open_table(TableDefinition::<(u64, u64), &[u8]>::new(
            "order_status_to_order",
        ))
        .unwrap()
        .insert((1, 1), [].as_slice())
        .unwrap();
        let mut terms = txn
            .open_table(TableDefinition::<(&str, u64), &[u8]>::new(
                "order_term_to_order",
            ))
            .unwrap();
        for term in ["k000001", "0812345678", "somchai", "jaidee"] {
            terms.insert((term, 1), [].as_slice()).unwrap();
        }
        let day = json!({"orders": 1, "revenue": 2089800, "vat": 136716,
            "byPayment": {"promptpay": {"orders": 1, "revenue": 2089800}},
            "byKcard": {"kiosk-1": {"orders": 1, "revenue": 2089800}},
            "products": {"SF-1001": 2}});
        txn.open_table(TableDefinition::<&str, &[u8]>::new("sales_day_to_totals"))
            .unwrap()
            .insert("2026-01-02", bytes(&day).as_slice())
            .unwrap();
    }
    txn.commit().unwrap();
}

/// What [`read_back`] must find after upgrading a database written by `version`.
fn expected(version: u64) -> Value {
    let since = |release: u64, value: Value, before: Value| {
        if version >= release { value } else { before }
    };
    // Up to version 7 the level in the document is the level; from 8 the stock table is.
    // Version 16 gives the product its one variant, with that level.
    let level = if version >= 8 { 1 } else { 3 };
    let mut product = with_variant(product(), level);
    product["stock"] = json!(level);
    let uses = if version >= 8 { 1 } else { 0 };
    json!({
        "products": since(5, json!([product]), json!([])),
        "owner": since(3, if version == 3 { owner_v3() } else { owner_v4() }, Value::Null),
        "shopper": since(4, shopper(), Value::Null),
        "ledger": since(4, json!([ledger_entry()]), Value::Null),
        "userCart": since(6, user_cart(), json!({"lines": []})),
        "visitorCart": since(6, visitor_cart(), json!({"lines": []})),
        "promotions": since(7, json!([promotion()]), json!([])),
        "coupons": since(7, json!([coupon()]), json!([])),
        "coupon": since(7, json!({"coupon": coupon(), "total": uses, "byThisUser": uses}), Value::Null),
        "orders": since(8, json!([order()]), since(4, json!([]), Value::Null)),
        // Version 9 indexes the orders a version-8 shop has and totals its sales per day.
        "desk": since(8, json!({"byName": ["K000001"], "byPhone": ["K000001"], "byNumber": ["K000001"], "paid": ["K000001"], "shipped": []}),
            json!({"byName": [], "byPhone": [], "byNumber": [], "paid": [], "shipped": []})),
        // Version 10 records that orders past payment were paid.
        "paymentStatus": since(8, json!("paid"), Value::Null),
        "salesDay": since(8, json!({"orders": 1, "revenue": 2089800, "units": 2}),
            json!({"orders": 0, "revenue": 0, "units": null})),
    })
}

/// Everything the shop reads, through the domains' own readers, as the running shop reads it.
/// These are the only calls into live domain code in this file: their signatures follow the
/// domains, so keeping them in one place keeps a refactor's edit here small.
fn read_back(store: &Store) -> Value {
    use crate::cart::model::CartOwner;
    use crate::{accounts, cart, catalog, orders, pricing};

    let owner = accounts::store::find_by_username(store, "owner").unwrap();
    let shopper = accounts::store::find_by_username(store, "Somchai").unwrap();
    let shopper_id = shopper.as_ref().map(|user| user.id);
    let user_cart = CartOwner::parse("2").unwrap();
    let visitor_cart = CartOwner::parse(VISITOR).unwrap();
    json!({
        "products": catalog::store::load_products(store).unwrap(),
        "owner": owner,
        "shopper": shopper,
        "ledger": shopper_id.map(|id| accounts::coins::ledger(store, id).unwrap()),
        "userCart": cart::store::get(store, &user_cart).unwrap(),
        "visitorCart": cart::store::get(store, &visitor_cart).unwrap(),
        "promotions": pricing::store::promotions(store).unwrap(),
        "coupons": pricing::store::coupons(store).unwrap(),
        "coupon": pricing::store::coupon(store, "save10", shopper_id)
            .unwrap()
            .map(|(coupon, uses)| json!({"coupon": coupon, "total": uses.total, "byThisUser": uses.by_this_user})),
        "orders": shopper_id.map(|id| orders::store::list_for_user(store, id).unwrap()),
        "desk": desk_numbers(store),
        "paymentStatus": shopper_id.and_then(|id| {
            orders::store::list_for_user(store, id)
                .unwrap()
                .first()
                .map(|order| json!(order.payment.status))
        }),
        "salesDay": sales_day(store),
    })
}

/// The sales totals of the day the test order was placed (2026-01-02 in Bangkok).
fn sales_day(store: &Store) -> Value {
    use crate::orders::sales::{days, parse_day};
    let day = parse_day("2026-01-02").unwrap();
    let totals = &days(store, day, day).unwrap()[0].totals;
    json!({"orders": totals.orders, "revenue": totals.revenue, "units": totals.products.get("SF-1001")})
}

/// The order numbers the staff desk finds by name, by phone digits and by status.
fn desk_numbers(store: &Store) -> Value {
    use crate::orders::desk::{OrderFilter, list};
    use crate::orders::model::Status;
    let numbers = |filter: OrderFilter| -> Vec<String> {
        list(store, &filter, 50, None)
            .unwrap()
            .orders
            .into_iter()
            .map(|o| o.number)
            .collect()
    };
    json!({
        "byName": numbers(OrderFilter { q: Some("somchai".into()), ..OrderFilter::default() }),
        "byPhone": numbers(OrderFilter { q: Some("081-234".into()), ..OrderFilter::default() }),
        "byNumber": numbers(OrderFilter { q: Some("k00000".into()), ..OrderFilter::default() }),
        "paid": numbers(OrderFilter { status: Some(Status::Paid), ..OrderFilter::default() }),
        "shipped": numbers(OrderFilter { status: Some(Status::Shipped), ..OrderFilter::default() }),
    })
}

/// Fails unless `actual` holds everything `expected` says: equal scalars, arrays of equal
/// length, and every expected key of an object (fields added by later releases are fine).
fn assert_holds(actual: &Value, expected: &Value, path: &str) {
    match (actual, expected) {
        (Value::Object(actual_fields), Value::Object(expected_fields)) => {
            for (key, expected) in expected_fields {
                let Some(actual) = actual_fields.get(key) else {
                    panic!(
                        "{path}.{key} is missing from {}",
                        Value::Object(actual_fields.clone())
                    );
                };
                assert_holds(actual, expected, &format!("{path}.{key}"));
            }
        }
        (Value::Array(actual_items), Value::Array(expected_items)) => {
            assert_eq!(
                actual_items.len(),
                expected_items.len(),
                "{path}: {actual} should have as many items as {expected}"
            );
            for (index, (actual, expected)) in actual_items.iter().zip(expected_items).enumerate() {
                assert_holds(actual, expected, &format!("{path}[{index}]"));
            }
        }
        _ => assert_eq!(actual, expected, "{path}"),
    }
}

/// Opens a listed table in a read transaction with its typed definition: redb refuses a
/// missing table, and a table whose stored key or value type differs from the definition.
fn open_listed(read: &ReadTransaction, table: &AnyTable) -> Result<(), redb::TableError> {
    match *table {
        AnyTable::TextToBytes(t) => read.open_table(t).map(drop),
        AnyTable::TextToText(t) => read.open_table(t).map(drop),
        AnyTable::TextToU64(t) => read.open_table(t).map(drop),
        AnyTable::U64ToBytes(t) => read.open_table(t).map(drop),
        AnyTable::PairToBytes(t) => read.open_table(t).map(drop),
        AnyTable::TextU64ToBytes(t) => read.open_table(t).map(drop),
    }
}

/// The tables in the file are exactly the domains' tables, each with its declared types, and
/// exactly the ones `ALL_TABLES` lists (so backups copy them all).
fn assert_tables_are_the_listed_ones(store: &Store) {
    let read = store.db().unwrap().begin_read().unwrap();
    let in_file: BTreeSet<String> = read
        .list_tables()
        .unwrap()
        .map(|t| t.name().to_string())
        .collect();
    let declared: BTreeSet<String> = DOMAIN_TABLES.iter().map(|t| t.name().to_string()).collect();
    assert_eq!(
        in_file, declared,
        "the migrations must create exactly the tables the domains declare (DOMAIN_TABLES)"
    );
    let listed: BTreeSet<String> = ALL_TABLES.iter().map(|t| t.name().to_string()).collect();
    assert_eq!(
        in_file, listed,
        "store::tables::ALL_TABLES must list every table of an upgraded file"
    );
    for table in DOMAIN_TABLES {
        if let Err(err) = open_listed(&read, table) {
            panic!("table {} as declared cannot be opened: {err}", table.name());
        }
    }
}

fn upgrade_from(version: u64) {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = Store::open_unmigrated(dir.path()).unwrap();
        assert_eq!(migrate_to(&store, version).unwrap(), version);
        write_as_release(&store, version);
    }
    let store = Store::open(dir.path()).unwrap();
    assert_eq!(schema_version(&store).unwrap(), SCHEMA_VERSION);
    assert_tables_are_the_listed_ones(&store);

    // The raw rows migrations write, read by their literal tables.
    {
        let read = store.db().unwrap().begin_read().unwrap();
        let hashes = read.open_table(SEED_DOCUMENT_TO_HASH).unwrap();
        assert_eq!(
            hashes
                .get("locale_code_to_messages/en")
                .unwrap()
                .map(|h| h.value().to_string()),
            Some(MESSAGES_EN_HASH.to_string()),
            "seed hash after upgrading from version {version}"
        );
        let stock = read.open_table(STOCK_CODE_TO_LEVEL).unwrap();
        let level = stock.get("SF-1001").unwrap().map(|l| l.value());
        let want = match version {
            ..=4 => None,
            5..=7 => Some(3),
            _ => Some(1),
        };
        assert_eq!(
            level, want,
            "stock level after upgrading from version {version}"
        );
        let index = read.open_table(VARIANT_CODE_TO_PRODUCT).unwrap();
        let owner = index.get("SF-1001").unwrap().map(|o| o.value().to_string());
        assert_eq!(
            owner,
            want.map(|_| "SF-1001".to_string()),
            "variant index after upgrading from version {version}"
        );
    }

    assert_holds(
        &read_back(&store),
        &expected(version),
        &format!("from version {version}"),
    );
}

#[test]
fn every_released_schema_has_an_upgrade_test() {
    assert_eq!(
        SCHEMA_VERSION, NEWEST_COVERED,
        "a new schema version needs its rows in write_as_release and expected"
    );
}

#[test]
fn a_version_1_database_upgrades_and_reads_back() {
    upgrade_from(1);
}

#[test]
fn a_version_2_database_upgrades_and_reads_back() {
    upgrade_from(2);
}

#[test]
fn a_version_3_database_upgrades_and_reads_back() {
    upgrade_from(3);
}

#[test]
fn a_version_4_database_upgrades_and_reads_back() {
    upgrade_from(4);
}

#[test]
fn a_version_5_database_upgrades_and_reads_back() {
    upgrade_from(5);
}

#[test]
fn a_version_6_database_upgrades_and_reads_back() {
    upgrade_from(6);
}

#[test]
fn a_version_7_database_upgrades_and_reads_back() {
    upgrade_from(7);
}

#[test]
fn a_version_8_database_upgrades_and_reads_back() {
    upgrade_from(8);
}

#[test]
fn a_version_9_database_upgrades_and_reads_back() {
    upgrade_from(9);
}

/// Version 12 shops created the guest key and slip tables only at their first write; the
/// upgrade creates them, so every listed table exists whatever the shop did before.
#[test]
fn a_version_12_database_upgrades_and_reads_back() {
    upgrade_from(12);
}

#[test]
fn a_current_database_opens_and_reads_back() {
    upgrade_from(10);
}

#[test]
fn a_version_13_database_upgrades_and_reads_back() {
    upgrade_from(13);
}

#[test]
fn a_version_14_database_upgrades_and_reads_back() {
    upgrade_from(14);
}

/// Version 15 is the last schema without variants: its product gains one under its own code,
/// carrying the live level (1), not the document's (3).
#[test]
fn a_version_15_database_gives_each_product_its_variant() {
    upgrade_from(15);
}

#[test]
fn a_version_16_database_opens_and_reads_back() {
    upgrade_from(16);
}

/// Version 17 only adds the (empty) table of visit counts.
#[test]
fn a_version_17_database_opens_and_reads_back() {
    upgrade_from(17);
}

/// An order a version-12 shop invoiced and then cancelled: receipt, tax invoice and credit
/// note issued, none of them with a stored print.
fn credited_order() -> Value {
    let mut order = order();
    order["id"] = json!(2);
    order["number"] = json!("K000002");
    order["status"] = json!("cancelled");
    order["payment"]["status"] = json!("refund_due");
    order["vatInfo"] = json!({"name": "Jaidee Co., Ltd.", "taxId": "0105558000001",
        "branch": "00000", "address": "99 Sukhumvit Road, Bangkok 10110"});
    order["cancelReason"] = json!("the shopper changed their mind");
    order["documents"] = json!({
        "taxInvoice": {"number": "INV-000001", "issuedAt": 1767300500000_u64},
        "creditNote": {"number": "CN-000001", "issuedAt": 1767390000000_u64}
    });
    order["history"] = json!([
        {"status": "pending_payment", "at": 1767300200000_u64},
        {"status": "paid", "at": 1767300500000_u64},
        {"status": "cancelled", "at": 1767390000000_u64}
    ]);
    order
}

#[test]
fn version_13_freezes_the_documents_issued_before_it_once_with_the_seller_of_the_next_start() {
    use crate::documents::{DocumentKind, Issuer, issued};
    let dir = tempfile::tempdir().unwrap();
    {
        let store = Store::open_unmigrated(dir.path()).unwrap();
        migrate_to(&store, 12).unwrap();
        write_as_release(&store, 12);
        let txn = store.db().unwrap().begin_write().unwrap();
        txn.open_table(ORDER_ID_TO_ORDER)
            .unwrap()
            .insert(2, bytes(&credited_order()).as_slice())
            .unwrap();
        txn.commit().unwrap();
    }
    let store = Store::open(dir.path()).unwrap();
    let seller = |name: &str| Issuer {
        name: name.into(),
        address: "1 Charoen Krung Road, Bangkok 10500".into(),
        tax_id: "0105551234567".into(),
        branch: "00000".into(),
        phone: "02-123-4567".into(),
        shop_name: "Kiosk".into(),
    };
    // The first start: the paid order's receipt, and the credited order's three documents.
    assert_eq!(
        issued::freeze_earlier(&store, &seller("Then Trading Co., Ltd.")).unwrap(),
        4
    );
    // Later starts with other settings change nothing.
    assert_eq!(
        issued::freeze_earlier(&store, &seller("Later Trading Co., Ltd.")).unwrap(),
        0
    );
    let orders: Vec<crate::orders::model::Order> = [1, 2]
        .into_iter()
        .map(|id| crate::orders::store::get(&store, crate::domain::OrderId(id)).unwrap())
        .collect();
    for (order, kinds) in orders
        .iter()
        .zip([&[DocumentKind::Receipt][..], &DocumentKind::ALL])
    {
        for &kind in kinds {
            let print = store
                .read(|txn| issued::printed(txn, order, kind))
                .unwrap()
                .unwrap_or_else(|| panic!("{} of {} has no print", kind.what(), order.number));
            assert_eq!(print.seller.name, "Then Trading Co., Ltd.");
            assert!(issued::pdf(&store, order, kind).unwrap().is_some());
        }
    }
}

#[test]
fn every_listed_table_exists_with_its_types_once_a_fresh_store_is_open() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    assert_tables_are_the_listed_ones(&store);
}

#[test]
fn version_2_records_the_hash_of_every_document_a_version_1_binary_seeded() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = Store::open_unmigrated(dir.path()).unwrap();
        assert_eq!(migrate_to(&store, 1).unwrap(), 1);
        let txn = store.db().unwrap().begin_write().unwrap();
        let docs = [
            (LOCALE_CODE_TO_MESSAGES, "en", MESSAGES_EN),
            (
                LABEL_SET_TO_LABELS,
                "province",
                r#"{"bangkok":{"en":"Bangkok"}}"#,
            ),
            (PAGE_NAME_TO_PAGE, "about", r#"{"title":{"en":"About us"}}"#),
            (ADMIN_ROLE_TO_MENUS, "admin", r#"[{"key":"orders"}]"#),
            // Rooms are not seed documents: no hash for them.
            (
                ROOM_KEY_TO_ROOM,
                "living",
                r#"{"key":"living","title":{"en":"Living room"}}"#,
            ),
        ];
        for (table, key, json) in docs {
            txn.open_table(table)
                .unwrap()
                .insert(key, json.as_bytes())
                .unwrap();
        }
        txn.commit().unwrap();
    }
    let store = Store::open(dir.path()).unwrap();
    let read = store.db().unwrap().begin_read().unwrap();
    let hashes: Vec<(String, String)> = read
        .open_table(SEED_DOCUMENT_TO_HASH)
        .unwrap()
        .iter()
        .unwrap()
        .map(|entry| {
            let (key, hash) = entry.unwrap();
            (key.value().to_string(), hash.value().to_string())
        })
        .collect();
    let want = [
        (
            "admin_role_to_menus/admin",
            "847d98540d2810b0e5525c909765ba3b9fb2a5eeed5fe7c0167a67bf9ff0f970",
        ),
        (
            "label_set_to_labels/province",
            "452a018d66b3c2e5487894842f7e56455fc8fa97bef5cbad0580020e78d7ce22",
        ),
        ("locale_code_to_messages/en", MESSAGES_EN_HASH),
        (
            "page_name_to_page/about",
            "8193247ce70ae8c2136eda3b08c7ed162bc7c027d81cbd028daade878dbdb0f5",
        ),
    ];
    let want: Vec<(String, String)> = want
        .iter()
        .map(|(k, h)| (k.to_string(), h.to_string()))
        .collect();
    assert_eq!(hashes, want);
}

#[test]
fn version_8_moves_stock_levels_out_of_the_product_documents() {
    let dir = tempfile::tempdir().unwrap();
    {
        // As a version-7 binary wrote it: stock only inside the product document. A document
        // without `stock` had none; the version-8 migration reads nothing else of a product.
        let store = Store::open_unmigrated(dir.path()).unwrap();
        assert_eq!(migrate_to(&store, 7).unwrap(), 7);
        let txn = store.db().unwrap().begin_write().unwrap();
        {
            let mut products = txn.open_table(PRODUCT_CODE_TO_PRODUCT).unwrap();
            let sofa = r#"{"code":"SF-1","name":{"en":"Sofa"},"price":100,"stock":7}"#;
            products.insert("SF-1", sofa.as_bytes()).unwrap();
            let lamp = r#"{"code":"LP-1","name":{"en":"Lamp"},"price":100}"#;
            products.insert("LP-1", lamp.as_bytes()).unwrap();
        }
        txn.commit().unwrap();
    }
    let store = Store::open(dir.path()).unwrap();
    let read = store.db().unwrap().begin_read().unwrap();
    let stock = read.open_table(STOCK_CODE_TO_LEVEL).unwrap();
    assert_eq!(stock.get("SF-1").unwrap().unwrap().value(), 7);
    assert_eq!(stock.get("LP-1").unwrap().unwrap().value(), 0);
    read.open_table(ORDER_ID_TO_ORDER).unwrap();
    let products = crate::catalog::store::load_products(&store).unwrap();
    let sofa = products.iter().find(|p| p.code == "SF-1").unwrap();
    assert_eq!(sofa.stock, 7);
}

#[test]
fn version_8_refuses_a_product_document_that_is_not_json() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = Store::open_unmigrated(dir.path()).unwrap();
        assert_eq!(migrate_to(&store, 7).unwrap(), 7);
        let txn = store.db().unwrap().begin_write().unwrap();
        txn.open_table(PRODUCT_CODE_TO_PRODUCT)
            .unwrap()
            .insert("SF-1", b"not json".as_slice())
            .unwrap();
        txn.commit().unwrap();
    }
    let err = Store::open(dir.path()).err().unwrap();
    assert!(
        matches!(&err, StoreError::BadDocument { key, .. } if key == "SF-1"),
        "{err}"
    );
    // The failed migration left the file at version 7, to be retried by a fixed binary.
    let store = Store::open_unmigrated(dir.path()).unwrap();
    assert_eq!(schema_version(&store).unwrap(), 7);
}

/// An outbox row as version 12 wrote a guest's order mail: `link` holds the order key.
fn guest_mail_v12(id: u64, status: &str, link: Option<&str>) -> Value {
    let mut row = json!({
        "id": id, "key": format!("orderPlaced:{id}:email:shopper"), "event": "orderPlaced",
        "channel": "email", "audience": "shopper", "orderId": 7, "to": "nok@example.com",
        "lang": "th", "status": status, "attempts": 0, "createdAt": 1767312000000u64,
        "nextAt": 1767312000000u64
    });
    if let Some(link) = link {
        row["link"] = json!(link);
    }
    row
}

#[test]
fn version_14_keeps_no_key_of_a_waiting_guest_mail_and_gives_it_a_nonce() {
    use sha2::{Digest, Sha256};
    const OUTBOX_ID_TO_MESSAGE: TableDefinition<u64, &[u8]> =
        TableDefinition::new("outbox_id_to_message");
    const ORDER_ID_TO_GUEST_KEYS: TableDefinition<u64, &[u8]> =
        TableDefinition::new("order_id_to_guest_keys");
    let mailed = "0123456789abcdef0123456789abcdef";
    let placed = "fedcba9876543210fedcba9876543210";
    let digest = |key: &str| hex::encode(Sha256::digest(key.as_bytes()));
    let dir = tempfile::tempdir().unwrap();
    {
        let store = Store::open_unmigrated(dir.path()).unwrap();
        assert_eq!(migrate_to(&store, 13).unwrap(), 13);
        let txn = store.db().unwrap().begin_write().unwrap();
        {
            let mut outbox = txn.open_table(OUTBOX_ID_TO_MESSAGE).unwrap();
            let link = format!("/th/cartres?order=7&key={mailed}");
            let waiting = guest_mail_v12(1, "pending", Some(&link));
            outbox.insert(1, bytes(&waiting).as_slice()).unwrap();
            let sent = guest_mail_v12(2, "sent", None);
            outbox.insert(2, bytes(&sent).as_slice()).unwrap();
            let keys = json!({"digests": [digest(placed), digest(mailed)]});
            txn.open_table(ORDER_ID_TO_GUEST_KEYS)
                .unwrap()
                .insert(7, bytes(&keys).as_slice())
                .unwrap();
        }
        txn.commit().unwrap();
    }
    let store = Store::open(dir.path()).unwrap();
    assert_tables_are_the_listed_ones(&store);
    let read = store.db().unwrap().begin_read().unwrap();
    let outbox = crate::outbox::OUTBOX_ID_TO_MESSAGE.read(&read).unwrap();
    let waiting = outbox.get(1).unwrap().unwrap();
    let nonce = waiting.nonce.expect("the waiting mail gets a nonce");
    assert_eq!(nonce.len(), 32);
    assert_eq!(
        outbox.get(2).unwrap().unwrap().nonce,
        None,
        "a sent mail needs none"
    );
    let raw = read.open_table(OUTBOX_ID_TO_MESSAGE).unwrap();
    let row = String::from_utf8(raw.get(1).unwrap().unwrap().value().to_vec()).unwrap();
    assert!(!row.contains(mailed) && !row.contains("link"), "{row}");
    let id = crate::domain::OrderId(7);
    use crate::orders::guest::key_opens;
    assert!(
        !key_opens(&read, id, mailed).unwrap(),
        "the key that never left opens nothing"
    );
    assert!(
        key_opens(&read, id, placed).unwrap(),
        "the guest's own key still opens"
    );
}

#[test]
fn version_14_lets_a_key_lookup_answer_before_any_guest_order() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = Store::open_unmigrated(dir.path()).unwrap();
        assert_eq!(migrate_to(&store, 13).unwrap(), 13);
    }
    let store = Store::open(dir.path()).unwrap();
    let read = store.db().unwrap().begin_read().unwrap();
    let opens = crate::orders::guest::key_opens(&read, crate::domain::OrderId(1), "00");
    assert!(!opens.unwrap());
}

#[test]
fn version_15_indexes_the_orders_a_version_14_shop_owed_a_refund() {
    let dir = tempfile::tempdir().unwrap();
    {
        // As a version-14 binary wrote it: a paid order cancelled since, owing its payment back,
        // and a paid one owing nothing.
        let store = Store::open_unmigrated(dir.path()).unwrap();
        assert_eq!(migrate_to(&store, 14).unwrap(), 14);
        let txn = store.db().unwrap().begin_write().unwrap();
        {
            let mut orders = txn.open_table(ORDER_ID_TO_ORDER).unwrap();
            let mut owing = order();
            owing["status"] = json!("cancelled");
            owing["payment"]["status"] = json!("refund_due");
            orders.insert(1, bytes(&owing).as_slice()).unwrap();
            let mut paid = order();
            paid["id"] = json!(2);
            paid["number"] = json!("K000002");
            paid["payment"]["status"] = json!("paid");
            orders.insert(2, bytes(&paid).as_slice()).unwrap();
        }
        txn.commit().unwrap();
    }
    let store = Store::open(dir.path()).unwrap();
    let read = store.db().unwrap().begin_read().unwrap();
    let index = read
        .open_table(TableDefinition::<u64, &[u8]>::new("refund_due_to_order"))
        .unwrap();
    let owing: Vec<u64> = index
        .iter()
        .unwrap()
        .map(|row| row.unwrap().0.value())
        .collect();
    assert_eq!(owing, [1]);
    let first = crate::orders::store::get(&store, crate::domain::OrderId(1)).unwrap();
    assert!(first.payment.refund_due);
    let second = crate::orders::store::get(&store, crate::domain::OrderId(2)).unwrap();
    assert!(!second.payment.refund_due);
}
