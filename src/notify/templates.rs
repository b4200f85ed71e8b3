//! What each message says, in the five languages: the shopper's mail per event (subject, plain
//! text and HTML), the shop's own alert mail, and the LINE push text. Rendered when sent, from
//! the order as it is then, so the words always match what the shopper sees on the order page.
//! The words themselves, per language, are in `phrases`; this file puts them together.

use std::fmt::Write;

use super::phrases::{Words, alert_word, pick, words};
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
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
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

/// A mail under construction: paragraphs and blocks go to both parts at once.
struct Mail {
    text: String,
    html: String,
}

impl Mail {
    fn new(shop: &ShopInfo) -> Mail {
        let mut html = String::from(
            "<!doctype html><html><body style=\"margin:0;padding:0;background:#f5f3ef\"><table role=\"presentation\" width=\"100%\" cellpadding=\"0\" cellspacing=\"0\" style=\"background:#f5f3ef\"><tr><td align=\"center\" style=\"padding:24px 12px\"><table role=\"presentation\" width=\"100%\" cellpadding=\"0\" cellspacing=\"0\" style=\"max-width:600px;background:#ffffff;border-radius:8px;font-family:Prompt,'Noto Sans Thai','Noto Sans Khmer',Arial,sans-serif;color:#2b2b2b;font-size:15px;line-height:1.6\"><tr><td style=\"padding:24px\">",
        );
        let _ = write!(
            html,
            "<h1 style=\"margin:0 0 16px;font-size:22px;color:#7a4b2a\">{}</h1>",
            esc(&shop.name)
        );
        Mail {
            text: format!("{}\n\n", shop.name),
            html,
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
            let _ = writeln!(self.text, "{label}: {value}");
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

    fn lines(&mut self, w: &Words, lang: Locale, order: &Order) {
        self.html.push_str("<table role=\"presentation\" width=\"100%\" cellpadding=\"0\" cellspacing=\"0\" style=\"border-collapse:collapse;margin:8px 0 16px\">");
        let _ = write!(
            self.html,
            "<tr><th align=\"left\" style=\"border-bottom:1px solid #ddd;padding:6px 4px\">{}</th><th align=\"right\" style=\"border-bottom:1px solid #ddd;padding:6px 4px\">{}</th><th align=\"right\" style=\"border-bottom:1px solid #ddd;padding:6px 4px\">{}</th></tr>",
            esc(w.product),
            esc(w.qty),
            esc(w.amount)
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
                "<tr><td style=\"padding:6px 4px;border-bottom:1px solid #f0f0f0\">{}<br><span style=\"color:#8a8a8a;font-size:13px\">{}</span></td><td align=\"right\" style=\"padding:6px 4px;border-bottom:1px solid #f0f0f0\">{}</td><td align=\"right\" style=\"padding:6px 4px;border-bottom:1px solid #f0f0f0\">{}</td></tr>",
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
            sums.push((w.discount, format!("-{}", baht(discounts))));
        }
        sums.push((w.shipping, baht(q.shipping)));
        if q.coins.get() > 0 {
            sums.push((w.coins, format!("-{}", baht(q.coins))));
        }
        for (label, value) in &sums {
            let _ = writeln!(self.text, "{label}: {value}");
            let _ = write!(
                self.html,
                "<tr><td colspan=\"2\" align=\"right\" style=\"padding:4px\">{}</td><td align=\"right\" style=\"padding:4px\">{}</td></tr>",
                esc(label),
                esc(value)
            );
        }
        let _ = write!(
            self.text,
            "{}: {} ({})\n\n",
            w.total,
            baht(order.total),
            w.vat_included
        );
        let _ = write!(
            self.html,
            "<tr><td colspan=\"2\" align=\"right\" style=\"padding:6px 4px;font-weight:bold\">{}</td><td align=\"right\" style=\"padding:6px 4px;font-weight:bold;font-size:17px\">{}</td></tr><tr><td colspan=\"3\" align=\"right\" style=\"color:#8a8a8a;font-size:13px;padding:0 4px\">{}</td></tr></table>",
            esc(w.total),
            esc(&baht(order.total)),
            esc(w.vat_included)
        );
    }

    fn finish(mut self, w: &Words, shop: &ShopInfo, subject: String) -> Rendered {
        let contact: Vec<String> = [&shop.tel, &shop.email, &shop.line]
            .into_iter()
            .filter(|c| !c.is_empty())
            .cloned()
            .collect();
        if !contact.is_empty() {
            let line = format!("{}: {}", w.contact, contact.join(" · "));
            self.text.push_str("--\n");
            self.text.push_str(&line);
            self.text.push('\n');
            let _ = write!(
                self.html,
                "<p style=\"margin:24px 0 0;padding-top:12px;border-top:1px solid #eee;color:#6b6b6b;font-size:13px\">{}</p>",
                esc(&line)
            );
        }
        self.html
            .push_str("</td></tr></table></td></tr></table></body></html>");
        Rendered {
            subject,
            text: self.text,
            html: self.html,
        }
    }
}

/// The shopper's mail for an event, in `lang`. `order` is given for the order events; `note`
/// is the reset link for a password reset and staff's reason for a rejected slip.
pub fn shopper_mail(
    event: Event,
    lang: Locale,
    shop: &ShopInfo,
    order: Option<&Order>,
    note: Option<&str>,
) -> Rendered {
    shopper_mail_at(event, lang, shop, order, note, None)
}

/// [`shopper_mail`] whose order button opens `link` (a site path): a guest order's secret
/// link, since a guest has no account to sign in to.
pub fn shopper_mail_at(
    event: Event,
    lang: Locale,
    shop: &ShopInfo,
    order: Option<&Order>,
    note: Option<&str>,
    link: Option<&str>,
) -> Rendered {
    let w = words(lang);
    let (subject, intro) = pick(w, event);
    let number = order.map(|o| o.number.as_str()).unwrap_or_default();
    let subject = subject.replace("{n}", number);
    let mut mail = Mail::new(shop);
    mail.para(&intro.replace("{n}", number));
    match (event, order) {
        (Event::PasswordReset, _) => {
            if let Some(link) = note {
                mail.button(w.reset.0, link);
            }
            mail.para(w.reset_expiry);
        }
        (_, None) => {}
        (event, Some(order)) => {
            let link = match link {
                Some(path) => format!("{}{path}", shop.public_url.trim_end_matches('/')),
                None => order_link(shop, lang, order),
            };
            order_body(&mut mail, w, lang, shop, event, order, note, &link);
        }
    }
    mail.finish(w, shop, subject)
}

#[allow(clippy::too_many_arguments)]
fn order_body(
    mail: &mut Mail,
    w: &Words,
    lang: Locale,
    shop: &ShopInfo,
    event: Event,
    order: &Order,
    note: Option<&str>,
    link: &str,
) {
    match event {
        Event::OrderPlaced => {
            mail.lines(w, lang, order);
            mail.para(w.how_to_pay);
            match order.payment.method {
                PaymentMethod::Promptpay => mail.para(w.pay_promptpay),
                PaymentMethod::BankTransfer => {
                    mail.para(w.pay_bank);
                    if let Some(bank) = &order.payment.bank {
                        mail.facts(&[
                            ("", bank.bank_name.clone()),
                            ("", bank.account_name.clone()),
                            ("", bank.account_number.clone()),
                        ]);
                    }
                }
                PaymentMethod::Card2c2p => mail.para(w.pay_card),
            }
            if let Some(pay_by) = order.payment.pay_by {
                mail.para(&format!("{} {}", w.pay_by, date_time(pay_by)));
            }
            mail.button(w.view_order, link);
        }
        Event::OrderPaid => {
            mail.lines(w, lang, order);
            mail.para(w.documents);
            mail.button(w.view_order, link);
        }
        Event::OrderShipped => {
            if let Some(shipment) = &order.shipment {
                mail.facts(&[
                    (w.carrier, carrier_name(&shipment.carrier, shop)),
                    (w.tracking, shipment.tracking.clone()),
                ]);
                if let Some(url) = &shipment.url {
                    mail.button(w.track, url);
                }
            }
            mail.button(w.view_order, link);
        }
        Event::OrderDelivered => mail.button(w.review, link),
        Event::OrderCancelled => {
            if let Some(reason) = &order.cancel_reason {
                mail.facts(&[(w.reason, reason.clone())]);
            }
            if order
                .history
                .iter()
                .any(|c| c.status == crate::orders::model::Status::Paid)
            {
                mail.para(w.refund);
            }
            mail.button(w.view_order, link);
        }
        Event::ProofRejected => {
            if let Some(reason) = note {
                mail.facts(&[(w.reason, reason.to_string())]);
            }
            mail.para(w.new_slip);
            mail.button(w.view_order, link);
        }
        Event::PasswordReset | Event::BackupFailed => {}
    }
}

/// `2026-11-24 22:10` in Thai time (UTC+7), the shop's clock.
pub fn date_time(millis: u64) -> String {
    let at = time::OffsetDateTime::from_unix_timestamp((millis / 1000) as i64)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH)
        .to_offset(time::macros::offset!(+7));
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02}",
        at.year(),
        u8::from(at.month()),
        at.day(),
        at.hour(),
        at.minute()
    )
}

