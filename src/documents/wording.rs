//! The words printed on the documents (named `wording`, not `labels`, so it is not taken for
//! the shelf labels of `content`), from the translation store (`paper.*` in locales/*.json,
//! the owner's edits on /admin/translations over them), read when a document is issued and
//! frozen in its print. Receipts speak the shopper's language; the tax invoice and credit note
//! are Thai with English ("ใบกำกับภาษีเต็มรูป / Full tax invoice"), as Thai tax documents are
//! read by both the buyer's accountant and the Revenue Department.

use std::collections::HashMap;

use crate::content::words::Texts;
use crate::i18n::Locale;

/// Every word a document prints, by its key under `paper.`.
pub const KEYS: [&str; 35] = [
    "receipt",
    "taxInvoice",
    "creditNote",
    "original",
    "receiptNo",
    "taxInvoiceNo",
    "creditNoteNo",
    "orderNo",
    "refersTo",
    "date",
    "seller",
    "buyer",
    "taxId",
    "headOffice",
    "branch",
    "phone",
    "description",
    "qty",
    "unitPrice",
    "amount",
    "subtotal",
    "discount",
    "shipping",
    "coins",
    "net",
    "vat",
    "total",
    "credited",
    "paidBy",
    "promptpay",
    "bankTransfer",
    "card",
    "vatIncluded",
    "reason",
    "page",
];

/// The words of one document and the language its dates are written in.
pub struct Labels {
    /// Dates follow the one rule in this language (`Locale::date_time`): Thai documents count
    /// Buddhist-era years.
    pub dates: Locale,
    words: HashMap<&'static str, String>,
}

impl Labels {
    /// The word of `key` (one of [`KEYS`]).
    pub fn get<'a>(&'a self, key: &'a str) -> &'a str {
        self.words.get(key).map(String::as_str).unwrap_or(key)
    }
}

/// Thai with English: the tax invoice and the credit note.
pub fn bilingual(texts: &Texts) -> Labels {
    let (th, en) = (texts.words(Locale::Th), texts.words(Locale::En));
    Labels {
        dates: Locale::Th,
        words: KEYS
            .into_iter()
            .map(|key| {
                let path = format!("paper.{key}");
                let (thai, english) = (th.get(&path), en.get(&path));
                let word = if thai == english {
                    thai.to_string()
                } else {
                    format!("{thai} / {english}")
                };
                (key, word)
            })
            .collect(),
    }
}

/// The receipt in the shopper's language.
pub fn for_locale(texts: &Texts, lang: Locale) -> Labels {
    let words = texts.words(lang);
    Labels {
        dates: lang,
        words: KEYS
            .into_iter()
            .map(|key| (key, words.get(&format!("paper.{key}")).to_string()))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_is_in_the_store_and_tax_documents_read_thai_then_english() {
        let texts = Texts::shipped();
        for lang in Locale::ALL {
            let labels = for_locale(&texts, lang);
            for key in KEYS {
                assert_ne!(labels.get(key), format!("paper.{key}"), "{lang:?} {key}");
            }
        }
        let both = bilingual(&texts);
        assert_eq!(both.get("taxInvoice"), "ใบกำกับภาษีเต็มรูป / Full tax invoice");
        assert_eq!(both.get("promptpay"), "พร้อมเพย์ / PromptPay");
        assert_eq!(both.dates, Locale::Th);
    }
}
