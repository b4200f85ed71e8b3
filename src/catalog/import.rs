//! Importing a catalogue file: every row checked against the shop's rooms, categories and
//! stored products, a preview of what each row would change, and the import itself, all or
//! nothing in one transaction, after which the new catalogue snapshot is in force (`writer`).
//! Reading and writing the files themselves is `import_file`, re-exported here.

use std::collections::{HashMap, HashSet};
use std::io::Read;

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::edit;
use super::model::Product;
use super::store::PRODUCT_CODE_TO_PRODUCT;
use super::writer::CatalogWriter;
use crate::activity::Actor;
use crate::store::{Store, StoreError, Txn};

pub use super::import_file::{CSV_COLUMNS, ImportRow, ReadRow, parse, read_rows, to_csv};

/// Checks every row against the shop's rooms and categories and for duplicate codes.
pub fn validate(
    rows: &[ImportRow],
    rooms: &HashSet<String>,
    categories: &HashSet<String>,
) -> Vec<String> {
    let mut seen = HashMap::new();
    let mut problems = Vec::new();
    for row in rows {
        problems.extend(row_problems(
            row.line,
            &row.product,
            rooms,
            categories,
            &mut seen,
        ));
    }
    if rows.is_empty() {
        problems.push(NO_PRODUCTS.into());
    }
    problems
}

const NO_PRODUCTS: &str = "the file holds no products";

