//! What each message says, in the five languages: the shopper's mail per event (subject, plain
//! text and HTML), the shop's own alert mail, and the LINE push text. Rendered when sent, from
//! the order as it is then, so the words always match what the shopper sees on the order page.

use std::fmt::Write;

use super::Event;
use crate::domain::Satang;
use crate::i18n::Locale;
use crate::orders::model::{Order, PaymentMethod};

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

/// The words of one language. `{n}` stands for the order number.
struct Words {
    placed: (&'static str, &'static str),
    paid: (&'static str, &'static str),
    shipped: (&'static str, &'static str),
    delivered: (&'static str, &'static str),
    cancelled: (&'static str, &'static str),
    proof_rejected: (&'static str, &'static str),
    reset: (&'static str, &'static str),
    reset_expiry: &'static str,
    view_order: &'static str,
    product: &'static str,
    qty: &'static str,
    amount: &'static str,
    discount: &'static str,
    shipping: &'static str,
    coins: &'static str,
    total: &'static str,
    vat_included: &'static str,
    how_to_pay: &'static str,
    pay_promptpay: &'static str,
    pay_bank: &'static str,
    pay_card: &'static str,
    pay_by: &'static str,
    documents: &'static str,
    carrier: &'static str,
    tracking: &'static str,
    track: &'static str,
    review: &'static str,
    reason: &'static str,
    refund: &'static str,
    new_slip: &'static str,
    contact: &'static str,
    alert_placed: &'static str,
    alert_paid: &'static str,
    alert_cancelled: &'static str,
}

const EN: Words = Words {
    placed: (
        "Order {n} received",
        "Thank you! We have received your order {n}.",
    ),
    paid: (
        "Payment received for order {n}",
        "We have received your payment for order {n} and are preparing it.",
    ),
    shipped: (
        "Order {n} is on its way",
        "Your order {n} has been shipped.",
    ),
    delivered: (
        "Order {n} delivered: how did we do?",
        "Your order {n} has been delivered. We would love to hear what you think: reviewing it earns you coins.",
    ),
    cancelled: ("Order {n} cancelled", "Your order {n} has been cancelled."),
    proof_rejected: (
        "Order {n}: please send your payment slip again",
        "We could not accept the payment slip for order {n}.",
    ),
    reset: (
        "Set a new password",
        "Use this link to set a new password for your account:",
    ),
    reset_expiry: "The link works once and expires in 24 hours. If you did not ask for it, ignore this mail.",
    view_order: "View your order",
    product: "Product",
    qty: "Qty",
    amount: "Amount",
    discount: "Discounts",
    shipping: "Shipping",
    coins: "Coins used",
    total: "Total",
    vat_included: "VAT 7% included",
    how_to_pay: "How to pay",
    pay_promptpay: "Scan the PromptPay QR code on your order page with your banking app, then upload the slip there.",
    pay_bank: "Transfer the total to the account below, then upload the slip on your order page:",
    pay_card: "Pay by card on your order page.",
    pay_by: "Please pay by",
    documents: "Your receipt is attached (and your tax invoice, if you asked for one). You can download them again from your order page.",
    carrier: "Carrier",
    tracking: "Tracking number",
    track: "Track your parcel",
    review: "Review your order",
    reason: "Reason",
    refund: "Your payment will be refunded; we will tell you when it is done.",
    new_slip: "Please upload a new slip on your order page.",
    contact: "Questions? Contact us",
    alert_placed: "New order",
    alert_paid: "Paid",
    alert_cancelled: "Cancelled",
};

