//! Payment methods. PromptPay QR payloads here; bank transfer details come from the config;
//! card payment through 2C2P is a later module beside these.

pub mod promptpay;
