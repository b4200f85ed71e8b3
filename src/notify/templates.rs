//! What each message says, in the five languages: the shopper's mail per event (subject, plain
//! text and HTML), the shop's own alert mail, and the LINE push text. Rendered when sent, from
//! the order as it is then, so the words always match what the shopper sees on the order page.
//! The words come from the translation store (`mail.*` in locales/*.json, the owner's edits on
//! /admin/translations over them: `content::words`); this file puts them together and fills
//! their placeholders. The HTML part carries inline styles only (mail clients drop `<style>`
//! and never run scripts) and is one column that narrows to a phone's width.

use std::fmt::Write;

use crate::content::words::Words;
use crate::domain::Satang;
use crate::i18n::Locale;
use crate::orders::model::{Order, PaymentMethod};
use crate::outbox::Event;

/// The shop as its mail signs.
#[derive(Debug, Clone, Default)]
pub struct ShopInfo {
    pub name: String,
    pub public_url: String,
    pub tel: String,
    pub email: String,
    pub line: String,
    /// The logo at the top of every mail: an absolute `https://` (or `http://`) address, empty
    /// for none. The shop's own (`organization.logo` when it is an address), else the shipped
    /// PNG under the shop's address (`/static/logo-mail.png`: mail clients show no SVG).
    pub logo_url: String,
}

/// The shipped logo for mail, served under `/static`.
pub const MAIL_LOGO_PATH: &str = "/static/logo-mail.png";

impl ShopInfo {
    /// The mail logo's address: `logo` when it is a full address, else the shipped PNG under
    /// `public_url`.
    pub fn logo_for(public_url: &str, logo: &str) -> String {
        let own = logo.trim();
        if (own.starts_with("https://") || own.starts_with("http://"))
            && !own.to_ascii_lowercase().ends_with(".svg")
        {
            own.to_string()
        } else {
            format!("{}{MAIL_LOGO_PATH}", public_url.trim_end_matches('/'))
        }
    }
}

/// A rendered mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// `฿15,570` or `฿15,570.50`.
pub fn baht(amount: Satang) -> String {
    let grouped = amount.to_grouped_string();
    let (sign, digits) = match grouped.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", grouped.as_str()),
    };
    let digits = digits.strip_suffix(".00").unwrap_or(digits);
    format!("{sign}฿{digits}")
}

/// Escapes text for HTML element content and attribute values.
fn esc(text: &str) -> String {
    crate::domain::html::escape(text)
}

/// The order's page in the shopper's language.
fn order_link(shop: &ShopInfo, lang: Locale, order: &Order) -> String {
    format!(
        "{}/{}/user/order?id={}",
        shop.public_url.trim_end_matches('/'),
        lang.code(),
        order.id.get()
    )
}

/// The subject and opening keys of an event's mail to the shopper.
fn event_key(event: Event) -> &'static str {
    match event {
        Event::OrderPlaced => "mail.placed",
        Event::OrderPaid => "mail.paid",
        Event::OrderShipped => "mail.shipped",
        Event::OrderDelivered => "mail.delivered",
        Event::OrderCancelled => "mail.cancelled",
        Event::ProofRejected => "mail.proofRejected",
        Event::PasswordReset => "mail.reset",
        Event::BackupFailed => "mail.backupFailed",
    }
}

/// A mail under construction: paragraphs and blocks go to both parts at once.
struct Mail {
    text: String,
    html: String,
    lang: Locale,
}

impl Mail {
    fn new(shop: &ShopInfo, lang: Locale) -> Mail {
        let mut html = String::new();
        if shop.logo_url.is_empty() {
            let _ = write!(
                html,
                "<h1 style=\"margin:0 0 16px;font-size:22px;color:#7a4b2a\">{}</h1>",
                esc(&shop.name)
            );
        } else {
            let _ = write!(
                html,
                "<p style=\"margin:0 0 8px\"><img src=\"{}\" width=\"150\" height=\"40\" alt=\"{}\" style=\"display:block;border:0;outline:none;width:150px;max-width:100%;height:auto\"></p><p style=\"margin:0 0 16px;font-size:18px;font-weight:bold;color:#7a4b2a\">{}</p>",
                esc(&shop.logo_url),
                esc(&shop.name),
                esc(&shop.name)
            );
        }
        Mail {
            text: format!("{}\n\n", shop.name),
            html,
            lang,
        }
    }