const TH: Words = Words {
    placed: ("ได้รับคำสั่งซื้อ {n}", "ขอบคุณค่ะ เราได้รับคำสั่งซื้อ {n} ของคุณแล้ว"),
    paid: (
        "ได้รับชำระเงินคำสั่งซื้อ {n}",
        "เราได้รับการชำระเงินสำหรับคำสั่งซื้อ {n} แล้ว และกำลังเตรียมสินค้าให้คุณ",
    ),
    shipped: ("คำสั่งซื้อ {n} จัดส่งแล้ว", "คำสั่งซื้อ {n} ของคุณถูกจัดส่งแล้ว"),
    delivered: (
        "คำสั่งซื้อ {n} ส่งถึงแล้ว รีวิวให้เราหน่อยนะคะ",
        "คำสั่งซื้อ {n} ส่งถึงคุณแล้ว เราอยากฟังความคิดเห็นของคุณ รีวิวคำสั่งซื้อเพื่อรับเหรียญ",
    ),
    cancelled: ("ยกเลิกคำสั่งซื้อ {n}", "คำสั่งซื้อ {n} ของคุณถูกยกเลิกแล้ว"),
    proof_rejected: (
        "คำสั่งซื้อ {n}: กรุณาส่งสลิปการชำระเงินอีกครั้ง",
        "เราไม่สามารถรับสลิปการชำระเงินของคำสั่งซื้อ {n} ได้",
    ),
    reset: ("ตั้งรหัสผ่านใหม่", "ใช้ลิงก์นี้เพื่อตั้งรหัสผ่านใหม่สำหรับบัญชีของคุณ:"),
    reset_expiry: "ลิงก์ใช้ได้ครั้งเดียวและหมดอายุใน 24 ชั่วโมง หากคุณไม่ได้ขอ โปรดเพิกเฉยอีเมลนี้",
    view_order: "ดูคำสั่งซื้อของคุณ",
    product: "สินค้า",
    qty: "จำนวน",
    amount: "ราคา",
    discount: "ส่วนลด",
    shipping: "ค่าจัดส่ง",
    coins: "ใช้เหรียญ",
    total: "ยอดรวม",
    vat_included: "รวมภาษีมูลค่าเพิ่ม 7% แล้ว",
    how_to_pay: "วิธีชำระเงิน",
    pay_promptpay: "สแกน QR พร้อมเพย์ในหน้าคำสั่งซื้อด้วยแอปธนาคาร แล้วอัปโหลดสลิปในหน้าเดียวกัน",
    pay_bank: "โอนยอดรวมเข้าบัญชีด้านล่าง แล้วอัปโหลดสลิปในหน้าคำสั่งซื้อ:",
    pay_card: "ชำระด้วยบัตรในหน้าคำสั่งซื้อ",
    pay_by: "กรุณาชำระภายใน",
    documents: "แนบใบเสร็จรับเงิน (และใบกำกับภาษี หากคุณขอไว้) มากับอีเมลนี้ ดาวน์โหลดอีกครั้งได้ที่หน้าคำสั่งซื้อ",
    carrier: "ขนส่ง",
    tracking: "เลขพัสดุ",
    track: "ติดตามพัสดุ",
    review: "รีวิวคำสั่งซื้อ",
    reason: "เหตุผล",
    refund: "เราจะคืนเงินให้คุณ และจะแจ้งให้ทราบเมื่อดำเนินการเรียบร้อย",
    new_slip: "กรุณาอัปโหลดสลิปใหม่ในหน้าคำสั่งซื้อ",
    contact: "มีคำถาม? ติดต่อเรา",
    alert_placed: "คำสั่งซื้อใหม่",
    alert_paid: "ชำระเงินแล้ว",
    alert_cancelled: "ยกเลิกแล้ว",
};

const MY: Words = Words {
    placed: (
        "Pesanan {n} diterima",
        "Terima kasih! Kami telah menerima pesanan anda {n}.",
    ),
    paid: (
        "Bayaran diterima untuk pesanan {n}",
        "Kami telah menerima bayaran anda untuk pesanan {n} dan sedang menyediakannya.",
    ),
    shipped: (
        "Pesanan {n} dalam perjalanan",
        "Pesanan anda {n} telah dihantar.",
    ),
    delivered: (
        "Pesanan {n} telah sampai: bagaimana pengalaman anda?",
        "Pesanan anda {n} telah sampai. Kongsikan pendapat anda: ulasan memberi anda syiling.",
    ),
    cancelled: (
        "Pesanan {n} dibatalkan",
        "Pesanan anda {n} telah dibatalkan.",
    ),
    proof_rejected: (
        "Pesanan {n}: sila hantar slip bayaran sekali lagi",
        "Kami tidak dapat menerima slip bayaran untuk pesanan {n}.",
    ),
    reset: (
        "Tetapkan kata laluan baharu",
        "Gunakan pautan ini untuk menetapkan kata laluan baharu akaun anda:",
    ),
    reset_expiry: "Pautan ini boleh digunakan sekali dan tamat dalam 24 jam. Jika anda tidak memintanya, abaikan e-mel ini.",
    view_order: "Lihat pesanan anda",
    product: "Produk",
    qty: "Kuantiti",
    amount: "Jumlah",
    discount: "Diskaun",
    shipping: "Penghantaran",
    coins: "Syiling digunakan",
    total: "Jumlah keseluruhan",
    vat_included: "Termasuk VAT 7%",
    how_to_pay: "Cara membayar",
    pay_promptpay: "Imbas kod QR PromptPay di halaman pesanan dengan aplikasi bank anda, kemudian muat naik slip di sana.",
    pay_bank: "Pindahkan jumlah keseluruhan ke akaun di bawah, kemudian muat naik slip di halaman pesanan:",
    pay_card: "Bayar dengan kad di halaman pesanan anda.",
    pay_by: "Sila bayar sebelum",
    documents: "Resit anda dilampirkan (dan invois cukai, jika anda memintanya). Anda boleh memuat turunnya semula dari halaman pesanan.",
    carrier: "Syarikat penghantaran",
    tracking: "Nombor penjejakan",
    track: "Jejak bungkusan anda",
    review: "Ulas pesanan anda",
    reason: "Sebab",
    refund: "Bayaran anda akan dipulangkan; kami akan memaklumkan apabila selesai.",
    new_slip: "Sila muat naik slip baharu di halaman pesanan anda.",
    contact: "Ada soalan? Hubungi kami",
    alert_placed: "Pesanan baharu",
    alert_paid: "Dibayar",
    alert_cancelled: "Dibatalkan",
};

