//! The words of the shop's messages in its five languages (English, Thai, Malay, Khmer,
//! Indonesian): subjects and openings per event, the labels of an order's summary, and the
//! words of the shop's own alerts. `templates` puts them together into mails and LINE texts.

use crate::i18n::Locale;
use crate::outbox::Event;

/// The words of one language. `{n}` stands for the order number.
pub(super) struct Words {
    pub(super) placed: (&'static str, &'static str),
    pub(super) paid: (&'static str, &'static str),
    pub(super) shipped: (&'static str, &'static str),
    pub(super) delivered: (&'static str, &'static str),
    pub(super) cancelled: (&'static str, &'static str),
    pub(super) proof_rejected: (&'static str, &'static str),
    pub(super) reset: (&'static str, &'static str),
    pub(super) reset_expiry: &'static str,
    pub(super) view_order: &'static str,
    pub(super) product: &'static str,
    pub(super) qty: &'static str,
    pub(super) amount: &'static str,
    pub(super) discount: &'static str,
    pub(super) shipping: &'static str,
    pub(super) coins: &'static str,
    pub(super) total: &'static str,
    pub(super) vat_included: &'static str,
    pub(super) how_to_pay: &'static str,
    pub(super) pay_promptpay: &'static str,
    pub(super) pay_bank: &'static str,
    pub(super) pay_card: &'static str,
    pub(super) pay_by: &'static str,
    pub(super) documents: &'static str,
    pub(super) carrier: &'static str,
    pub(super) tracking: &'static str,
    pub(super) track: &'static str,
    pub(super) review: &'static str,
    pub(super) reason: &'static str,
    pub(super) refund: &'static str,
    pub(super) new_slip: &'static str,
    pub(super) contact: &'static str,
    pub(super) alert_placed: &'static str,
    pub(super) alert_paid: &'static str,
    pub(super) alert_cancelled: &'static str,
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

pub(super) fn words(lang: Locale) -> &'static Words {
    match lang {
        Locale::En => &EN,
        Locale::Th => &TH,
        Locale::My => &MY,
        Locale::Km => &KM,
        Locale::Id => &ID,
    }
}

/// The subject and opening of the shopper's mail for an event.
pub(super) fn pick(w: &Words, event: Event) -> (&'static str, &'static str) {
    match event {
        Event::OrderPlaced => w.placed,
        Event::OrderPaid => w.paid,
        Event::OrderShipped => w.shipped,
        Event::OrderDelivered => w.delivered,
        Event::OrderCancelled => w.cancelled,
        Event::ProofRejected => w.proof_rejected,
        Event::PasswordReset => w.reset,
        // Not a shopper's mail: the shop's notice (`templates::shop_notice_mail`).
        Event::BackupFailed => w.reset,
    }
}

/// The word of the shop's alert for an event.
pub(super) fn alert_word(w: &Words, event: Event) -> &'static str {
    match event {
        Event::OrderPaid => w.alert_paid,
        Event::OrderCancelled => w.alert_cancelled,
        _ => w.alert_placed,
    }
}