/// The carrier's public name (the keys are those of `orders::model::CARRIERS`).
fn carrier_name(key: &str, shop: &ShopInfo) -> String {
    match key {
        "kerry" => "Kerry Express".into(),
        "flash" => "Flash Express".into(),
        "thaipost" => "Thailand Post".into(),
        "jt" => "J&T Express".into(),
        "dhl" => "DHL".into(),
        "own" => shop.name.clone(),
        other => other.into(),
    }
}

fn method_name(method: PaymentMethod) -> &'static str {
    match method {
        PaymentMethod::Promptpay => "PromptPay",
        PaymentMethod::BankTransfer => "Bank transfer",
        PaymentMethod::Card2c2p => "Card (2C2P)",
    }
}

/// The shop's alert mail: what happened, the total, the method, the lines.
pub fn shop_mail(event: Event, lang: Locale, shop: &ShopInfo, order: &Order) -> Rendered {
    let w = words(lang);
    let subject = line_text(event, lang, order);
    let mut mail = Mail::new(shop);
    mail.para(&subject);
    mail.facts(&[
        (w.total, baht(order.total)),
        (w.how_to_pay, method_name(order.payment.method).to_string()),
    ]);
    mail.lines(w, lang, order);
    if let (Event::OrderCancelled, Some(reason)) = (event, &order.cancel_reason) {
        mail.facts(&[(w.reason, reason.clone())]);
    }
    mail.button(
        w.view_order,
        &format!(
            "{}/admin/orders/{}",
            shop.public_url.trim_end_matches('/'),
            order.id.get()
        ),
    );
    mail.finish(w, shop, subject)
}

