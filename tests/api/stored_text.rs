//! Stored free text (issue 29 break 11): whatever people type — a stranger at the sign-in form,
//! a shopper, a guest, a clerk — is stored without control characters (ESC, CR, NUL, BEL…) and
//! bidirectional overrides, so it cannot repaint a staff terminal or reorder a staff screen.
//! Each text is sent dirty through its route and read back clean.

use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp, spawn_app};
use crate::orders::{Shopper, add, place, plain, product};

/// ESC with a colour code, NUL, BEL, a right-to-left override and an isolate.
const JUNK: &str = "\u{1b}[31m\u{0}\u{7}\u{202E}\u{2066}";

/// `text` with [`JUNK`] after its first character.
fn dirty(text: &str) -> String {
    let mut chars = text.chars();
    let first = chars.next().unwrap();
    format!("{first}{JUNK}{}", chars.as_str())
}

/// What `dirty(text)` must read back as (the ESC goes, its printable tail stays).
fn cleaned(text: &str) -> String {
    let mut chars = text.chars();
    let first = chars.next().unwrap();
    format!("{first}[31m{}", chars.as_str())
}

/// Every string in `value` (a whole answer) is free of control and bidi characters; line
/// breaks are allowed only as `\n` (notes and addresses keep their lines).
fn assert_clean(value: &Value, at: &str) {
    match value {
        Value::String(text) => assert!(
            !text
                .chars()
                .any(|c| c != '\n' && kiosk::domain::text::is_unsafe_char(c)),
            "{at}: {text:?}"
        ),
        Value::Array(items) => items.iter().for_each(|v| assert_clean(v, at)),
        Value::Object(map) => map
            .iter()
            .for_each(|(k, v)| assert_clean(v, &format!("{at}.{k}"))),
        _ => {}
    }
}

async fn put_json(app: &TestApp, path: &str, body: &Value, token: &str) -> (u16, Value) {
    app.json(app.client.put(app.url(path)).bearer_auth(token).json(body))
        .await
}

fn vat_info() -> Value {
    json!({"name": dirty("Siam Furniture Co., Ltd."), "taxId": "0105556000009", "branch": "00000",
           "address": format!("{}\r\nBangkok 10500", dirty("1 Silom Road"))})
}

fn address() -> Value {
    json!({"name": dirty("Somchai Jaidee"), "phone": "081-234-5678", "line1": dirty("99/1 Sukhumvit 31"),
           "district": dirty("Khlong Toei"), "province": "bangkok", "postcode": "10110"})
}