const KM: Words = Words {
    placed: (
        "បានទទួលការបញ្ជាទិញ {n}",
        "សូមអរគុណ! យើងបានទទួលការបញ្ជាទិញ {n} របស់អ្នកហើយ។",
    ),
    paid: (
        "បានទទួលការទូទាត់សម្រាប់ការបញ្ជាទិញ {n}",
        "យើងបានទទួលការទូទាត់សម្រាប់ការបញ្ជាទិញ {n} ហើយ ហើយកំពុងរៀបចំវា។",
    ),
    shipped: ("ការបញ្ជាទិញ {n} កំពុងដឹកជញ្ជូន", "ការបញ្ជាទិញ {n} របស់អ្នកត្រូវបានផ្ញើចេញហើយ។"),
    delivered: (
        "ការបញ្ជាទិញ {n} បានដល់ហើយ៖ តើយើងធ្វើបានល្អទេ?",
        "ការបញ្ជាទិញ {n} របស់អ្នកបានដល់ហើយ។ សូមចែករំលែកមតិរបស់អ្នក៖ ការវាយតម្លៃនឹងផ្តល់កាក់ដល់អ្នក។",
    ),
    cancelled: ("ការបញ្ជាទិញ {n} ត្រូវបានលុបចោល", "ការបញ្ជាទិញ {n} របស់អ្នកត្រូវបានលុបចោល។"),
    proof_rejected: (
        "ការបញ្ជាទិញ {n}៖ សូមផ្ញើបង្កាន់ដៃទូទាត់ម្តងទៀត",
        "យើងមិនអាចទទួលយកបង្កាន់ដៃទូទាត់សម្រាប់ការបញ្ជាទិញ {n} បានទេ។",
    ),
    reset: ("កំណត់ពាក្យសម្ងាត់ថ្មី", "ប្រើតំណនេះដើម្បីកំណត់ពាក្យសម្ងាត់ថ្មីសម្រាប់គណនីរបស់អ្នក៖"),
    reset_expiry: "តំណនេះប្រើបានតែម្តង ហើយផុតកំណត់ក្នុងរយៈពេល 24 ម៉ោង។ ប្រសិនបើអ្នកមិនបានស្នើសុំ សូមមិនអើពើអ៊ីមែលនេះ។",
    view_order: "មើលការបញ្ជាទិញរបស់អ្នក",
    product: "ផលិតផល",
    qty: "ចំនួន",
    amount: "តម្លៃ",
    discount: "ការបញ្ចុះតម្លៃ",
    shipping: "ការដឹកជញ្ជូន",
    coins: "កាក់ដែលបានប្រើ",
    total: "សរុប",
    vat_included: "រួមបញ្ចូល VAT 7%",
    how_to_pay: "របៀបទូទាត់",
    pay_promptpay: "ស្កេនកូដ QR PromptPay នៅលើទំព័រការបញ្ជាទិញដោយកម្មវិធីធនាគាររបស់អ្នក បន្ទាប់មកផ្ទុកឡើងបង្កាន់ដៃនៅទីនោះ។",
    pay_bank: "ផ្ទេរប្រាក់សរុបទៅគណនីខាងក្រោម បន្ទាប់មកផ្ទុកឡើងបង្កាន់ដៃនៅលើទំព័រការបញ្ជាទិញ៖",
    pay_card: "ទូទាត់ដោយកាតនៅលើទំព័រការបញ្ជាទិញរបស់អ្នក។",
    pay_by: "សូមទូទាត់មុន",
    documents: "បង្កាន់ដៃរបស់អ្នកត្រូវបានភ្ជាប់មកជាមួយ (និងវិក្កយបត្រពន្ធ ប្រសិនបើអ្នកបានស្នើសុំ)។ អ្នកអាចទាញយកវាម្តងទៀតពីទំព័រការបញ្ជាទិញ។",
    carrier: "ក្រុមហ៊ុនដឹកជញ្ជូន",
    tracking: "លេខតាមដាន",
    track: "តាមដានកញ្ចប់របស់អ្នក",
    review: "វាយតម្លៃការបញ្ជាទិញរបស់អ្នក",
    reason: "មូលហេតុ",
    refund: "ការទូទាត់របស់អ្នកនឹងត្រូវបានសងវិញ យើងនឹងជូនដំណឹងនៅពេលរួចរាល់។",
    new_slip: "សូមផ្ទុកឡើងបង្កាន់ដៃថ្មីនៅលើទំព័រការបញ្ជាទិញរបស់អ្នក។",
    contact: "មានសំណួរ? ទាក់ទងយើង",
    alert_placed: "ការបញ្ជាទិញថ្មី",
    alert_paid: "បានទូទាត់",
    alert_cancelled: "បានលុបចោល",
};