    fn para(&mut self, line: &str) {
        self.text.push_str(line);
        self.text.push_str("\n\n");
        let _ = write!(self.html, "<p style=\"margin:0 0 12px\">{}</p>", esc(line));
    }

    fn button(&mut self, label: &str, url: &str) {
        let _ = write!(self.text, "{label}: {url}\n\n");
        let _ = write!(
            self.html,
            "<p style=\"margin:16px 0\"><a href=\"{}\" style=\"display:inline-block;background:#7a4b2a;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px\">{}</a></p>",
            esc(url),
            esc(label)
        );
    }

    fn facts(&mut self, rows: &[(&str, String)]) {
        self.html.push_str("<table role=\"presentation\" cellpadding=\"0\" cellspacing=\"0\" style=\"margin:0 0 12px\">");
        for (label, value) in rows {
            if label.is_empty() {
                let _ = writeln!(self.text, "{value}");
            } else {
                let _ = writeln!(self.text, "{label}: {value}");
            }
            let _ = write!(
                self.html,
                "<tr><td style=\"padding:2px 12px 2px 0;color:#6b6b6b\">{}</td><td style=\"padding:2px 0\"><strong>{}</strong></td></tr>",
                esc(label),
                esc(value)
            );
        }
        self.text.push('\n');
        self.html.push_str("</table>");
    }

    fn lines(&mut self, w: &Words, order: &Order) {
        let lang = self.lang;
        self.html.push_str("<table role=\"presentation\" width=\"100%\" cellpadding=\"0\" cellspacing=\"0\" style=\"border-collapse:collapse;margin:8px 0 16px\">");
        let _ = write!(
            self.html,
            "<tr><th align=\"left\" style=\"border-bottom:1px solid #ddd;padding:6px 4px\">{}</th><th align=\"right\" style=\"border-bottom:1px solid #ddd;padding:6px 4px\">{}</th><th align=\"right\" style=\"border-bottom:1px solid #ddd;padding:6px 4px\">{}</th></tr>",
            esc(w.get("mail.product")),
            esc(w.get("mail.qty")),
            esc(w.get("mail.amount"))
        );
        for line in &order.lines {
            // The product's name and the chosen options (docs/VARIANTS.md §3).
            let name = line.title(lang);
            let amount = Satang(line.unit_price.get() * i64::from(line.qty));
            let _ = writeln!(
                self.text,
                "{name} ({}) × {} = {}",
                line.code,
                line.qty,
                baht(amount)
            );
            let _ = write!(
                self.html,
                "<tr><td style=\"padding:6px 4px;border-bottom:1px solid #f0f0f0\">{}<br><span style=\"color:#8a8a8a;font-size:13px\">{}</span></td><td align=\"right\" style=\"padding:6px 4px;border-bottom:1px solid #f0f0f0\">{}</td><td align=\"right\" style=\"padding:6px 4px;border-bottom:1px solid #f0f0f0;white-space:nowrap\">{}</td></tr>",
                esc(&name),
                esc(&line.code),
                line.qty,
                esc(&baht(amount))
            );
        }
        let q = &order.quote;
        let discounts = Satang(q.promotion_discount.get() + q.coupon_discount.get());
        let mut sums: Vec<(&str, String)> = Vec::new();
        if discounts.get() > 0 {
            sums.push((w.get("mail.discount"), format!("-{}", baht(discounts))));
        }
        sums.push((w.get("mail.shipping"), baht(q.shipping)));
        if q.coins.get() > 0 {
            sums.push((w.get("mail.coins"), format!("-{}", baht(q.coins))));
        }
        for (label, value) in &sums {
            let _ = writeln!(self.text, "{label}: {value}");
            let _ = write!(
                self.html,
                "<tr><td colspan=\"2\" align=\"right\" style=\"padding:4px\">{}</td><td align=\"right\" style=\"padding:4px;white-space:nowrap\">{}</td></tr>",
                esc(label),
                esc(value)
            );
        }
        let (total, vat_included) = (w.get("mail.total"), w.get("mail.vatIncluded"));
        let _ = write!(
            self.text,
            "{total}: {} ({vat_included})\n\n",
            baht(order.total),
        );
        let _ = write!(
            self.html,
            "<tr><td colspan=\"2\" align=\"right\" style=\"padding:6px 4px;font-weight:bold\">{}</td><td align=\"right\" style=\"padding:6px 4px;font-weight:bold;font-size:17px;white-space:nowrap\">{}</td></tr><tr><td colspan=\"3\" align=\"right\" style=\"color:#8a8a8a;font-size:13px;padding:0 4px\">{}</td></tr></table>",
            esc(total),
            esc(&baht(order.total)),
            esc(vat_included)
        );
    }

