//! The words of an order update a LINE shopper gets in LINE chat (placed, paid, shipped with
//! the tracking link, delivered, cancelled), in the shopper's language, from the translation
//! store (`line.update.*` in `locales/*.json`, owner edits on /admin/translations applied).
//! `{number}`, `{total}`, `{link}`, `{carrier}`, `{tracking}` and `{url}` are filled in.

use serde_json::Value;

use super::templates::baht;
use crate::content::messages::lookup;
use crate::i18n::Locale;
use crate::orders::model::Order;
use crate::outbox::Event;

/// The message key of an update, or `None` for events LINE shoppers do not get there.
fn key(event: Event) -> Option<&'static str> {
    Some(match event {
        Event::OrderPlaced => "line.update.placed",
        Event::OrderPaid => "line.update.paid",
        Event::OrderShipped => "line.update.shipped",
        Event::OrderDelivered => "line.update.delivered",
        Event::OrderCancelled => "line.update.cancelled",
        _ => return None,
    })
}

/// The text pushed for `event` of `order`; `messages` are the shopper's language's merged
/// messages, `public_url` the shop's address (for the order's page).
pub fn shopper_text(
    messages: &Value,
    event: Event,
    lang: Locale,
    order: &Order,
    public_url: &str,
) -> Option<String> {
    let template = lookup(messages, key(event)?)?;
    let link = format!(
        "{}/{}/user/order?id={}",
        public_url.trim_end_matches('/'),
        lang.code(),
        order.id.get()
    );
    let mut text = fill(template, order, &link);
    if event == Event::OrderShipped
        && let Some(shipment) = &order.shipment
    {
        let carrier = lookup(messages, &format!("admin.carriers.{}", shipment.carrier))
            .unwrap_or(shipment.carrier.as_str())
            .to_string();
        let tracking_key = if shipment.url.is_some() {
            "line.update.trackingLink"
        } else {
            "line.update.trackingNumber"
        };
        if let Some(line) = lookup(messages, tracking_key) {
            let line = line
                .replace("{carrier}", &carrier)
                .replace("{tracking}", &shipment.tracking)
                .replace("{url}", shipment.url.as_deref().unwrap_or_default());
            text.push('\n');
            text.push_str(&line);
        }
    }
    Some(text)
}

fn fill(template: &str, order: &Order, link: &str) -> String {
    template
        .replace("{number}", &order.number)
        .replace("{total}", &baht(order.total))
        .replace("{link}", link)
}
