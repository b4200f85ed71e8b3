//! Catalogue files for `kiosk catalog import|export`: JSON (`{"products": [...]}` or a bare
//! list) and CSV (one product per row, lists separated by `|`). Parsing keeps each product's
//! line number so that every problem in a file can be reported at once, by line.

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use ts_rs::TS;
use utoipa::ToSchema;

use super::edit::{self, Actor};
use super::model::{Dimensions, Product};
use super::store::PRODUCT_CODE_TO_PRODUCT;
use crate::activity::{self, Event};
use crate::content::model::Localized;
use crate::domain::Satang;
use crate::store::{Store, StoreError, Txn};

/// A product and the line of the file it starts on.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ImportRow {
    pub line: usize,
    pub product: Product,
}

/// Reads a catalogue file; `Err` lists every row that cannot even be read.
pub fn parse(text: &str, is_csv: bool) -> Result<Vec<ImportRow>, Vec<String>> {
    // Spreadsheet programs (and the staff export) start UTF-8 files with a byte-order mark.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if is_csv {
        parse_csv(text)
    } else {
        parse_json(text)
    }
}

fn parse_json(text: &str) -> Result<Vec<ImportRow>, Vec<String>> {
    #[derive(Deserialize)]
    struct Wrapped<'a> {
        #[serde(borrow)]
        products: Vec<&'a RawValue>,
    }
    let items: Vec<&RawValue> = match serde_json::from_str::<Wrapped>(text) {
        Ok(wrapped) => wrapped.products,
        Err(_) => serde_json::from_str::<Vec<&RawValue>>(text)
            .map_err(|e| vec![format!("line {}: not a catalogue file: {e}", e.line())])?,
    };
    let mut rows = Vec::new();
    let mut problems = Vec::new();
    for raw in items {
        // The element borrows from `text`, so its offset gives its line.
        let offset = (raw.get().as_ptr() as usize).saturating_sub(text.as_ptr() as usize);
        let line = text[..offset.min(text.len())].matches('\n').count() + 1;
        match serde_json::from_str::<Product>(raw.get()) {
            Ok(product) => rows.push(ImportRow { line, product }),
            Err(e) => problems.push(format!("line {line}: {e}")),
        }
    }
    if problems.is_empty() {
        Ok(rows)
    } else {
        Err(problems)
    }
}

/// CSV columns, in export order.
pub const CSV_COLUMNS: &[&str] = &[
    "code",
    "name_en",
    "name_th",
    "name_my",
    "name_km",
    "name_id",
    "description_en",
    "description_th",
    "description_my",
    "description_km",
    "description_id",
    "price",
    "compareAtPrice",
    "images",
    "rooms",
    "categories",
    "width",
    "depth",
    "height",
    "material",
    "colour",
    "stock",
    "active",
    "popularity",
    "createdAt",
];