    /// The contact line, the reason for the mail and its unsubscribe link (shoppers' order
    /// mail), then the document around the body.
    fn finish(
        mut self,
        w: &Words,
        shop: &ShopInfo,
        subject: String,
        unsubscribe: Option<&str>,
    ) -> Rendered {
        let contact: Vec<String> = [&shop.tel, &shop.email, &shop.line]
            .into_iter()
            .filter(|c| !c.is_empty())
            .cloned()
            .collect();
        if !contact.is_empty() {
            let line = format!("{}: {}", w.get("mail.contact"), contact.join(" · "));
            self.text.push_str("--\n");
            self.text.push_str(&line);
            self.text.push('\n');
            let _ = write!(
                self.html,
                "<p style=\"margin:24px 0 0;padding-top:12px;border-top:1px solid #eee;color:#6b6b6b;font-size:13px\">{}</p>",
                esc(&line)
            );
        }
        if let Some(url) = unsubscribe {
            let why = w.fill("mail.unsubscribe.why", &[("shop", &shop.name)]);
            let label = w.get("mail.unsubscribe.link");
            let _ = write!(self.text, "\n{why}\n{label}: {url}\n");
            let _ = write!(
                self.html,
                "<p style=\"margin:12px 0 0;color:#8a8a8a;font-size:12px\">{} <a href=\"{}\" style=\"color:#6b6b6b\">{}</a></p>",
                esc(&why),
                esc(url),
                esc(label)
            );
        }
        let html = format!(
            "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><title>{title}</title></head><body style=\"margin:0;padding:0;background:#f5f3ef\"><table role=\"presentation\" width=\"100%\" cellpadding=\"0\" cellspacing=\"0\" style=\"background:#f5f3ef\"><tr><td align=\"center\" style=\"padding:24px 12px\"><table role=\"presentation\" width=\"100%\" cellpadding=\"0\" cellspacing=\"0\" style=\"max-width:600px;background:#ffffff;border-radius:8px;font-family:Prompt,'Noto Sans Thai','Noto Sans Khmer',Arial,sans-serif;color:#2b2b2b;font-size:15px;line-height:1.6\"><tr><td style=\"padding:24px;word-break:break-word\">{body}</td></tr></table></td></tr></table></body></html>",
            lang = self.lang.html_lang(),
            title = esc(&subject),
            body = self.html,
        );
        Rendered {
            subject,
            text: self.text,
            html,
        }
    }
}

/// The shopper's mail for an event, in `w`'s language. `order` is given for the order events;
/// `note` is the reset link for a password reset and staff's reason for a rejected slip.
pub fn shopper_mail(
    event: Event,
    w: &Words,
    shop: &ShopInfo,
    order: Option<&Order>,
    note: Option<&str>,
) -> Rendered {
    shopper_mail_at(event, w, shop, order, note, None, None)
}

