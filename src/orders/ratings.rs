//! Shoppers' ratings per product: the average and count of the reviews of delivered orders that
//! held the product, kept in memory so that `product/get` (and the page shell's Product JSON-LD)
//! reads them with one hash lookup.
//!
//! The orders are read once, in the background after start (only the delivered ones, through
//! the order desk's status index), and every review written afterwards is added by
//! [`Ratings::reviewed`]. They are part of the orders domain because they are read from the
//! orders' reviews; the catalogue, a lower floor, never sees them (the product answer and the
//! page shell take them from the shared state's `ratings`).

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, RwLock};

use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;

use super::desk::{ORDER_STATUS_TO_ORDER, status_code};
use super::model::{Order, Status};
use super::store::ORDER_ID_TO_ORDER;
use crate::store::{Store, StoreError};

/// What shoppers thought of a product: `{average, count}`, absent when nobody reviewed it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, ToSchema, TS)]
pub struct Rating {
    /// From 1 to 5, rounded to one decimal.
    pub average: f64,
    /// How many reviews of delivered orders holding the product.
    pub count: u32,
}

/// Stars given and reviews counted for one product (whole numbers, so adding never drifts).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Tally {
    stars: u64,
    count: u32,
}

impl Tally {
    fn rating(self) -> Option<Rating> {
        (self.count > 0).then(|| Rating {
            // Tenths, rounded half up, in integers: 4.45 is 4.5 on every platform.
            average: ((self.stars * 20 + u64::from(self.count)) / (2 * u64::from(self.count)))
                as f64
                / 10.0,
            count: self.count,
        })
    }
}

/// One review as the tallies need it.
#[derive(Debug, Clone)]
struct Reviewed {
    order: u64,
    codes: Vec<String>,
    stars: u8,
}

impl Reviewed {
    /// The review of a delivered order, with each product counted once however many lines
    /// hold it; `None` for an order that is not delivered or not reviewed.
    fn of(order: &Order) -> Option<Reviewed> {
        let review = order.review.as_ref()?;
        if order.status != Status::Delivered || !(1..=5).contains(&review.rating) {
            return None;
        }
        // Ratings stay per product: a variant's line counts for its product.
        let mut codes: Vec<String> = order
            .lines
            .iter()
            .map(|l| l.product_code().to_string())
            .collect();
        codes.sort_unstable();
        codes.dedup();
        Some(Reviewed {
            order: order.id.get(),
            codes,
            stars: review.rating,
        })
    }
}

#[derive(Default)]
struct Book {
    tallies: HashMap<String, Tally>,
    /// While the orders are first read: the reviews written meanwhile, added afterwards unless
    /// that read already saw them. `None` once loaded.
    pending: Option<Vec<Reviewed>>,
}

impl Book {
    fn add(&mut self, review: &Reviewed) {
        for code in &review.codes {
            let tally = self.tallies.entry(code.clone()).or_default();
            tally.stars += u64::from(review.stars);
            tally.count += 1;
        }
    }
}

/// The live ratings of every product.
#[derive(Default)]
pub struct Ratings {
    book: RwLock<Book>,
}

impl Ratings {
    /// Ratings that fill themselves from the delivered orders on a background thread (a large
    /// shop's orders take a while to decode; the shop answers meanwhile, without ratings).
    pub fn load_in_background(store: Store) -> Arc<Ratings> {
        let ratings = Arc::new(Ratings {
            book: RwLock::new(Book {
                tallies: HashMap::new(),
                pending: Some(Vec::new()),
            }),
        });
        let filling = Arc::clone(&ratings);
        let spawned = std::thread::Builder::new()
            .name("ratings".into())
            .spawn(move || match delivered_reviews(&store) {
                Ok(reviews) => filling.loaded(reviews),
                Err(err) => {
                    tracing::warn!(%err, "product ratings could not be read");
                    filling.loaded(Vec::new());
                }
            });
        if let Err(err) = spawned {
            tracing::warn!(%err, "product ratings thread could not start");
            ratings.loaded(Vec::new());
        }
        ratings
    }

