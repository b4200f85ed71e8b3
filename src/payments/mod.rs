//! Payment methods: PromptPay QR payloads, bank transfer details from the config, and card
//! payment through 2C2P (signing, attempts and the answers it posts back); unpaid orders expire.

pub mod answer_format;
pub mod attempts;
pub mod card_2c2p;
pub mod expiry;
pub mod promptpay;
pub mod proofs;
pub mod standin;