fn parse_csv(text: &str) -> Result<Vec<ImportRow>, Vec<String>> {
    let mut reader = csv::ReaderBuilder::new()
        .flexible(false)
        .from_reader(text.as_bytes());
    let headers: Vec<String> = reader
        .headers()
        .map_err(|e| vec![format!("line 1: {e}")])?
        .iter()
        .map(|h| h.trim().to_string())
        .collect();
    let column: HashMap<&str, usize> = headers
        .iter()
        .enumerate()
        .map(|(i, h)| {
            (
                if h == "catagories" {
                    "categories"
                } else {
                    h.as_str()
                },
                i,
            )
        })
        .collect();
    let missing: Vec<&&str> = ["code", "name_en", "price"]
        .iter()
        .filter(|c| !column.contains_key(**c))
        .collect();
    if !missing.is_empty() {
        return Err(vec![format!("line 1: missing columns {missing:?}")]);
    }
    let mut rows = Vec::new();
    let mut problems = Vec::new();
    for record in reader.records() {
        let record = match record {
            Ok(record) => record,
            Err(e) => {
                let line = e.position().map_or(0, |p| p.line() as usize);
                problems.push(format!("line {line}: {e}"));
                continue;
            }
        };
        let line = record.position().map_or(0, |p| p.line() as usize);
        let get = |name: &str| {
            column
                .get(name)
                .and_then(|&i| record.get(i))
                .unwrap_or("")
                .trim()
                .to_string()
        };
        let list = |name: &str| {
            get(name)
                .split('|')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect::<Vec<_>>()
        };
        let mut row_problems = Vec::new();
        let mut number = |name: &str, default: i64| -> i64 {
            let value = get(name);
            if value.is_empty() {
                return default;
            }
            value.parse().unwrap_or_else(|_| {
                row_problems.push(format!(
                    "line {line}: {name}: {value:?} is not a whole number"
                ));
                default
            })
        };
        let price = number("price", 0);
        let compare = number("compareAtPrice", -1);
        let (width, depth, height) = (number("width", 0), number("depth", 0), number("height", 0));
        let (stock, popularity) = (number("stock", 0), number("popularity", 0));
        let active = match get("active").to_lowercase().as_str() {
            "" | "true" | "yes" | "1" => true,
            "false" | "no" | "0" => false,
            other => {
                row_problems.push(format!(
                    "line {line}: active: {other:?} must be true or false"
                ));
                true
            }
        };
        let to_u32 = |v: i64| u32::try_from(v.max(0)).unwrap_or(u32::MAX);
        let product = Product {
            code: get("code"),
            name: Localized {
                en: get("name_en"),
                th: get("name_th"),
                my: get("name_my"),
                km: get("name_km"),
                id: get("name_id"),
            },
            description: Localized {
                en: get("description_en"),
                th: get("description_th"),
                my: get("description_my"),
                km: get("description_km"),
                id: get("description_id"),
            },
            price: Satang(price),
            compare_at_price: (compare >= 0).then_some(Satang(compare)),
            images: list("images"),
            image_alts: Default::default(),
            rooms: list("rooms"),
            categories: list("categories"),
            dimensions: Dimensions {
                width: to_u32(width),
                depth: to_u32(depth),
                height: to_u32(height),
            },
            material: get("material"),
            colour: get("colour"),
            stock: to_u32(stock),
            active,
            popularity: to_u32(popularity),
            created_at: get("createdAt"),
            version: 0,
        };
        if row_problems.is_empty() {
            rows.push(ImportRow { line, product });
        } else {
            problems.extend(row_problems);
        }
    }
    if problems.is_empty() {
        Ok(rows)
    } else {
        Err(problems)
    }
}

/// Checks every row against the shop's rooms and categories and for duplicate codes.
pub fn validate(
    rows: &[ImportRow],
    rooms: &HashSet<String>,
    categories: &HashSet<String>,
) -> Vec<String> {
    let mut problems = Vec::new();
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for row in rows {
        for problem in row.product.problems(rooms, categories) {
            problems.push(format!(
                "line {} ({}): {problem}",
                row.line, row.product.code
            ));
        }
        if let Some(first) = seen.insert(&row.product.code, row.line) {
            problems.push(format!(
                "line {} ({}): the same code is already on line {first}",
                row.line, row.product.code
            ));
        }
    }
    if rows.is_empty() {
        problems.push("the file holds no products".into());
    }
    problems
}

/// What an import would do with one row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub enum RowChange {
    New,
    Changed,
    Unchanged,
}

/// One row of a preview: its line, code, and which fields it changes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct RowPreview {
    #[ts(type = "number")]
    pub line: usize,
    pub code: String,
    pub change: RowChange,
    /// The fields that differ from the stored product (`price`, `name.th`, `stock`…).
    pub fields: Vec<String>,
    /// A short before → after summary.
    pub details: String,
}

/// What importing a file would do (or did): every problem by line, and every row's change.
/// Nothing is written while there is a problem.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct ImportPreview {
    /// `line N (CODE): field: message`, all of them.
    pub problems: Vec<String>,
    pub rows: Vec<RowPreview>,
    #[ts(type = "number")]
    pub new: usize,
    #[ts(type = "number")]
    pub updated: usize,
    #[ts(type = "number")]
    pub unchanged: usize,
}

/// The fields of `after` that differ from `before` (versions aside).
pub fn changed_fields(before: &Product, after: &Product) -> Vec<String> {
    let mut out = Vec::new();
    let (a, b) = (&before.name, &after.name);
    for (lang, x, y) in [
        ("en", &a.en, &b.en),
        ("th", &a.th, &b.th),
        ("my", &a.my, &b.my),
        ("km", &a.km, &b.km),
        ("id", &a.id, &b.id),
    ] {
        if x != y {
            out.push(format!("name.{lang}"));
        }
    }
    let (a, b) = (&before.description, &after.description);
    for (lang, x, y) in [
        ("en", &a.en, &b.en),
        ("th", &a.th, &b.th),
        ("my", &a.my, &b.my),
        ("km", &a.km, &b.km),
        ("id", &a.id, &b.id),
    ] {
        if x != y {
            out.push(format!("description.{lang}"));
        }
    }
    let mut differs = |field: &str, same: bool| {
        if !same {
            out.push(field.to_string());
        }
    };
    differs("price", before.price == after.price);
    differs(
        "compareAtPrice",
        before.compare_at_price == after.compare_at_price,
    );
    differs("images", before.images == after.images);
    differs("rooms", before.rooms == after.rooms);
    differs("categories", before.categories == after.categories);
    differs("dimensions", before.dimensions == after.dimensions);
    differs("material", before.material == after.material);
    differs("colour", before.colour == after.colour);
    differs("stock", before.stock == after.stock);
    differs("active", before.active == after.active);
    differs("popularity", before.popularity == after.popularity);
    differs("createdAt", before.created_at == after.created_at);
    out
}

