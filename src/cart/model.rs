//! Cart types and who a cart belongs to.

use crate::domain::UserId;
use serde::{Deserialize, Serialize};

/// The largest quantity of one product in a cart.
pub const MAX_QTY: u32 = 99;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cart {
    pub lines: Vec<CartLine>,
    /// Unix seconds of the last change; anonymous carts expire from it.
    #[serde(default)]
    pub updated_at: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CartLine {
    pub code: String,
    pub qty: u32,
}

impl Cart {
    /// Item count (`amt`, docs/STOREFRONT.md §3).
    pub fn amount(&self) -> u32 {
        self.lines.iter().map(|l| l.qty).sum()
    }

    pub fn qty(&self, code: &str) -> u32 {
        self.lines
            .iter()
            .find(|l| l.code == code)
            .map_or(0, |l| l.qty)
    }

    /// Sets a line's quantity (0 removes it), keeping lines in the order first added.
    pub fn set(&mut self, code: &str, qty: u32) {
        match (self.lines.iter_mut().find(|l| l.code == code), qty) {
            (Some(_), 0) => self.lines.retain(|l| l.code != code),
            (Some(line), qty) => line.qty = qty,
            (None, 0) => {}
            (None, qty) => self.lines.push(CartLine {
                code: code.into(),
                qty,
            }),
        }
    }
}

/// Who a cart belongs to, parsed from the `{id}` of the cart API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CartOwner {
    /// An anonymous visitor: a random UUID, unguessable, kept by the browser.
    Visitor(String),
    /// A signed-in user, by id: only that user's token may use the cart.
    User(UserId),
}

impl CartOwner {
    pub fn parse(id: &str) -> Result<CartOwner, String> {
        let id = id.trim();
        if !id.is_empty() && id.len() <= 20 && id.bytes().all(|b| b.is_ascii_digit()) {
            return id
                .parse()
                .map(|id| CartOwner::User(UserId(id)))
                .map_err(|_| format!("{id:?} is not a cart id"));
        }
        match uuid::Uuid::parse_str(id) {
            Ok(uuid) if id.len() == 36 => Ok(CartOwner::Visitor(uuid.hyphenated().to_string())),
            _ => Err(format!(
                "{id:?} is not a cart id: use the visitor id (a UUID) or the signed-in user's id"
            )),
        }
    }

    /// The key in the cart table.
    pub fn key(&self) -> String {
        match self {
            CartOwner::Visitor(id) => format!("v:{id}"),
            CartOwner::User(id) => format!("u:{id}"),
        }
    }

    /// The `id` the API shows.
    pub fn id(&self) -> String {
        match self {
            CartOwner::Visitor(id) => id.clone(),
            CartOwner::User(id) => id.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn owners_are_visitor_uuids_or_user_ids() {
        assert_eq!(CartOwner::parse("42"), Ok(CartOwner::User(UserId(42))));
        let visitor = CartOwner::parse("3F2504E0-4F89-41D3-9A0C-0305E82C3301").unwrap();
        assert_eq!(
            visitor,
            CartOwner::Visitor("3f2504e0-4f89-41d3-9a0c-0305e82c3301".into())
        );
        assert_eq!(visitor.key(), "v:3f2504e0-4f89-41d3-9a0c-0305e82c3301");
        for bad in ["", "abc", "../x", "3f2504e04f8941d39a0c0305e82c3301", "-1"] {
            assert!(CartOwner::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn setting_zero_removes_and_order_is_kept() {
        let mut cart = Cart::default();
        cart.set("A", 1);
        cart.set("B", 2);
        cart.set("A", 3);
        assert_eq!(cart.amount(), 5);
        assert_eq!(cart.lines[0].code, "A");
        cart.set("A", 0);
        assert_eq!(cart.lines.len(), 1);
    }
}
