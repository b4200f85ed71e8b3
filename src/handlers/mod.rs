//! Handlers: thin functions that parse a request, call one use case of a domain and answer.
//! Shopper handlers are one file per area; the staff area's are in `staff/`. Shared pieces
//! every handler uses — the signed-in caller, permission checks and the client's address
//! (`auth`), the guest-key
//! guess limit (`key_guesses`) — live here too, because they read the shared state
//! (docs/ARCHITECTURE.md).

pub mod accounts;
pub mod auth;
pub mod cart;
pub mod catalog;
pub mod content;
pub mod documents;
pub mod health;
pub mod images;
pub mod key_guesses;
pub mod orders;
pub mod payments;
pub mod pricing;
pub mod proofs;
pub mod social;
pub mod staff;
