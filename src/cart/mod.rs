//! Carts: one per anonymous visitor (addressed by the random visitor id the browser keeps) or
//! per signed-in user. Quantities are bounded (1–99 and by stock); signing in merges the
//! visitor's cart into the user's without losing anything; anonymous carts expire. A line
//! holds a variant's code (docs/VARIANTS.md §3, `choice`).

pub mod choice;
pub mod model;
pub mod store;