/// What a file row leaves out is kept from the stored product: alt texts of images still shown
/// (files carry none), the creation date when the row has none, and the version.
fn keep_unsent(row: &mut Product, stored: &Product) {
    if row.image_alts.is_empty() {
        row.image_alts = stored
            .image_alts
            .iter()
            .filter(|(image, _)| row.images.contains(image))
            .map(|(image, alt)| (image.clone(), alt.clone()))
            .collect();
    }
    if row.created_at.trim().is_empty() {
        row.created_at = stored.created_at.clone();
    }
    row.version = stored.version;
}

/// Checks rows against what is stored (inside `txn`) and says what each would change.
pub fn preview_in(txn: &impl Txn, rows: &[ImportRow]) -> Result<ImportPreview, StoreError> {
    let (rooms, categories) = edit::known_keys(txn)?;
    let mut preview = ImportPreview {
        problems: validate(rows, &rooms, &categories),
        ..ImportPreview::default()
    };
    for row in rows {
        let (change, fields, details) = match edit::find_in(txn, &row.product.code)? {
            None => {
                preview.new += 1;
                (RowChange::New, Vec::new(), String::new())
            }
            Some(stored) => {
                let mut after = row.product.clone();
                keep_unsent(&mut after, &stored);
                let fields = changed_fields(&stored, &after);
                if fields.is_empty() {
                    preview.unchanged += 1;
                    (RowChange::Unchanged, fields, String::new())
                } else {
                    preview.updated += 1;
                    (RowChange::Changed, fields, edit::summary(&stored, &after))
                }
            }
        };
        preview.rows.push(RowPreview {
            line: row.line,
            code: row.product.code.clone(),
            change,
            fields,
            details,
        });
    }
    Ok(preview)
}

