//! Payments: card payment through 2C2P (signing, attempts and the answers it posts back), the
//! slips shoppers upload and the refunds staff record, unpaid orders that expire, and the move
//! of an order as the shop makes it (`status`: the order, the slip it accepts, its money
//! documents and messages in one transaction). The PromptPay QR payload is a shared value
//! (`domain::promptpay`). See docs/PAYMENTS.md.

pub mod answer_format;
pub mod answers;
pub mod attempts;
pub mod card_2c2p;
pub mod expiry;
pub mod proofs;
pub mod standin;
pub mod status;