/// [`shopper_mail`] whose order button opens `link` (a site path): a guest order's secret
/// link, since a guest has no account to sign in to; `unsubscribe` is the signed address that
/// turns the shopper's order mail off (also in the `List-Unsubscribe` header).
pub fn shopper_mail_at(
    event: Event,
    w: &Words,
    shop: &ShopInfo,
    order: Option<&Order>,
    note: Option<&str>,
    link: Option<&str>,
    unsubscribe: Option<&str>,
) -> Rendered {
    let lang = w.locale();
    let key = event_key(event);
    let number = order.map(|o| o.number.as_str()).unwrap_or_default();
    let subject = w.fill(&format!("{key}.subject"), &[("number", number)]);
    let mut mail = Mail::new(shop, lang);
    mail.para(&w.fill(&format!("{key}.intro"), &[("number", number)]));
    match (event, order) {
        (Event::PasswordReset, _) => {
            if let Some(link) = note {
                mail.button(w.get("mail.reset.subject"), link);
            }
            mail.para(w.get("mail.resetExpiry"));
        }
        (_, None) => {}
        (event, Some(order)) => {
            let link = match link {
                Some(path) => format!("{}{path}", shop.public_url.trim_end_matches('/')),
                None => order_link(shop, lang, order),
            };
            order_body(&mut mail, w, shop, event, order, note, &link);
        }
    }
    mail.finish(w, shop, subject, unsubscribe)
}

fn order_body(
    mail: &mut Mail,
    w: &Words,
    shop: &ShopInfo,
    event: Event,
    order: &Order,
    note: Option<&str>,
    link: &str,
) {
    let view_order = w.get("mail.viewOrder");
    // Which order, and when it was placed (the shop's one date rule).
    mail.facts(&[
        (w.get("paper.orderNo"), order.number.clone()),
        (w.get("paper.date"), w.date_time(order.created_at)),
    ]);
    match event {
        Event::OrderPlaced => {
            mail.lines(w, order);
            mail.para(w.get("mail.howToPay"));
            match order.payment.method {
                PaymentMethod::Promptpay => mail.para(w.get("mail.payPromptpay")),
                PaymentMethod::BankTransfer => {
                    mail.para(w.get("mail.payBank"));
                    if let Some(bank) = &order.payment.bank {
                        mail.facts(&[
                            ("", bank.bank_name.clone()),
                            ("", bank.account_name.clone()),
                            ("", bank.account_number.clone()),
                        ]);
                    }
                }
                PaymentMethod::Card2c2p => mail.para(w.get("mail.payCard")),
            }
            if let Some(pay_by) = order.payment.pay_by {
                mail.para(&format!("{} {}", w.get("mail.payBy"), w.date_time(pay_by)));
            }
            mail.button(view_order, link);
        }
        Event::OrderPaid => {
            mail.lines(w, order);
            mail.para(w.get("mail.documents"));
            mail.button(view_order, link);
        }
        Event::OrderShipped => {
            if let Some(shipment) = &order.shipment {
                mail.facts(&[
                    (
                        w.get("mail.carrier"),
                        carrier_name(&shipment.carrier, shop, w),
                    ),
                    (w.get("mail.tracking"), shipment.tracking.clone()),
                ]);
                if let Some(url) = &shipment.url {
                    mail.button(w.get("mail.track"), url);
                }
            }
            mail.button(view_order, link);
        }
        Event::OrderDelivered => mail.button(w.get("mail.review"), link),
        Event::OrderCancelled => {
            if let Some(reason) = &order.cancel_reason {
                mail.facts(&[(w.get("mail.reason"), reason.clone())]);
            }
            if order
                .history
                .iter()
                .any(|c| c.status == crate::orders::model::Status::Paid)
            {
                mail.para(w.get("mail.refund"));
            }
            mail.button(view_order, link);
        }
        Event::ProofRejected => {
            if let Some(reason) = note {
                mail.facts(&[(w.get("mail.reason"), reason.to_string())]);
            }
            mail.para(w.get("mail.newSlip"));
            mail.button(view_order, link);
        }
        Event::PasswordReset | Event::BackupFailed => {}
    }
}

/// The carrier's public name (the keys are those of `orders::model::CARRIERS`): brands as they
/// call themselves, Thailand Post in the reader's language.
fn carrier_name(key: &str, shop: &ShopInfo, w: &Words) -> String {
    match key {
        "kerry" => "Kerry Express".into(),
        "flash" => "Flash Express".into(),
        "thaipost" => w.get("mail.carriers.thaipost").into(),
        "jt" => "J&T Express".into(),
        "dhl" => "DHL".into(),
        "own" => shop.name.clone(),
        other => other.into(),
    }
}