/// Parses a file and previews it; a file that cannot be read previews as its problems.
pub fn preview_text(store: &Store, text: &str, is_csv: bool) -> Result<ImportPreview, StoreError> {
    match parse(text, is_csv) {
        Ok(rows) => store.read(|txn| preview_in(txn, &rows)),
        Err(problems) => Ok(ImportPreview {
            problems,
            ..ImportPreview::default()
        }),
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// Every problem in the file; nothing was written.
    #[error("{} problem(s) in the file, nothing was imported:\n  {}", .0.problems.len(), .0.problems.join("\n  "))]
    Problems(Box<ImportPreview>),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Imports rows all or nothing (the one implementation behind `kiosk catalog import` and the
/// staff upload): new products start at version 1, changed ones get the next version,
/// unchanged ones are left alone; stock levels that change are recorded in the stock ledger
/// with the reason "import"; one activity event sums the import up.
pub fn apply(
    store: &Store,
    actor: Actor,
    rows: &[ImportRow],
) -> Result<ImportPreview, ImportError> {
    store.write(|txn| {
        let preview = preview_in(txn, rows)?;
        if !preview.problems.is_empty() {
            return Err(ImportError::Problems(Box::new(preview)));
        }
        for (row, seen) in rows.iter().zip(&preview.rows) {
            let mut product = row.product.clone();
            product.version = match seen.change {
                RowChange::Unchanged => continue,
                RowChange::New => 1,
                RowChange::Changed => match edit::find_in(txn, &product.code)? {
                    Some(stored) => {
                        keep_unsent(&mut product, &stored);
                        stored.version + 1
                    }
                    None => 1,
                },
            };
            PRODUCT_CODE_TO_PRODUCT
                .write(txn)?
                .put(product.code.as_str(), &product)?;
            edit::set_level_in(
                txn,
                actor,
                &product.code,
                u64::from(product.stock),
                "import",
            )?;
        }
        let mut details = format!(
            "{} new, {} changed, {} unchanged",
            preview.new, preview.updated, preview.unchanged
        );
        let changed: Vec<&str> = preview
            .rows
            .iter()
            .filter(|r| r.change != RowChange::Unchanged)
            .map(|r| r.code.as_str())
            .collect();
        if !changed.is_empty() {
            details.push_str(": ");
            details.push_str(&changed.join(", "));
        }
        activity::log(
            txn,
            &Event {
                actor: actor.name,
                kcard: actor.kcard,
                action: "catalogue imported",
                target: "catalogue",
                details: &details,
            },
        )?;
        Ok(preview)
    })
}

/// Writes products as CSV (columns as [`CSV_COLUMNS`]).
pub fn to_csv(products: &[Product]) -> Result<String, String> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer
        .write_record(CSV_COLUMNS)
        .map_err(|e| e.to_string())?;
    for p in products {
        let record = [
            p.code.clone(),
            p.name.en.clone(),
            p.name.th.clone(),
            p.name.my.clone(),
            p.name.km.clone(),
            p.name.id.clone(),
            p.description.en.clone(),
            p.description.th.clone(),
            p.description.my.clone(),
            p.description.km.clone(),
            p.description.id.clone(),
            p.price.to_string(),
            p.compare_at_price
                .map(|v| v.to_string())
                .unwrap_or_default(),
            p.images.join("|"),
            p.rooms.join("|"),
            p.categories.join("|"),
            p.dimensions.width.to_string(),
            p.dimensions.depth.to_string(),
            p.dimensions.height.to_string(),
            p.material.clone(),
            p.colour.clone(),
            p.stock.to_string(),
            p.active.to_string(),
            p.popularity.to_string(),
            p.created_at.clone(),
        ];
        writer.write_record(&record).map_err(|e| e.to_string())?;
    }
    String::from_utf8(writer.into_inner().map_err(|e| e.to_string())?).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known() -> (HashSet<String>, HashSet<String>) {
        (
            ["living".to_string()].into(),
            ["sofas".to_string(), "sofas-3-seat".to_string()].into(),
        )
    }

    #[test]
    fn json_rows_know_their_lines_and_accept_catagories() {
        let text = "{\"products\": [\n  {\"code\": \"SF-1\", \"name\": {\"en\": \"Sofa\"}, \"price\": 100, \"catagories\": [\"sofas\"]},\n\n  {\"code\": \"SF-2\", \"name\": {\"en\": \"Sofa 2\"}, \"price\": 200}\n]}";
        let rows = parse(text, false).unwrap();
        assert_eq!(rows.iter().map(|r| r.line).collect::<Vec<_>>(), [2, 4]);
        assert_eq!(rows[0].product.categories, ["sofas"]);
    }

    #[test]
    fn every_bad_row_is_reported_with_its_line() {
        let csv = "code,name_en,price,rooms,catagories,compareAtPrice\nSF-1,Sofa,129000,living,sofas|sofas-3-seat,\nSF-2,,-5,garage,,100\nSF-1,Copy,100,,,\nSF 3,Bad code,abc,,,\nSF-4,Was cheaper,500,,,400\n";
        let problems = match parse(csv, true) {
            Ok(_) => panic!("line 5 has a bad number"),
            Err(problems) => problems,
        };
        assert_eq!(problems, ["line 5: price: \"abc\" is not a whole number"]);
        let csv = csv.replace("abc", "100");
        let rows = parse(&csv, true).unwrap();
        let (rooms, categories) = known();
        let problems = validate(&rows, &rooms, &categories);
        for expected in [
            "line 3 (SF-2): name.en",
            "line 3 (SF-2): price",
            "line 3 (SF-2): rooms: unknown room \"garage\"",
            "line 4 (SF-1): the same code is already on line 2",
            "line 5 (SF 3): code",
            "line 6 (SF-4): compareAtPrice",
        ] {
            assert!(
                problems.iter().any(|p| p.starts_with(expected)),
                "missing {expected}: {problems:#?}"
            );
        }
    }

    #[test]
    fn csv_export_reads_back_the_same_products() {
        let text = "{\"products\": [{\"code\": \"SF-1\", \"name\": {\"en\": \"Sofa, grey\", \"th\": \"โซฟา\"}, \"price\": 100, \"images\": [\"/api/file/images/demo/a.png\", \"/api/file/images/demo/b.png\"], \"rooms\": [\"living\"], \"active\": false}]}";
        let products: Vec<Product> = parse(text, false)
            .unwrap()
            .into_iter()
            .map(|r| r.product)
            .collect();
        let csv = to_csv(&products).unwrap();
        let back: Vec<Product> = parse(&csv, true)
            .unwrap()
            .into_iter()
            .map(|r| r.product)
            .collect();
        assert_eq!(back, products);
    }
}