    /// Ratings read from `store` now (tests, tools).
    pub fn load(store: &Store) -> Result<Ratings, StoreError> {
        let ratings = Ratings::default();
        ratings.loaded(delivered_reviews(store)?);
        Ok(ratings)
    }

    /// Takes in the first read, then the reviews written while it ran.
    fn loaded(&self, reviews: Vec<Reviewed>) {
        let mut book = self.book.write().unwrap_or_else(|e| e.into_inner());
        let seen: HashSet<u64> = reviews.iter().map(|r| r.order).collect();
        for review in &reviews {
            book.add(review);
        }
        for review in book.pending.take().unwrap_or_default() {
            if !seen.contains(&review.order) {
                book.add(&review);
            }
        }
    }

    /// Counts the review just written on `order` (a delivered order is reviewed once, so each
    /// call adds a new one).
    pub fn reviewed(&self, order: &Order) {
        let Some(review) = Reviewed::of(order) else {
            return;
        };
        let mut book = self.book.write().unwrap_or_else(|e| e.into_inner());
        match book.pending.as_mut() {
            Some(pending) => pending.push(review),
            None => book.add(&review),
        }
    }

    /// The product's rating, `None` when no delivered order holding it was reviewed.
    pub fn get(&self, code: &str) -> Option<Rating> {
        let book = self.book.read().unwrap_or_else(|e| e.into_inner());
        book.tallies.get(code).and_then(|t| t.rating())
    }
}

/// The reviews of every delivered order, read in one transaction.
fn delivered_reviews(store: &Store) -> Result<Vec<Reviewed>, StoreError> {
    let delivered = status_code(Status::Delivered);
    store.read(|txn| {
        let index = ORDER_STATUS_TO_ORDER.read(txn)?;
        let orders = ORDER_ID_TO_ORDER.read(txn)?;
        let mut reviews = Vec::new();
        for key in index.keys_rev_in((delivered, 0)..(delivered + 1, 0))? {
            let (_, id) = key?;
            if let Some(review) = orders.get(id)?.as_ref().and_then(Reviewed::of) {
                reviews.push(review);
            }
        }
        Ok(reviews)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn review(order: u64, codes: &[&str], stars: u8) -> Reviewed {
        Reviewed {
            order,
            codes: codes.iter().map(|c| c.to_string()).collect(),
            stars,
        }
    }

    #[test]
    fn averages_round_to_one_decimal_half_up() {
        let rating = |stars, count| Tally { stars, count }.rating();
        assert_eq!(rating(0, 0), None);
        assert_eq!(rating(9, 2).map(|r| r.average), Some(4.5));
        assert_eq!(rating(13, 3).map(|r| r.average), Some(4.3));
        assert_eq!(rating(14, 3).map(|r| r.average), Some(4.7));
        assert_eq!(
            rating(5, 1),
            Some(Rating {
                average: 5.0,
                count: 1
            })
        );
    }

    #[test]
    fn reviews_written_during_the_first_read_count_once() {
        let ratings = Ratings {
            book: RwLock::new(Book {
                tallies: HashMap::new(),
                pending: Some(Vec::new()),
            }),
        };
        // Written while the first read ran: order 2 was seen by it, order 3 was not.
        for pending in [review(2, &["A"], 4), review(3, &["A", "B"], 2)] {
            ratings
                .book
                .write()
                .unwrap()
                .pending
                .as_mut()
                .unwrap()
                .push(pending);
        }
        ratings.loaded(vec![review(1, &["A"], 5), review(2, &["A"], 4)]);
        assert_eq!(
            ratings.get("A"),
            Some(Rating {
                average: 3.7,
                count: 3
            })
        );
        assert_eq!(
            ratings.get("B"),
            Some(Rating {
                average: 2.0,
                count: 1
            })
        );
        assert_eq!(ratings.get("C"), None);
    }
}