const ID: Words = Words {
    placed: (
        "Pesanan {n} diterima",
        "Terima kasih! Kami telah menerima pesanan Anda {n}.",
    ),
    paid: (
        "Pembayaran diterima untuk pesanan {n}",
        "Kami telah menerima pembayaran Anda untuk pesanan {n} dan sedang menyiapkannya.",
    ),
    shipped: (
        "Pesanan {n} sedang dikirim",
        "Pesanan Anda {n} telah dikirim.",
    ),
    delivered: (
        "Pesanan {n} telah tiba: bagaimana pengalaman Anda?",
        "Pesanan Anda {n} telah tiba. Kami ingin mendengar pendapat Anda: ulasan memberi Anda koin.",
    ),
    cancelled: (
        "Pesanan {n} dibatalkan",
        "Pesanan Anda {n} telah dibatalkan.",
    ),
    proof_rejected: (
        "Pesanan {n}: mohon kirim ulang bukti pembayaran",
        "Kami tidak dapat menerima bukti pembayaran untuk pesanan {n}.",
    ),
    reset: (
        "Atur kata sandi baru",
        "Gunakan tautan ini untuk mengatur kata sandi baru akun Anda:",
    ),
    reset_expiry: "Tautan ini hanya bisa dipakai sekali dan kedaluwarsa dalam 24 jam. Jika Anda tidak memintanya, abaikan email ini.",
    view_order: "Lihat pesanan Anda",
    product: "Produk",
    qty: "Jumlah",
    amount: "Harga",
    discount: "Diskon",
    shipping: "Ongkos kirim",
    coins: "Koin dipakai",
    total: "Total",
    vat_included: "Termasuk PPN 7%",
    how_to_pay: "Cara membayar",
    pay_promptpay: "Pindai kode QR PromptPay di halaman pesanan dengan aplikasi bank Anda, lalu unggah bukti transfer di sana.",
    pay_bank: "Transfer total ke rekening di bawah, lalu unggah bukti transfer di halaman pesanan:",
    pay_card: "Bayar dengan kartu di halaman pesanan Anda.",
    pay_by: "Mohon bayar sebelum",
    documents: "Kuitansi Anda terlampir (dan faktur pajak, jika Anda memintanya). Anda dapat mengunduhnya lagi dari halaman pesanan.",
    carrier: "Kurir",
    tracking: "Nomor resi",
    track: "Lacak paket Anda",
    review: "Ulas pesanan Anda",
    reason: "Alasan",
    refund: "Pembayaran Anda akan dikembalikan; kami akan memberi tahu Anda setelah selesai.",
    new_slip: "Mohon unggah bukti transfer baru di halaman pesanan Anda.",
    contact: "Ada pertanyaan? Hubungi kami",
    alert_placed: "Pesanan baru",
    alert_paid: "Dibayar",
    alert_cancelled: "Dibatalkan",
};

fn words(lang: Locale) -> &'static Words {
    match lang {
        Locale::En => &EN,
        Locale::Th => &TH,
        Locale::My => &MY,
        Locale::Km => &KM,
        Locale::Id => &ID,
    }
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
            let name = line.name.get(lang);
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
                esc(name),
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

fn pick(w: &Words, event: Event) -> (&'static str, &'static str) {
    match event {
        Event::OrderPlaced => w.placed,
        Event::OrderPaid => w.paid,
        Event::OrderShipped => w.shipped,
        Event::OrderDelivered => w.delivered,
        Event::OrderCancelled => w.cancelled,
        Event::ProofRejected => w.proof_rejected,
        Event::PasswordReset => w.reset,
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
        Event::PasswordReset => {}
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

fn alert_word(w: &Words, event: Event) -> &'static str {
    match event {
        Event::OrderPaid => w.alert_paid,
        Event::OrderCancelled => w.alert_cancelled,
        _ => w.alert_placed,
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
                if event != Event::PasswordReset {
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