/// A notice to the shop about the shop itself rather than an order (a full disk and its end):
/// the subject as the heading's first paragraph, then the text, and the staff area's link.
pub fn shop_notice(lang: Locale, shop: &ShopInfo, subject: &str, text: &str) -> Rendered {
    let w = words(lang);
    let mut mail = Mail::new(shop);
    mail.para(subject);
    mail.para(text);
    mail.button(&shop.name, &format!("{}/admin", shop.public_url));
    mail.finish(w, shop, subject.to_string())
}

/// The subject and opening of a notice about the shop itself that went through the outbox; `None`
/// for an order's event.
fn notice_words(event: Event, lang: Locale) -> Option<(&'static str, &'static str)> {
    if event != Event::BackupFailed {
        return None;
    }
    Some(match lang {
        Locale::En => (
            "Off-site backup failed",
            "The copy of the shop's backup to off-site storage failed. Until a copy succeeds, a lost disk would lose the orders and customers since the last good copy. The reason:",
        ),
        Locale::Th => (
            "สำรองข้อมูลนอกสถานที่ไม่สำเร็จ",
            "การคัดลอกข้อมูลสำรองของร้านไปยังที่เก็บนอกสถานที่ไม่สำเร็จ จนกว่าจะคัดลอกสำเร็จ หากดิสก์เสียจะสูญเสียคำสั่งซื้อและลูกค้าตั้งแต่สำเนาล่าสุดที่สมบูรณ์ สาเหตุ:",
        ),
        Locale::My => (
            "Sandaran luar tapak gagal",
            "Salinan sandaran kedai ke storan luar tapak gagal. Sehingga salinan berjaya, cakera yang rosak akan menghilangkan pesanan dan pelanggan sejak salinan baik yang terakhir. Sebabnya:",
        ),
        Locale::Km => (
            "ការបម្រុងទុកនៅក្រៅទីតាំងបានបរាជ័យ",
            "ការចម្លងទិន្នន័យបម្រុងទុករបស់ហាងទៅកន្លែងផ្ទុកក្រៅទីតាំងបានបរាជ័យ។ រហូតដល់ការចម្លងជោគជ័យ ការខូចឌីសនឹងបាត់បង់ការបញ្ជាទិញ និងអតិថិជនតាំងពីច្បាប់ចម្លងល្អចុងក្រោយ។ មូលហេតុ៖",
        ),
        Locale::Id => (
            "Cadangan di luar lokasi gagal",
            "Salinan cadangan toko ke penyimpanan di luar lokasi gagal. Sampai salinan berhasil, disk yang rusak akan menghilangkan pesanan dan pelanggan sejak salinan baik terakhir. Alasannya:",
        ),
    })
}

