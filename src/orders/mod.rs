//! Orders: the checks of a checkout (`checkout`), placing one from the cart in one durable
//! transaction (`place`), the statuses it moves through (`store`), guests' order keys
//! (`guest`), reviews, the coins they earn and the ratings they make (`ratings`).
//!
//! Orders write the messages of their own events into the outbox, a lower floor. What a move
//! means for the payment and the money documents is settled by the floors above in the same
//! transaction (`store::change_status` takes that step; `payments::status` composes it), so
//! orders never call documents, payments or notify.

pub mod checkout;
pub mod code_usage;
pub mod desk;
pub mod export;
pub mod guest;
pub mod line_updates;
pub mod model;
pub mod place;
pub mod ratings;
pub mod sales;
pub mod store;