#[tokio::test]
async fn every_stored_free_text_reads_back_without_controls_or_bidi_overrides() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;

    // A stranger's failed sign-in: the typed username goes to the activity log.
    let (status, _) = app
        .post_json(
            "/api/auth/login",
            &json!({"username": "ad\u{1b}[2Jmin\r\nroot\u{0}\u{7}\u{202E}x", "password": "wrong password"}),
            None,
        )
        .await;
    assert_eq!(status, 401);
    let (_, log) = app
        .get_authed("/api/admin/activity?q=failed%20sign-in", &owner)
        .await;
    assert_eq!(log["lines"][0]["user"], "ad[2Jmin rootx", "{log}");

    // Registration: the name (and the address, tried by a careful attacker) are cleaned.
    let (status, registered) = app
        .post_json(
            "/api/auth/register",
            &json!({"username": "malee", "name": dirty("Malee"), "password": PASSWORD,
                    "email": "malee@example.com"}),
            None,
        )
        .await;
    assert_eq!(status, 201, "{registered}");
    let token = registered["token"].as_str().unwrap().to_string();
    let (_, me) = app.get_authed("/api/auth/user", &token).await;
    assert_eq!(me["data"]["name"], cleaned("Malee"));
    let buyer = Shopper {
        id: me["data"]["id"].as_u64().unwrap(),
        token,
    };

    // Saved addresses and tax-invoice details.
    let (status, info) = put_json(
        &app,
        "/api/auth/userInfo",
        &json!({"addInfo": [address()], "vatInfo": vat_info()}),
        &buyer.token,
    )
    .await;
    assert_eq!(status, 200, "{info}");
    assert_eq!(
        info["userInfo"]["addInfo"][0]["name"],
        cleaned("Somchai Jaidee")
    );
    assert_eq!(
        info["userInfo"]["vatInfo"]["address"],
        format!("{}\nBangkok 10500", cleaned("1 Silom Road"))
    );
    assert_clean(&info, "userInfo");

    // An order's delivery address and tax-invoice details.
    let item = product(&app, |p| plain(p) && p.stock >= 20);
    add(&app, &buyer, &item.code, 1).await;
    let (status, placed) = place(
        &app,
        &buyer,
        json!({"address": address(), "vatInfo": vat_info()}),
    )
    .await;
    assert_eq!(status, 201, "{placed}");
    let id = placed["order"]["id"].as_u64().unwrap();
    assert_eq!(
        placed["order"]["address"]["line1"],
        cleaned("99/1 Sukhumvit 31")
    );

    // A clerk's coin reason, order note, tracking number; the shopper's review.
    let (status, coins) = app
        .post_json(
            &format!("/api/admin/customers/{}/coins", buyer.id),
            &json!({"amount": 10, "reason": dirty("goodwill")}),
            Some(&owner),
        )
        .await;
    assert_eq!(status, 200, "{coins}");
    let (status, noted) = app
        .post_json(
            &format!("/api/admin/order/{id}/notes"),
            &json!({"text": format!("{}\r\nsecond line", dirty("phoned"))}),
            Some(&owner),
        )
        .await;
    assert_eq!(status, 200, "{noted}");
    let moves = [
        json!({"status": "paid", "reference": dirty("SLIP-1")}),
        json!({"status": "preparing"}),
        json!({"status": "shipped", "carrier": "kerry", "tracking": "TH01\u{0}\u{7}\u{202E}23"}),
        json!({"status": "delivered"}),
    ];
    for body in moves {
        let (status, moved) = app
            .post_json(
                &format!("/api/admin/order/{id}/status"),
                &body,
                Some(&owner),
            )
            .await;
        assert_eq!(status, 200, "{body}: {moved}");
    }
    let (status, reviewed) = app
        .post_json(
            &format!("/api/app/order/review/{id}"),
            &json!({"rating": 5, "comment": format!("{}\r\nthank you", dirty("Lovely sofa"))}),
            Some(&buyer.token),
        )
        .await;
    assert_eq!(status, 200, "{reviewed}");
    assert_eq!(
        reviewed["order"]["review"]["comment"],
        format!("{}\nthank you", cleaned("Lovely sofa"))
    );

    // A cancel reason on a second order.
    add(&app, &buyer, &item.code, 1).await;
    let (_, second) = place(&app, &buyer, json!({})).await;
    let second = second["order"]["id"].as_u64().unwrap();
    let (status, cancelled) = app
        .post_json(
            &format!("/api/admin/order/{second}/status"),
            &json!({"status": "cancelled", "reason": dirty("out of stock")}),
            Some(&owner),
        )
        .await;
    assert_eq!(status, 200, "{cancelled}");

    // A guest's name at checkout.
    let visitor = uuid::Uuid::new_v4().to_string();
    let (status, _) = app
        .post_json(
            "/api/app/cart/add",
            &json!({"id": visitor, "code": item.code, "qty": 1}),
            None,
        )
        .await;
    assert_eq!(status, 200);
    let (status, guest) = app
        .post_json(
            "/api/app/order/place",
            &json!({"id": visitor, "address": address(), "payment": "promptpay",
                    "idempotencyKey": uuid::Uuid::new_v4().to_string(),
                    "contact": {"name": dirty("Nok Sriwan"), "phone": "089-123-4567", "email": "nok@example.com"}}),
            None,
        )
        .await;
    assert_eq!(status, 201, "{guest}");
    assert_eq!(guest["order"]["contact"]["name"], cleaned("Nok Sriwan"));

    // Read everything back as staff: the orders, the customer with the ledger, the whole log.
    for order in [id, second, guest["order"]["id"].as_u64().unwrap()] {
        let (status, stored) = app
            .get_authed(&format!("/api/app/order/get/{order}"), &owner)
            .await;
        assert_eq!(status, 200, "{stored}");
        assert_clean(&stored, &format!("order {order}"));
    }
    let (_, stored) = app
        .get_authed(&format!("/api/app/order/get/{id}"), &owner)
        .await;
    assert_eq!(
        stored["order"]["notes"][0]["text"],
        format!("{}\nsecond line", cleaned("phoned"))
    );
    assert_eq!(stored["order"]["shipment"]["tracking"], "TH0123");
    let (_, customer) = app
        .get_authed(&format!("/api/admin/customers/{}", buyer.id), &owner)
        .await;
    assert_eq!(customer["ledger"][0]["reason"], cleaned("goodwill"));
    assert_clean(&customer, "customer");
    let (_, log) = app
        .get_authed("/api/admin/activity?limit=500", &owner)
        .await;
    assert!(log["lines"].as_array().unwrap().len() > 10, "{log}");
    assert_clean(&log, "activity");
}

/// A clerk's product text (a name shows on every storefront page): names, material and colour
/// on one line, descriptions keeping their lines, stock reasons; nothing dirty is stored.
#[tokio::test]
async fn a_products_text_is_stored_clean_from_a_staff_save() {
    let app = spawn_app().await;
    let clerk = app.token("stockist", "admin-stock").await;
    let product = json!({
        "code": "SB-9100",
        "name": {"en": dirty("Teak sideboard"), "th": "ตู้\u{202E}ไม้สัก"},
        "description": {"en": format!("{}\r\nSecond line", dirty("A low sideboard."))},
        "price": 1_290_000, "rooms": ["living"], "categories": [],
        "dimensions": {"width": 1600, "depth": 450, "height": 750},
        "material": dirty("teak"), "colour": "brown\u{7}", "stock": 4, "active": true
    });
    let (status, created) = app
        .post_json("/api/admin/products", &product, Some(&clerk))
        .await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["product"]["name"]["en"], cleaned("Teak sideboard"));
    assert_eq!(created["product"]["name"]["th"], "ตู้ไม้สัก");
    assert_eq!(
        created["product"]["description"]["en"],
        format!("{}\nSecond line", cleaned("A low sideboard."))
    );
    let (status, moved) = app
        .post_json(
            "/api/admin/products/SB-9100/stock",
            &json!({"delta": 2, "reason": dirty("delivery")}),
            Some(&clerk),
        )
        .await;
    assert_eq!(status, 200, "{moved}");
    let (_, stored) = app.get_authed("/api/admin/products/SB-9100", &clerk).await;
    assert_clean(&stored, "product");
}

