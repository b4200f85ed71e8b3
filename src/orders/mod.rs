//! Orders: placing one from the cart in one durable transaction, the statuses it moves
//! through, reviews, and the coins they earn.

pub mod desk;
pub mod guest;
pub mod model;
pub mod paperwork;
pub mod place;
pub mod sales;
pub mod store;
