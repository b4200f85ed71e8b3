//! The product list's filters, sort and pages: parsed from the query string with the
//! offending parameter named on error, applied to the in-memory catalogue.

use std::collections::HashMap;

use super::model::Product;
use crate::domain::Satang;
use crate::search::index::Scored;

/// A query parameter that cannot be used, naming it; answered as 400 `invalid_parameter`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{parameter}: {problem}")]
pub struct QueryError {
    pub parameter: String,
    pub problem: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sort {
    Popular,
    Newest,
    PriceAsc,
    PriceDesc,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductQuery {
    pub room: Option<String>,
    pub category: Option<String>,
    pub min_price: Option<Satang>,
    pub max_price: Option<Satang>,
    pub materials: Vec<String>,
    pub colours: Vec<String>,
    /// Size keys (slugs of size option values, docs/VARIANTS.md §4).
    pub sizes: Vec<String>,
    pub sort: Sort,
    pub page: usize,
    pub limit: usize,
}

pub const MAX_LIMIT: usize = 100;
pub const DEFAULT_LIMIT: usize = 24;

/// Page and limit, shared by the list and search endpoints.
pub fn parse_page(params: &HashMap<String, String>) -> Result<(usize, usize), QueryError> {
    let page = number(params, "page")?.unwrap_or(1);
    let limit = number(params, "limit")?.unwrap_or(DEFAULT_LIMIT as i64);
    if !(1..=10_000).contains(&page) {
        return Err(bad("page", "must be a whole number from 1"));
    }
    if !(1..=MAX_LIMIT as i64).contains(&limit) {
        return Err(bad("limit", &format!("must be between 1 and {MAX_LIMIT}")));
    }
    Ok((page as usize, limit as usize))
}

impl ProductQuery {
    pub fn parse(params: &HashMap<String, String>) -> Result<ProductQuery, QueryError> {
        const KNOWN: &[&str] = &[
            "room", "category", "minPrice", "maxPrice", "material", "colour", "size", "sort",
            "page", "limit",
        ];
        if let Some(unknown) = params.keys().find(|k| !KNOWN.contains(&k.as_str())) {
            return Err(bad(
                unknown,
                &format!("is not a filter (known: {})", KNOWN.join(", ")),
            ));
        }
        let key = |name: &str| -> Result<Option<String>, QueryError> {
            match params.get(name).map(|v| v.trim().to_lowercase()) {
                None => Ok(None),
                Some(v) if v.is_empty() => Ok(None),
                Some(v)
                    if v.len() <= 64
                        && v.bytes()
                            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') =>
                {
                    Ok(Some(v))
                }
                Some(_) => Err(bad(name, "must be a key of letters, digits, - and _")),
            }
        };
        let list = |name: &str| -> Result<Vec<String>, QueryError> {
            let Some(value) = params.get(name) else {
                return Ok(Vec::new());
            };
            // Colour and material keys are label keys (lowercase letters and -); size keys are
            // the slugs staff and imports give size values ("6-ft", "160x200"), taken as
            // written.
            let size = name == "size";
            value
                .split(',')
                .map(|v| if size { v.trim().to_string() } else { v.trim().to_lowercase() })
                .filter(|v| !v.is_empty())
                .map(|v| {
                    let allowed = |b: u8| {
                        b.is_ascii_lowercase()
                            || b == b'-'
                            || (size && (b.is_ascii_alphanumeric() || b"_.".contains(&b)))
                    };
                    if v.len() <= if size { 64 } else { 32 } && v.bytes().all(allowed) {
                        Ok(v)
                    } else {
                        Err(bad(name, "must be a comma-separated list of keys"))
                    }
                })
                .collect()
        };
        let money = |name: &str| -> Result<Option<Satang>, QueryError> {
            match number(params, name)? {
                Some(v) if v < 0 => Err(bad(name, "must not be negative")),
                other => Ok(other.map(Satang)),
            }
        };
        let sort = match params.get("sort").map(String::as_str) {
            None | Some("") | Some("popular") => Sort::Popular,
            Some("newest") => Sort::Newest,
            Some("price_asc") => Sort::PriceAsc,
            Some("price_desc") => Sort::PriceDesc,
            Some(_) => {
                return Err(bad(
                    "sort",
                    "must be popular, newest, price_asc or price_desc",
                ));
            }
        };
        let (page, limit) = parse_page(params)?;
        let query = ProductQuery {
            room: key("room")?,
            category: key("category")?,
            min_price: money("minPrice")?,
            max_price: money("maxPrice")?,
            materials: list("material")?,
            colours: list("colour")?,
            sizes: list("size")?,
            sort,
            page,
            limit,
        };
        if let (Some(min), Some(max)) = (query.min_price, query.max_price)
            && min > max
        {
            return Err(bad("minPrice", "must not be above maxPrice"));
        }
        Ok(query)
    }

    /// Puts the first `first` products in order and drops the rest: a page needs only what
    /// comes before its end, and selecting them is linear (sorting 100 000 products for a first
    /// page took most of the request).
    pub fn sort_first<T: std::borrow::Borrow<Product>>(&self, products: &mut Vec<T>, first: usize) {
        let order = self.order();
        let order = |a: &T, b: &T| order(a.borrow(), b.borrow());
        if first == 0 {
            products.clear();
            return;
        }
        if first < products.len() {
            products.select_nth_unstable_by(first - 1, |a, b| order(a, b));
            products.truncate(first);
        }
        products.sort_unstable_by(|a, b| order(a, b));
    }

    /// Puts the first `first` hits in this query's order at the front of `hits`, in place (the
    /// rest follow in no order): the same choice as [`ProductQuery::sort_first`], for a search's
    /// remembered matches, which later pages rank further.
    pub fn order_first<'a>(
        &self,
        hits: &mut [Scored],
        first: usize,
        product: impl Fn(u32) -> &'a Product,
    ) {
        let order = self.order();
        let first = first.min(hits.len());
        if first == 0 {
            return;
        }
        let by = |a: &Scored, b: &Scored| order(product(a.doc), product(b.doc));
        if first < hits.len() {
            hits.select_nth_unstable_by(first - 1, by);
        }
        hits[..first].sort_unstable_by(by);
    }

    /// The order of this query's sort; total, so equal keys never swap between pages.
    fn order(&self) -> fn(&Product, &Product) -> std::cmp::Ordering {
        match self.sort {
            Sort::Popular => |a, b| {
                b.popularity
                    .cmp(&a.popularity)
                    .then_with(|| a.code.cmp(&b.code))
            },
            Sort::Newest => |a, b| {
                b.created_at
                    .cmp(&a.created_at)
                    .then_with(|| a.code.cmp(&b.code))
            },
            Sort::PriceAsc => |a, b| a.price.cmp(&b.price).then_with(|| a.code.cmp(&b.code)),
            Sort::PriceDesc => |a, b| b.price.cmp(&a.price).then_with(|| a.code.cmp(&b.code)),
        }
    }
}

fn number(params: &HashMap<String, String>, name: &str) -> Result<Option<i64>, QueryError> {
    match params.get(name).map(|v| v.trim()) {
        None | Some("") => Ok(None),
        Some(v) => v
            .parse::<i64>()
            .map(Some)
            .map_err(|_| bad(name, "must be a whole number")),
    }
}

fn bad(parameter: &str, problem: &str) -> QueryError {
    QueryError {
        parameter: parameter.into(),
        problem: problem.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn the_first_products_of_a_sort_are_those_a_full_sort_gives() {
        let products: Vec<Product> = (0..500u32)
            .map(|i| {
                let mut product: Product = serde_json::from_value(serde_json::json!({
                    "code": format!("P-{:03}", (i * 7919) % 500),
                    "name": {"en": "x", "th": "", "my": "", "km": "", "id": ""},
                    "price": 100 + (i * 37) % 50,
                }))
                .unwrap();
                product.popularity = (i * 13) % 7;
                product.created_at = format!("2026-01-{:02}", 1 + i % 28);
                product
            })
            .collect();
        for sort in ["popular", "newest", "price_asc", "price_desc"] {
            let query = ProductQuery::parse(&params(&[("sort", sort)])).unwrap();
            let mut all: Vec<&Product> = products.iter().collect();
            let order = query.order();
            all.sort_by(|a, b| order(a, b));
            for first in [0, 1, 24, 72, 499, 500, 900] {
                let mut some: Vec<&Product> = products.iter().collect();
                query.sort_first(&mut some, first);
                let codes =
                    |list: &[&Product]| list.iter().map(|p| p.code.clone()).collect::<Vec<_>>();
                assert_eq!(
                    codes(&some),
                    codes(&all[..first.min(500)]),
                    "{sort} {first}"
                );
            }
        }
    }

    #[test]
    fn filters_parse_and_bad_ones_name_their_parameter() {
        let query = ProductQuery::parse(&params(&[
            ("room", "Living"),
            ("minPrice", "100000"),
            ("material", "teak,oak"),
            ("sort", "price_desc"),
            ("page", "2"),
        ]))
        .unwrap();
        assert_eq!(query.room.as_deref(), Some("living"));
        assert_eq!(query.materials, ["teak", "oak"]);
        let sized = ProductQuery::parse(&params(&[("size", "6-ft, 160x200,")])).unwrap();
        assert_eq!(sized.sizes, ["6-ft", "160x200"]);
        assert_eq!(
            (query.sort, query.page, query.limit),
            (Sort::PriceDesc, 2, DEFAULT_LIMIT)
        );
        for (bad_params, name) in [
            (vec![("minPrice", "cheap")], "minPrice"),
            (vec![("maxPrice", "-5")], "maxPrice"),
            (vec![("minPrice", "500"), ("maxPrice", "100")], "minPrice"),
            (vec![("sort", "random")], "sort"),
            (vec![("limit", "1000")], "limit"),
            (vec![("page", "0")], "page"),
            (vec![("room", "<script>")], "room"),
            (vec![("colour", "red;drop")], "colour"),
            (vec![("color", "red")], "color"),
            (vec![("size", "6 ft")], "size"),
            (vec![("colour", "red2")], "colour"),
        ] {
            let err = ProductQuery::parse(&params(&bad_params))
                .unwrap_err()
                .to_string();
            assert!(err.starts_with(&format!("{name}:")), "{err}");
        }
    }
}