/// The mail of a notice about the shop itself (an off-site copy that failed), with its reason.
pub fn shop_notice_mail(
    event: Event,
    lang: Locale,
    shop: &ShopInfo,
    note: Option<&str>,
) -> Option<Rendered> {
    let (subject, text) = notice_words(event, lang)?;
    let text = format!("{text} {}", note.unwrap_or_default());
    Some(shop_notice(lang, shop, subject, &text))
}

/// The LINE push of a notice about the shop itself.
pub fn shop_notice_line(event: Event, lang: Locale, note: Option<&str>) -> Option<String> {
    let (subject, text) = notice_words(event, lang)?;
    Some(format!("{subject}\n{text} {}", note.unwrap_or_default()))
}

/// The LINE push for the shop's group: `New order K000123 ฿15,570 (PromptPay) · kiosk-2`.
pub fn line_text(event: Event, lang: Locale, order: &Order) -> String {
    let w = words(lang);
    let mut text = format!(
        "{} {} {} ({})",
        alert_word(w, event),
        order.number,
        baht(order.total),
        method_name(order.payment.method)
    );
    if !order.kcard.is_empty() {
        let _ = write!(text, " · {}", order.kcard);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shop() -> ShopInfo {
        ShopInfo {
            name: "Kiosk <Furniture>".into(),
            public_url: "https://shop.example".into(),
            tel: "02-123-4567".into(),
            email: "hello@shop.example".into(),
            line: "@kiosk".into(),
        }
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
    fn every_event_renders_in_every_language() {
        let order = order();
        for lang in [Locale::En, Locale::Th, Locale::My, Locale::Km, Locale::Id] {
            for event in Event::ALL {
                let mail =
                    shopper_mail(event, lang, &shop(), Some(&order), Some("https://x/reset"));
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
            Locale::Th,
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
        let mail = shopper_mail(Event::OrderPlaced, Locale::Th, &shop(), Some(&order), None);
        assert!(
            mail.text
                .contains("โซฟาไม้สัก — เทา / 6 ฟุต <b> (SF-1001-GRY-6) × 2"),
            "{}",
            mail.text
        );
        assert!(mail.html.contains("โซฟาไม้สัก — เทา / 6 ฟุต &lt;b&gt;"));
        let mail = shop_mail(Event::OrderPlaced, Locale::Km, &shop(), &order);
        assert!(mail.text.contains("សាឡុងឈើ — Grey / 6 ft"), "{}", mail.text);
    }

    #[test]
    fn product_names_are_escaped_in_html() {
        let mail = shopper_mail(Event::OrderPaid, Locale::En, &shop(), Some(&order()), None);
        assert!(!mail.html.contains("<script>"));
        assert!(mail.html.contains("&lt;script&gt;"));
    }

    #[test]
    fn shipping_mail_names_the_carrier_and_tracking_link() {
        let mail = shopper_mail(
            Event::OrderShipped,
            Locale::En,
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
            line_text(Event::OrderPlaced, Locale::En, &order()),
            "New order K000123 ฿15,570 (PromptPay) · kiosk-2"
        );
    }

    #[test]
    fn baht_groups_thousands_and_keeps_satang() {
        assert_eq!(baht(Satang(1_557_000)), "฿15,570");
        assert_eq!(baht(Satang(123_456_789)), "฿1,234,567.89");
        assert_eq!(baht(Satang(5)), "฿0.05");
    }
}