/// Titles and names the shop shows in its menus and header: a room's titles, a code table
/// entry's, a promotion's name.
#[tokio::test]
async fn titles_and_promotion_names_are_stored_clean() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;
    let (status, room) = app
        .post_json(
            "/api/admin/rooms",
            &json!({"key": "balcony", "title": {"en": dirty("Balcony"), "th": "ระเบียง\u{202E}"}}),
            Some(&owner),
        )
        .await;
    assert_eq!(status, 201, "{room}");
    assert_eq!(room["room"]["title"]["en"], cleaned("Balcony"));
    assert_eq!(room["room"]["title"]["th"], "ระเบียง");
    let (status, entry) = app
        .post_json(
            "/api/admin/codes/carrier",
            &json!({"key": "speedy", "title": {"en": dirty("Speedy Post")}}),
            Some(&owner),
        )
        .await;
    assert!(status == 200 || status == 201, "{entry}");
    assert_clean(&entry, "code entry");
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    let (status, promotion) = app
        .post_json(
            "/api/admin/promotions",
            &json!({"name": dirty("Outdoor week"), "display": true, "lang": "th",
                    "roomInc": ["outdoor"], "discount": {"kind": "percent", "value": 5},
                    "startsAt": now - 60, "endsAt": now + 86_400}),
            Some(&owner),
        )
        .await;
    assert_eq!(status, 201, "{promotion}");
    assert_eq!(promotion["promotion"]["name"], cleaned("Outdoor week"));
    let (_, shown) = app.get_json("/api/app/promotions").await;
    assert_clean(&shown, "promotions");
}

/// The texts staff write for the storefront: an information page's title and Markdown body, a
/// translation, the information bar of the site settings — stored clean; a search synonym with
/// such characters is refused (it is a search term, not prose).
#[tokio::test]
async fn pages_translations_settings_and_synonyms_keep_no_control_or_bidi_character() {
    let app = spawn_app().await;
    let owner = app.token("owner", "admin").await;

    let page = json!({"title": {"en": dirty("About us"), "th": "เกี่ยวกับเรา\u{202E}"},
                      "body": {"en": format!("{}\r\n\r\nWe sell [sofas](/room/living).", dirty("Hello")),
                               "th": "", "my": "", "km": "", "id": ""},
                      "published": true});
    let (status, saved) = put_json(&app, "/api/admin/pages/about", &page, &owner).await;
    assert_eq!(status, 200, "{saved}");
    assert_clean(&saved, "page");
    let (_, shown) = app.get_json("/api/file/pages/get/about").await;
    let body = shown.to_string();
    assert!(body.contains(&cleaned("About us")), "{shown}");
    assert!(
        body.contains(&format!("{}\\n\\nWe sell", cleaned("Hello"))),
        "{shown}"
    );
    assert_clean(&shown, "page as shown");

    let (status, row) = put_json(
        &app,
        "/api/admin/translations",
        &json!({"key": "common.moreInfo", "texts": {"en": dirty("More information"), "th": "ข้อมูลเพิ่มเติม\u{2066}"}}),
        &owner,
    )
    .await;
    assert_eq!(status, 200, "{row}");
    assert_clean(&row, "translation");
    assert!(
        row.to_string().contains(&cleaned("More information")),
        "{row}"
    );

    let (status, mut settings) = app.get_authed("/api/admin/settings", &owner).await;
    assert_eq!(status, 200, "{settings}");
    let mut site = settings["settings"].take();
    site["infoBar"]["en"] = json!(dirty("Free delivery in Bangkok"));
    site["contact"]["tel"] = json!("02-123-4567\u{202E}");
    let (status, saved) = put_json(&app, "/api/admin/settings", &site, &owner).await;
    assert_eq!(status, 200, "{saved}");
    assert_clean(&saved, "settings");
    assert!(
        saved
            .to_string()
            .contains(&cleaned("Free delivery in Bangkok")),
        "{saved}"
    );

    let (status, refused) = put_json(
        &app,
        "/api/admin/search/synonyms",
        &json!({"groups": [["sofa", "cou\u{202E}ch"]]}),
        &owner,
    )
    .await;
    assert_eq!(status, 400, "{refused}");
    assert!(refused.to_string().contains("text-direction"), "{refused}");
}