/// The problems of one row; `seen` holds the line of every code met so far.
fn row_problems(
    line: usize,
    product: &Product,
    rooms: &HashSet<String>,
    categories: &HashSet<String>,
    seen: &mut HashMap<String, usize>,
) -> Vec<String> {
    let code = &product.code;
    let mut problems: Vec<String> = product
        .problems(rooms, categories)
        .into_iter()
        .map(|problem| format!("line {line} ({code}): {problem}"))
        .collect();
    match seen.get(code.as_str()) {
        Some(first) => problems.push(format!(
            "line {line} ({code}): the same code is already on line {first}"
        )),
        None => {
            seen.insert(code.clone(), line);
        }
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

/// Goes through rows one at a time against what a transaction holds: gathers every problem
/// and what each row would change, and gives each valid row back as it would be stored.
struct Check {
    rooms: HashSet<String>,
    categories: HashSet<String>,
    /// The line of every code met so far, for duplicates.
    seen: HashMap<String, usize>,
    preview: ImportPreview,
    /// Whether `preview.rows` lists every row (the staff preview shows them; the CLI only
    /// prints counts, and 100 000 row previews would be dead weight).
    keep_rows: bool,
    /// The first codes the import changes, for the activity log.
    changed: Vec<String>,
    rows: usize,
}

/// Codes named in the activity event of an import (the counts cover the rest).
const CODES_LOGGED: usize = 20;

impl Check {
    fn new(txn: &impl Txn, keep_rows: bool) -> Result<Check, StoreError> {
        let (rooms, categories) = edit::known_keys(txn)?;
        Ok(Check {
            rooms,
            categories,
            seen: HashMap::new(),
            preview: ImportPreview::default(),
            keep_rows,
            changed: Vec::new(),
            rows: 0,
        })
    }

    /// Checks one row. `Some` is the product to store (stored fields the file leaves out
    /// kept, next version set) when the row is new or changes something.
    fn row(&mut self, txn: &impl Txn, row: ReadRow) -> Result<Option<Product>, StoreError> {
        let ImportRow { line, mut product } = match row {
            Ok(row) => row,
            Err(problem) => {
                self.preview.problems.push(problem);
                return Ok(None);
            }
        };
        self.rows += 1;
        let problems = row_problems(
            line,
            &product,
            &self.rooms,
            &self.categories,
            &mut self.seen,
        );
        let valid = problems.is_empty();
        self.preview.problems.extend(problems);
        let (change, fields, details) = match edit::find_in(txn, &product.code)? {
            None => {
                self.preview.new += 1;
                product.version = 1;
                (RowChange::New, Vec::new(), String::new())
            }
            Some(stored) => {
                keep_unsent(&mut product, &stored);
                let fields = changed_fields(&stored, &product);
                if fields.is_empty() {
                    self.preview.unchanged += 1;
                    (RowChange::Unchanged, fields, String::new())
                } else {
                    self.preview.updated += 1;
                    product.version = stored.version + 1;
                    let details = if self.keep_rows {
                        edit::summary(&stored, &product)
                    } else {
                        String::new()
                    };
                    (RowChange::Changed, fields, details)
                }
            }
        };
        let changes = change != RowChange::Unchanged;
        if changes && self.changed.len() < CODES_LOGGED {
            self.changed.push(product.code.clone());
        }
        if self.keep_rows {
            self.preview.rows.push(RowPreview {
                line,
                code: product.code.clone(),
                change,
                fields,
                details,
            });
        }
        Ok((valid && changes).then_some(product))
    }

    fn finish(mut self) -> (ImportPreview, Vec<String>) {
        if self.rows == 0 && self.preview.problems.is_empty() {
            self.preview.problems.push(NO_PRODUCTS.into());
        }
        (self.preview, self.changed)
    }
}

/// Checks rows against what is stored (inside `txn`) and says what each would change.
pub fn preview_in(txn: &impl Txn, rows: &[ImportRow]) -> Result<ImportPreview, StoreError> {
    let mut check = Check::new(txn, true)?;
    for row in rows {
        check.row(txn, Ok(row.clone()))?;
    }
    Ok(check.finish().0)
}

/// Reads a file and previews it: every problem (rows that cannot be read and rows that are
/// invalid, by line) and every row's change.
pub fn preview_text(store: &Store, text: &str, is_csv: bool) -> Result<ImportPreview, StoreError> {
    store.read(|txn| {
        let mut check = Check::new(txn, true)?;
        read_rows(text.as_bytes(), is_csv, &mut |row| {
            check.row(txn, row).map(drop)
        })?;
        Ok(check.finish().0)
    })
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
    catalog: &CatalogWriter,
    actor: Actor,
    rows: &[ImportRow],
) -> Result<ImportPreview, ImportError> {
    apply_rows(catalog, actor, true, &mut |each| {
        for row in rows {
            each(Ok(row.clone()))?;
        }
        Ok(())
    })
}

/// Imports a catalogue file as [`apply`] does, reading it as it goes: neither the file nor
/// its rows are held in memory, and the answer has counts and problems but no row list.
pub fn apply_file(
    catalog: &CatalogWriter,
    actor: Actor,
    file: impl Read,
    is_csv: bool,
) -> Result<ImportPreview, ImportError> {
    let mut file = Some(file);
    apply_rows(catalog, actor, false, &mut |each| match file.take() {
        Some(file) => read_rows(file, is_csv, each),
        None => Ok(()),
    })
}

/// Rows handed one at a time to the callback it is given.
type RowSource<'a> =
    dyn FnMut(&mut dyn FnMut(ReadRow) -> Result<(), StoreError>) -> Result<(), StoreError> + 'a;

/// One write transaction: each row is checked and, while no problem has turned up, written at
/// once; any problem abandons the transaction, so nothing is written. An import that changed
/// products rebuilds the catalogue snapshot; one that changed nothing leaves it as it is
/// (rebuilding takes seconds with 100 000 products).
fn apply_rows(
    catalog: &CatalogWriter,
    actor: Actor,
    keep_rows: bool,
    rows: &mut RowSource,
) -> Result<ImportPreview, ImportError> {
    let preview = catalog.store().write(|txn| {
        let mut check = Check::new(txn, keep_rows)?;
        rows(&mut |row| {
            let Some(product) = check.row(txn, row)? else {
                return Ok(());
            };
            if !check.preview.problems.is_empty() {
                return Ok(());
            }
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
            Ok(())
        })?;
        let (preview, changed) = check.finish();
        if !preview.problems.is_empty() {
            return Err(ImportError::Problems(Box::new(preview)));
        }
        let mut details = format!(
            "{} new, {} changed, {} unchanged",
            preview.new, preview.updated, preview.unchanged
        );
        if !changed.is_empty() {
            details.push_str(": ");
            details.push_str(&changed.join(", "));
            let more = preview.new + preview.updated - changed.len();
            if more > 0 {
                details.push_str(&format!(" and {more} more"));
            }
        }
        actor.log(txn, "catalogue imported", "catalogue", &details)?;
        Ok(preview)
    })?;
    if preview.new + preview.updated > 0 {
        catalog.rebuild()?;
    }
    Ok(preview)
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
    fn json_rows_know_their_lines_whatever_the_layout() {
        // Products over several lines, strings holding braces, brackets, quotes and newlines,
        // other keys before and after the list, and a byte-order mark.
        let text = "\u{feff}".to_string()
            + r#"{"note": {"a": [1, "]}\"{"]},
 "products": [
  {
    "code": "SF-1",
    "name": {"en": "Sofa {\"big\"} [x]"},
    "price": 100
  },

  {"code": "SF-2", "name": {"en": "Line\nbreak"}, "price": 200}, {"code": "SF-3", "name": {"en": "C"}, "price": 3}
],
"after": [true]}
"#;
        let rows = parse(&text, false).unwrap();
        assert_eq!(rows.iter().map(|r| r.line).collect::<Vec<_>>(), [3, 9, 9]);
        assert_eq!(rows[0].product.name.en, "Sofa {\"big\"} [x]");
        // The escaped newline was read as one (a name is then stored on one line).
        assert_eq!(rows[1].product.name.en, "Line break");

        // A bare list: a product of the wrong shape is reported by line, the others are read.
        let text = r#"[
{"code": "A", "name": {"en": "A"}, "price": 1},
{"code": 5},
  {"code": "C", "name": {"en": "C"}, "price": "x"}
]"#;
        let problems = parse(text, false).unwrap_err();
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(problems[0].starts_with("line 3: "), "{problems:?}");
        assert!(problems[1].starts_with("line 4: "), "{problems:?}");

        // A broken outline says where it breaks.
        let problems = parse("{\"products\": [\n{\"code\": \"A\"}\n}", false).unwrap_err();
        assert!(
            problems
                .iter()
                .any(|p| p.starts_with("line 3: not a catalogue file")),
            "{problems:?}"
        );
        let problems = parse("{\"items\": []}", false).unwrap_err();
        assert!(problems[0].contains("no \"products\" list"), "{problems:?}");
        assert!(parse("[] x", false).is_err());
        assert_eq!(parse("[]", false).unwrap().len(), 0);
    }

    #[test]
    fn a_long_json_file_numbers_every_row_in_one_pass() {
        let count = 30_000;
        let mut text = String::from("{\"products\": [\n");
        for i in 0..count {
            let comma = if i + 1 < count { "," } else { "" };
            text.push_str(&format!(
                "{{\"code\": \"P-{i}\", \"name\": {{\"en\": \"P {i}\"}}, \"price\": 1}}{comma}\n"
            ));
        }
        text.push_str("]}");
        let rows = parse(&text, false).unwrap();
        assert_eq!(rows.len(), count);
        assert!(rows.iter().enumerate().all(|(i, r)| r.line == i + 2));
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

    #[test]
    fn formula_like_text_is_marked_in_the_export_and_reads_back_unchanged() {
        let hostile = [
            "=HYPERLINK(\"https://evil.example\",\"x\")",
            "+cmd|' /C calc'!A0",
            "@SUM(1)",
            "-2+3",
            "'=already marked by hand",
        ];
        let product = |code: &str, name: &str| -> Product {
            serde_json::from_value(serde_json::json!({
                "code": code, "name": {"en": name, "th": name}, "price": 100,
                "description": {"en": name}, "material": name, "colour": name,
                "images": [format!("{}.png", name.replace('|', ""))], "createdAt": name
            }))
            .unwrap()
        };
        let products: Vec<Product> = hostile
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let mut product = product(&format!("SF-{i}"), name);
                product.settle_variants();
                product
            })
            .collect();
        let csv = to_csv(&products).unwrap();
        let mut reader = csv::Reader::from_reader(csv.as_bytes());
        for record in reader.records() {
            for cell in record.unwrap().iter() {
                assert!(
                    !cell.starts_with(['=', '+', '-', '@', '\t', '\r']),
                    "{cell:?} would run in a spreadsheet:\n{csv}"
                );
            }
        }
        let back: Vec<Product> = parse(&csv, true)
            .unwrap()
            .into_iter()
            .map(|r| r.product)
            .collect();
        assert_eq!(back, products);
    }
}