/// How the order is paid, in the reader's language (`mail.methods.*`, editable).
fn method_name<'k>(method: PaymentMethod, w: &Words<'k>) -> &'k str {
    w.get(match method {
        PaymentMethod::Promptpay => "mail.methods.promptpay",
        PaymentMethod::BankTransfer => "mail.methods.bankTransfer",
        PaymentMethod::Card2c2p => "mail.methods.card2c2p",
    })
}

/// The shop's alert mail: what happened, the total, the method, the lines.
pub fn shop_mail(event: Event, w: &Words, shop: &ShopInfo, order: &Order) -> Rendered {
    let subject = line_text(event, w, order);
    let mut mail = Mail::new(shop, w.locale());
    mail.para(&subject);
    mail.facts(&[
        (w.get("mail.total"), baht(order.total)),
        (
            w.get("mail.howToPay"),
            method_name(order.payment.method, w).to_string(),
        ),
    ]);
    mail.lines(w, order);
    if let (Event::OrderCancelled, Some(reason)) = (event, &order.cancel_reason) {
        mail.facts(&[(w.get("mail.reason"), reason.clone())]);
    }
    mail.button(
        w.get("mail.viewOrder"),
        &format!(
            "{}/admin/orders/{}",
            shop.public_url.trim_end_matches('/'),
            order.id.get()
        ),
    );
    mail.finish(w, shop, subject, None)
}

/// A notice to the shop about the shop itself rather than an order (a full disk and its end):
/// the subject as the heading's first paragraph, then the text, and the staff area's link.
pub fn shop_notice(w: &Words, shop: &ShopInfo, subject: &str, text: &str) -> Rendered {
    let mut mail = Mail::new(shop, w.locale());
    mail.para(subject);
    mail.para(text);
    mail.button(&shop.name, &format!("{}/admin", shop.public_url));
    mail.finish(w, shop, subject.to_string(), None)
}

/// The subject and opening of a notice about the shop itself that went through the outbox; `None`
/// for an order's event.
fn notice_words<'w>(event: Event, w: &Words<'w>) -> Option<(&'w str, &'w str)> {
    if event != Event::BackupFailed {
        return None;
    }
    Some((
        w.get("mail.backupFailed.subject"),
        w.get("mail.backupFailed.intro"),
    ))
}

/// The mail of a notice about the shop itself (an off-site copy that failed), with its reason.
pub fn shop_notice_mail(
    event: Event,
    w: &Words,
    shop: &ShopInfo,
    note: Option<&str>,
) -> Option<Rendered> {
    let (subject, text) = notice_words(event, w)?;
    let text = format!("{text} {}", note.unwrap_or_default());
    Some(shop_notice(w, shop, subject, &text))
}

/// The LINE push of a notice about the shop itself.
pub fn shop_notice_line(event: Event, w: &Words, note: Option<&str>) -> Option<String> {
    let (subject, text) = notice_words(event, w)?;
    Some(format!("{subject}\n{text} {}", note.unwrap_or_default()))
}

