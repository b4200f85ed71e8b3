//! Handlers: thin functions that parse a request, call one use case of a domain and answer.
//! Shopper handlers are one file per area; the staff area's are in `staff/`. Shared pieces
//! every handler uses — the signed-in caller, permission checks and the client's address (`auth`), the guest-key
//! guess limit (`key_guesses`), every domain error turned into the API's error (`errors`),
//! what the shopper's order routes share with the staff order desk (`order_answers`) — live
//! here too (docs/ARCHITECTURE.md). Blocking work runs through the kit's
//! `crate::http::blocking`, the one copy.

pub mod accounts;
pub mod auth;
pub mod cart;
pub mod catalog;
pub mod content;
pub mod documents;
pub mod errors;
pub mod health;
pub mod images;
pub mod insights;
pub mod key_guesses;
pub mod mail;
pub mod order_answers;
pub mod orders;
pub mod payments;
pub mod pricing;
pub mod proofs;
pub mod social;
pub mod staff;
