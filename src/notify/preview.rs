//! The staff's preview of what shoppers get (`GET /api/admin/mail-preview`): a sample order's
//! mail (subject, plain text, HTML) and its receipt PDF in any of the five languages, made
//! from the words in force — the owner's edits on /admin/translations included — by the same
//! code that makes the real ones. Nothing is stored or sent.

use crate::content::cache::ContentSnapshot;
use crate::content::words::{Texts, Words};
use crate::documents::{DocumentKind, Issuer, compose, draw};
use crate::i18n::Locale;
use crate::orders::model::Order;
use crate::outbox::Event;
use crate::store::{Store, StoreError};

use super::templates::{self, Rendered, ShopInfo};

/// The events a shopper's order mail is sent for, in the order an order lives them.
pub const EVENTS: [Event; 5] = [
    Event::OrderPlaced,
    Event::OrderPaid,
    Event::OrderShipped,
    Event::OrderDelivered,
    Event::OrderCancelled,
];

/// The event of a preview by its name (`orderPaid`).
pub fn event_named(name: &str) -> Option<Event> {
    EVENTS.into_iter().find(|event| event.as_str() == name)
}

/// The shop as its mail signs: the name, the contact the owner set in the staff area (or the
/// configuration's, until saved) and the logo.
pub fn shop_info(config: &crate::config::Config, content: &ContentSnapshot) -> ShopInfo {
    let settings = content.settings(config);
    let public_url = config.public_url.trim_end_matches('/');
    ShopInfo {
        name: config.shop_name.clone(),
        public_url: public_url.to_string(),
        tel: settings.contact.tel,
        email: settings.contact.email,
        line: settings.contact.line,
        logo_url: ShopInfo::logo_for(
            public_url,
            content.words(Locale::En).get("organization.logo"),
        ),
    }
}

/// A sample order in `lang`, placed a day before `now` and paid an hour later: two pieces of
/// furniture, PromptPay, a shipment with tracking.
pub fn sample_order(lang: Locale, now: u64) -> Order {
    let placed = now.saturating_sub(86_400_000);
    let mut order: Order = serde_json::from_value(serde_json::json!({
        "id": 1, "number": "K000001", "userId": 2, "status": "shipped", "createdAt": placed,
        "lang": lang,
        "lines": [
            {"code": "SF-1001", "name": {"en": "Teak three-seat sofa", "th": "โซฟาไม้สัก 3 ที่นั่ง", "my": "Sofa jati tiga tempat duduk", "km": "សាឡុងឈើម៉ៃសាក់ បីកៅអី", "id": "Sofa jati tiga dudukan"},
             "qty": 1, "unitPrice": 1_890_000, "discount": 0},
            {"code": "LT-2002", "name": {"en": "Rattan floor lamp", "th": "โคมไฟตั้งพื้นหวาย", "my": "Lampu lantai rotan", "km": "ចង្កៀងឈរផ្ទាល់ដីធ្វើពីផ្តៅ", "id": "Lampu lantai rotan"},
             "qty": 2, "unitPrice": 259_000, "discount": 0}
        ],
        "itemCount": 3,
        "quote": {"subtotal": 2_408_000, "promotionDiscount": 0, "couponDiscount": 0, "coins": 0, "shipping": 0, "vat": 157_533, "total": 2_408_000, "lineDiscounts": [0, 0]},
        "total": 2_408_000, "coupon": null, "coinsUsed": 0,
        "address": {"name": "Malee Suksai", "phone": "0812345678", "line1": "99/9 Sukhumvit Road", "district": "Khlong Toei", "province": "bangkok", "postcode": "10110"},
        "vatInfo": null,
        "payment": {"method": "promptpay", "payBy": placed + 86_400_000},
        "history": [
            {"status": "pending_payment", "at": placed},
            {"status": "paid", "at": placed + 3_600_000},
            {"status": "shipped", "at": now}
        ],
        "review": null, "kcard": "",
        "shipment": {"carrier": "kerry", "tracking": "KEX0000000001", "url": "https://th.kerryexpress.com/en/track/?track=KEX0000000001"}
    }))
    .expect("the sample order is a valid order");
    order.email = "malee@example.com".into();
    order
}

/// The shopper's mail of `event` about the sample order, with a sample unsubscribe link.
pub fn mail(event: Event, w: &Words, shop: &ShopInfo, order: &Order) -> Rendered {
    let unsubscribe = format!("{}{}?t=preview", shop.public_url, super::unsubscribe::PATH);
    templates::shopper_mail_at(event, w, shop, Some(order), None, None, Some(&unsubscribe))
}

/// The sample order's receipt as it would be issued now, drawn.
pub fn receipt(store: &Store, issuer: &Issuer, order: &Order) -> Result<Vec<u8>, String> {
    let texts = store
        .read(|txn| Texts::read(txn, &[Locale::En, Locale::Th, order.lang]))
        .map_err(|err: StoreError| err.to_string())?;
    let print = compose(order, issuer, DocumentKind::Receipt, &texts)
        .ok_or("the sample order has no receipt")?;
    draw(&print).map_err(|err| err.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sample_order_makes_every_mail_and_a_receipt_in_every_language() {
        let texts = Texts::shipped();
        let shop = ShopInfo {
            name: "Kiosk".into(),
            public_url: "https://shop.example".into(),
            ..ShopInfo::default()
        };
        for lang in Locale::ALL {
            let order = sample_order(lang, 1_795_533_000_000);
            for event in EVENTS {
                let mail = mail(event, &texts.words(lang), &shop, &order);
                assert!(mail.subject.contains("K000001"), "{lang:?} {event:?}");
            }
            let print = compose(
                &order,
                &Issuer::from_config(&crate::config::Config::default()),
                DocumentKind::Receipt,
                &texts,
            );
            assert!(print.is_some(), "{lang:?}");
        }
        assert_eq!(event_named("orderPaid"), Some(Event::OrderPaid));
        assert_eq!(event_named("passwordReset"), None);
    }
}