/// The LINE push for the shop's group: `New order K000123 ฿15,570 (PromptPay) · kiosk-2`.
pub fn line_text(event: Event, w: &Words, order: &Order) -> String {
    let alert = match event {
        Event::OrderPaid => "mail.alert.paid",
        Event::OrderCancelled => "mail.alert.cancelled",
        _ => "mail.alert.placed",
    };
    let mut text = format!(
        "{} {} {} ({})",
        w.get(alert),
        order.number,
        baht(order.total),
        method_name(order.payment.method, w)
    );
    if !order.kcard.is_empty() {
        let _ = write!(text, " · {}", order.kcard);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::words::Texts;

    fn words(lang: Locale) -> Texts {
        let _ = lang;
        Texts::shipped()
    }

    fn shop() -> ShopInfo {
        ShopInfo {
            name: "Kiosk <Furniture>".into(),
            public_url: "https://shop.example".into(),
            tel: "02-123-4567".into(),
            email: "hello@shop.example".into(),
            line: "@kiosk".into(),
            logo_url: ShopInfo::logo_for("https://shop.example/", "/static/logo.svg"),
        }
    }

    #[test]
    fn the_mail_has_the_logo_and_a_shoppers_mail_its_unsubscribe_link() {
        let texts = Texts::shipped();
        let w = texts.words(Locale::Th);
        let mail = shopper_mail_at(
            Event::OrderShipped,
            &w,
            &shop(),
            Some(&order()),
            None,
            None,
            Some("https://shop.example/api/mail/unsubscribe?t=u2.th.x"),
        );
        assert!(
            mail.html
                .contains("src=\"https://shop.example/static/logo-mail.png\"")
        );
        assert!(mail.html.starts_with("<!doctype html><html lang=\"th\">"));
        assert!(!mail.html.contains("<style"), "inline styles only");
        assert!(
            mail.text
                .contains("หยุดรับอีเมลคำสั่งซื้อ: https://shop.example/api/mail/unsubscribe?t=u2.th.x")
        );
        let shop_mail = shop_mail(Event::OrderPlaced, &w, &shop(), &order());
        assert!(!shop_mail.text.contains("unsubscribe"));
        assert_eq!(
            ShopInfo::logo_for("https://shop.example", "https://cdn.example/logo.png"),
            "https://cdn.example/logo.png"
        );
    }

    #[test]
    fn a_thai_mail_dates_in_the_buddhist_era() {
        let mut order = order();
        order.payment.pay_by = Some(1_795_533_000_000);
        let texts = Texts::shipped();
        let mail = shopper_mail(
            Event::OrderPlaced,
            &texts.words(Locale::Th),
            &shop(),
            Some(&order),
            None,
        );
        assert!(mail.text.contains("24 พ.ย. 2569 22:10"), "{}", mail.text);
        let mail = shopper_mail(
            Event::OrderPlaced,
            &texts.words(Locale::Km),
            &shop(),
            Some(&order),
            None,
        );
        assert!(mail.text.contains("24 វិច្ឆិកា 2026 22:10"), "{}", mail.text);
    }

    fn order() -> Order {
        let mut order: Order = serde_json::from_value(serde_json::json!({
            "id": 123, "number": "K000123", "userId": 2, "status": "shipped", "createdAt": 1_764_000_000_000u64,
            "lang": "th",
            "lines": [{"code": "SF-1001", "name": {"en": "Teak <script>alert(1)</script> sofa", "th": "โซฟาไม้สัก", "my": "Sofa jati", "km": "សាឡុងឈើ", "id": "Sofa jati"},
                       "qty": 2, "unitPrice": 778_500, "discount": 0}],
            "itemCount": 2,
            "quote": {"subtotal": 1_557_000, "promotionDiscount": 0, "couponDiscount": 0, "coins": 0, "shipping": 0, "vat": 101_860, "total": 1_557_000, "lineDiscounts": [0]},
            "total": 1_557_000, "coupon": null, "coinsUsed": 0,
            "address": {"name": "Malee", "phone": "0812345678", "line1": "1 Road", "district": "Khlong Toei", "province": "bangkok", "postcode": "10110"},
            "vatInfo": null,
            "payment": {"method": "promptpay"},
            "history": [], "review": null, "kcard": "kiosk-2",
            "shipment": {"carrier": "kerry", "tracking": "TH123", "url": "https://th.kerryexpress.com/en/track/?track=TH123"}
        }))
        .unwrap();
        order.email = "malee@example.com".into();
        order
    }

    #[test]
    fn a_failed_off_site_copy_is_told_to_the_shop_in_every_language_with_its_reason() {
        for lang in [Locale::En, Locale::Th, Locale::My, Locale::Km, Locale::Id] {
            let mail = shop_notice_mail(
                Event::BackupFailed,
                &words(lang).words(lang),
                &shop(),
                Some("r2: timed out"),
            )
            .unwrap();
            assert!(mail.text.contains("r2: timed out"), "{lang:?}");
            assert!(!mail.subject.trim().is_empty());
            let line = shop_notice_line(
                Event::BackupFailed,
                &words(lang).words(lang),
                Some("r2: timed out"),
            )
            .unwrap();
            assert!(line.contains("r2: timed out"));
        }
        assert!(
            shop_notice_mail(
                Event::OrderPlaced,
                &words(Locale::En).words(Locale::En),
                &shop(),
                None
            )
            .is_none()
        );
    }

    #[test]
    fn every_event_renders_in_every_language() {
        let order = order();
        for lang in [Locale::En, Locale::Th, Locale::My, Locale::Km, Locale::Id] {
            for event in Event::ALL {
                let mail = shopper_mail(
                    event,
                    &words(lang).words(lang),
                    &shop(),
                    Some(&order),
                    Some("https://x/reset"),
                );
                assert!(!mail.subject.trim().is_empty(), "{event:?} {lang:?}");
                assert!(mail.html.contains("Kiosk &lt;Furniture&gt;"));
                if !matches!(event, Event::PasswordReset | Event::BackupFailed) {
                    assert!(
                        mail.subject.contains("K000123"),
                        "{event:?} {lang:?}: {}",
                        mail.subject
                    );
                    assert!(mail.text.contains("https://shop.example/"), "{}", mail.text);
                }
            }
        }
    }

    #[test]
    fn thai_confirmation_reads_in_thai_with_the_total() {
        let mail = shopper_mail(
            Event::OrderPlaced,
            &words(Locale::Th).words(Locale::Th),
            &shop(),
            Some(&order()),
            None,
        );
        assert_eq!(mail.subject, "ได้รับคำสั่งซื้อ K000123");
        assert!(mail.text.contains("โซฟาไม้สัก"));
        assert!(mail.text.contains("฿15,570"), "{}", mail.text);
        assert!(
            mail.text
                .contains("https://shop.example/th/user/order?id=123")
        );
    }

    #[test]
    fn a_variant_line_shows_the_name_then_the_choice_in_the_mail_language() {
        let mut order = order();
        let line = &mut order.lines[0];
        line.code = "SF-1001-GRY-6".into();
        line.product_code = Some("SF-1001".into());
        line.choice = Some(crate::content::model::Localized {
            en: "Grey / 6 ft".into(),
            th: "เทา / 6 ฟุต <b>".into(),
            ..Default::default()
        });
        let mail = shopper_mail(
            Event::OrderPlaced,
            &words(Locale::Th).words(Locale::Th),
            &shop(),
            Some(&order),
            None,
        );
        assert!(
            mail.text
                .contains("โซฟาไม้สัก — เทา / 6 ฟุต <b> (SF-1001-GRY-6) × 2"),
            "{}",
            mail.text
        );
        assert!(mail.html.contains("โซฟาไม้สัก — เทา / 6 ฟุต &lt;b&gt;"));
        let mail = shop_mail(
            Event::OrderPlaced,
            &words(Locale::Km).words(Locale::Km),
            &shop(),
            &order,
        );
        assert!(mail.text.contains("សាឡុងឈើ — Grey / 6 ft"), "{}", mail.text);
    }

    #[test]
    fn product_names_are_escaped_in_html() {
        let mail = shopper_mail(
            Event::OrderPaid,
            &words(Locale::En).words(Locale::En),
            &shop(),
            Some(&order()),
            None,
        );
        assert!(!mail.html.contains("<script>"));
        assert!(mail.html.contains("&lt;script&gt;"));
    }

    #[test]
    fn shipping_mail_names_the_carrier_and_tracking_link() {
        let mail = shopper_mail(
            Event::OrderShipped,
            &words(Locale::En).words(Locale::En),
            &shop(),
            Some(&order()),
            None,
        );
        assert!(mail.text.contains("TH123"));
        assert!(
            mail.html
                .contains("https://th.kerryexpress.com/en/track/?track=TH123")
        );
    }

    #[test]
    fn line_alert_names_the_order_total_method_and_channel() {
        assert_eq!(
            line_text(
                Event::OrderPlaced,
                &words(Locale::En).words(Locale::En),
                &order()
            ),
            "New order K000123 ฿15,570 (PromptPay) · kiosk-2"
        );
        // The method is a word of the store too: Thai staff read it in Thai.
        let thai = line_text(
            Event::OrderPlaced,
            &words(Locale::Th).words(Locale::Th),
            &order(),
        );
        assert!(thai.contains("(พร้อมเพย์)"), "{thai}");
    }

    #[test]
    fn baht_groups_thousands_and_keeps_satang() {
        assert_eq!(baht(Satang(1_557_000)), "฿15,570");
        assert_eq!(baht(Satang(123_456_789)), "฿1,234,567.89");
        assert_eq!(baht(Satang(5)), "฿0.05");
    }
}
