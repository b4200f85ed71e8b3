//! Importing a catalogue file: every row checked against the shop's rooms, categories and
//! stored products, a preview of what each row would change, and the import itself, all or
//! nothing in one transaction, after which the new catalogue snapshot is in force (`writer`).
//! Reading and writing the files themselves is `import_file` (and, for Shopify's and
//! WooCommerce's exports, `import_shopify` and `import_woo`), re-exported here.

use std::collections::{HashMap, HashSet};
use std::io::Read;

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::edit;
use super::import_foreign::{Source, slug};
use super::model::{Category, Product};
use super::store::{CATEGORY_KEY_TO_CATEGORY, PRODUCT_CODE_TO_PRODUCT};
use super::taxonomy::is_key;
use super::writer::CatalogWriter;
use crate::activity::Actor;
use crate::content::model::Localized;
use crate::store::{Store, StoreError, Txn};

pub use super::import_file::{
    CSV_COLUMNS, FileInfo, ImportRow, ReadRow, VARIANT_COLUMNS, csv_header, parse, read_rows,
    to_csv,
};

/// How an import treats what the file names that the shop lacks.
#[derive(Debug, Clone, Copy, Default)]
pub struct ImportOptions {
    /// Create the categories a Shopify or WooCommerce file names by a title no category has
    /// (`createCategories: true`, `--create-categories`); otherwise each is a problem.
    pub create_categories: bool,
}

/// Checks every row against the shop's rooms and categories and for duplicate codes.
pub fn validate(
    rows: &[ImportRow],
    rooms: &HashSet<String>,
    categories: &HashSet<String>,
) -> Vec<String> {
    let mut seen = HashMap::new();
    let mut problems = Vec::new();
    for row in rows {
        problems.extend(row_problems(row, rooms, categories, &mut seen));
    }
    if rows.is_empty() {
        problems.push(NO_PRODUCTS.into());
    }
    problems
}

const NO_PRODUCTS: &str = "the file holds no products";

/// Which product (and line) holds each code met so far: product codes and variant codes.
type Seen = HashMap<String, (usize, String)>;

/// The problems of one row; `seen` holds the line and product of every code met so far.
fn row_problems(
    row: &ImportRow,
    rooms: &HashSet<String>,
    categories: &HashSet<String>,
    seen: &mut Seen,
) -> Vec<String> {
    let (line, product) = (row.line, &row.product);
    let code = &product.code;
    let mut problems: Vec<String> = product
        .problems(rooms, categories)
        .into_iter()
        .map(|problem| format!("line {line} ({code}): {problem}"))
        .collect();
    match seen.get(code.as_str()) {
        Some((first, _)) => problems.push(format!(
            "line {line} ({code}): the same code is already on line {first}"
        )),
        None => {
            seen.insert(code.clone(), (line, code.clone()));
        }
    }
    // Variant codes: unique across every product and variant of the file.
    let lines = row
        .source
        .as_ref()
        .map(|s| s.variant_lines.as_slice())
        .unwrap_or(&[]);
    for (i, variant) in variant_codes(product).into_iter().enumerate() {
        let at = lines.get(i).copied().unwrap_or(line);
        match seen.get(variant.as_str()) {
            Some((_, owner)) if owner == code => {
                if variant != *code {
                    problems.push(format!(
                        "line {at} ({code}): variant code {variant:?} is on another variant of this product"
                    ));
                }
            }
            Some((first, owner)) => problems.push(format!(
                "line {at} ({code}): variant code {variant:?} is already on line {first} ({owner})"
            )),
            None => {
                seen.insert(variant, (at, code.clone()));
            }
        }
    }
    problems
}

/// The codes of a product's variants.
fn variant_codes(product: &Product) -> Vec<String> {
    product.variants.iter().map(|v| v.code.clone()).collect()
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
    /// Image URLs a Shopify or WooCommerce file names for this product: the shop fetches
    /// nothing from the internet, so the owner uploads them (docs/IMPORT.md).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(optional, as = "Option<Vec<String>>")]
    pub image_urls: Vec<String>,
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
    /// What the file was read as: `shop` (the shop's own JSON or CSV), `shopify` or
    /// `woocommerce`.
    #[serde(default)]
    pub format: String,
    /// Categories the import creates (or would create), as `key: Title > Title`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(optional, as = "Option<Vec<String>>")]
    pub created_categories: Vec<String>,
    /// Rows left out on purpose, by line (WooCommerce grouped and external products).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(optional, as = "Option<Vec<String>>")]
    pub notes: Vec<String>,
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
    differs("options", before.options == after.options);
    if before.options.is_empty() && after.options.is_empty() {
        // The one variant of a product without options follows the product's price,
        // compare-at price and stock (reported above); only its own fields count here.
        let own = |p: &Product| {
            p.variants
                .iter()
                .map(|v| {
                    (
                        v.code.clone(),
                        v.active,
                        v.weight,
                        v.dimensions,
                        v.images.clone(),
                    )
                })
                .collect::<Vec<_>>()
        };
        differs("variants", own(before) == own(after));
    } else {
        differs("variants", before.variants == after.variants);
    }
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

/// A Shopify or WooCommerce file knows one language and none of the shop's rooms, photos,
/// code-table keys or translations: re-importing one over a stored product keeps those
/// (docs/IMPORT.md). Option and value translations, keys and swatches are kept for names and
/// values whose English text is unchanged; a variant keeps its photos and sizes by its code.
fn keep_shop_only(row: &mut Product, stored: &Product) {
    let keep = |row: &mut Localized, stored: &Localized| {
        row.th = stored.th.clone();
        row.my = stored.my.clone();
        row.km = stored.km.clone();
        row.id = stored.id.clone();
    };
    keep(&mut row.name, &stored.name);
    keep(&mut row.description, &stored.description);
    row.images = stored.images.clone();
    row.rooms = stored.rooms.clone();
    row.material = stored.material.clone();
    row.colour = stored.colour.clone();
    row.popularity = stored.popularity;
    if row.dimensions == Default::default() {
        row.dimensions = stored.dimensions;
    }
    for option in &mut row.options {
        let Some(old) = stored.options.iter().find(|o| o.name.en == option.name.en) else {
            continue;
        };
        keep(&mut option.name, &old.name);
        option.kind = old.kind;
        for value in &mut option.values {
            if let Some(was) = old.values.iter().find(|v| v.text.en == value.text.en) {
                keep(&mut value.text, &was.text);
                value.key = was.key.clone();
                value.swatch = was.swatch.clone();
            }
        }
    }
    for variant in &mut row.variants {
        if let Some(was) = stored.variants.iter().find(|v| v.code == variant.code) {
            variant.images = was.images.clone();
            if variant.dimensions.is_none() {
                variant.dimensions = was.dimensions;
            }
            if variant.weight.is_none() {
                variant.weight = was.weight;
            }
        }
    }
}

/// The shop's categories, found by title in any language, and those the import adds.
struct Categories {
    all: Vec<Category>,
    /// Categories added by this import (to write, and to report).
    created: Vec<Category>,
    /// How many of `created` are written already.
    written: usize,
}

/// Titles compared as people read them: case and surrounding spaces aside.
fn fold(title: &str) -> String {
    title.trim().to_lowercase()
}

impl Categories {
    fn load(txn: &impl Txn) -> Result<Categories, StoreError> {
        let mut all = Vec::new();
        CATEGORY_KEY_TO_CATEGORY
            .read(txn)?
            .try_for_each(|_, category| {
                all.push(category);
                Ok::<(), StoreError>(())
            })?;
        Ok(Categories {
            all,
            created: Vec::new(),
            written: 0,
        })
    }

    fn titled(category: &Category, title: &str) -> bool {
        let t = &category.title;
        let title = fold(title);
        [&t.en, &t.th, &t.my, &t.km, &t.id]
            .iter()
            .any(|text| !text.is_empty() && fold(text) == title)
    }

    fn parent_of(&self, category: &Category) -> Option<&Category> {
        let parent = category.parent.as_deref()?;
        self.all.iter().find(|c| c.key == parent)
    }

    /// How many of the path's titles above the leaf match the category's parents.
    fn ancestry_score(&self, category: &Category, path: &[String]) -> usize {
        let mut score = 0;
        let mut at = self.parent_of(category);
        for title in path.iter().rev().skip(1) {
            match at {
                Some(parent) if Categories::titled(parent, title) => {
                    score += 1;
                    at = self.parent_of(parent);
                }
                _ => break,
            }
        }
        score
    }

    /// The keys a product in the category `path` names (the leaf first, then its parents):
    /// the leaf matched by title, or the path created when `create`.
    fn resolve(&mut self, path: &[String], create: bool) -> Result<Vec<String>, String> {
        let leaf_title = path.last().map(String::as_str).unwrap_or("");
        let best = self
            .all
            .iter()
            .filter(|c| Categories::titled(c, leaf_title))
            .max_by_key(|c| {
                (
                    self.ancestry_score(c, path),
                    std::cmp::Reverse(c.key.clone()),
                )
            })
            .map(|c| c.key.clone());
        let leaf = match best {
            Some(key) => key,
            None if create => self.create(path),
            None => {
                return Err(format!(
                    "categories: no category is titled {:?} (create it first, or import with createCategories)",
                    path.join(" > ")
                ));
            }
        };
        let mut keys = vec![leaf.clone()];
        let mut at = self.all.iter().find(|c| c.key == leaf);
        while let Some(parent) = at.and_then(|c| self.parent_of(c)) {
            if keys.contains(&parent.key) || keys.len() > 8 {
                break;
            }
            keys.push(parent.key.clone());
            at = Some(parent);
        }
        Ok(keys)
    }

    /// Creates what of `path` is missing under the categories that exist, and gives the
    /// leaf's key.
    fn create(&mut self, path: &[String]) -> String {
        let mut parent: Option<String> = None;
        for title in path {
            let found = self
                .all
                .iter()
                .find(|c| c.parent == parent && Categories::titled(c, title))
                .map(|c| c.key.clone());
            let key = match found {
                Some(key) => key,
                None => {
                    let key = self.free_key(title);
                    let order = self
                        .all
                        .iter()
                        .filter(|c| c.parent == parent)
                        .map(|c| c.order + 1)
                        .max()
                        .unwrap_or(0);
                    let category = Category {
                        key: key.clone(),
                        title: Localized {
                            en: crate::domain::text::single_line(title),
                            ..Localized::default()
                        },
                        page_name: None,
                        parent: parent.clone(),
                        order,
                    };
                    self.all.push(category.clone());
                    self.created.push(category);
                    key
                }
            };
            parent = Some(key);
        }
        parent.unwrap_or_default()
    }

    /// A category key from a title: its slug, or `category`, made unique.
    fn free_key(&self, title: &str) -> String {
        let mut base = slug(title);
        base.truncate(36);
        let base = base.trim_end_matches('-').to_string();
        let base = if base.is_empty() || !is_key(&base) {
            "category".to_string()
        } else {
            base
        };
        let taken = |key: &str| self.all.iter().any(|c| c.key == key);
        if !taken(&base) {
            return base;
        }
        (2..)
            .map(|n| format!("{base}-{n}"))
            .find(|key| !taken(key))
            .expect("a free key")
    }

    /// `key: Title > Title` of a created category.
    fn describe(&self, category: &Category) -> String {
        let mut titles = vec![category.title.en.clone()];
        let mut at = self.parent_of(category);
        while let Some(parent) = at {
            if titles.len() > 8 {
                break;
            }
            titles.push(parent.title.en.clone());
            at = self.parent_of(parent);
        }
        titles.reverse();
        format!("{}: {}", category.key, titles.join(" > "))
    }
}

/// Goes through rows one at a time against what a transaction holds: gathers every problem
/// and what each row would change, and gives each valid row back as it would be stored.
struct Check {
    rooms: HashSet<String>,
    categories: HashSet<String>,
    titles: Categories,
    options: ImportOptions,
    /// The line and product of every code met so far, for duplicates.
    seen: Seen,
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

/// Today as `createdAt` writes it, for products a Shopify or WooCommerce file brings.
fn today() -> String {
    let date = time::OffsetDateTime::now_utc().date();
    format!(
        "{:04}-{:02}-{:02}",
        date.year(),
        u8::from(date.month()),
        date.day()
    )
}

impl Check {
    fn new(txn: &impl Txn, keep_rows: bool, options: ImportOptions) -> Result<Check, StoreError> {
        let (rooms, categories) = edit::known_keys(txn)?;
        Ok(Check {
            rooms,
            categories,
            titles: Categories::load(txn)?,
            options,
            seen: HashMap::new(),
            preview: ImportPreview::default(),
            keep_rows,
            changed: Vec::new(),
            rows: 0,
        })
    }

    /// Checks one row. `Some` is the product to store (stored fields the file leaves out
    /// kept, next version set) and the product as stored before, when the row is new or
    /// changes something.
    fn row(
        &mut self,
        txn: &impl Txn,
        row: ReadRow,
    ) -> Result<Option<(Product, Option<Product>)>, StoreError> {
        let mut row = match row {
            Ok(row) => row,
            Err(problem) => {
                self.preview.problems.push(problem);
                return Ok(None);
            }
        };
        self.rows += 1;
        let line = row.line;
        let source = row.source.take().map(|s| *s).unwrap_or_default();
        let foreign = source.foreign;
        let mut problems = Vec::new();
        if foreign {
            let mut keys: Vec<String> = Vec::new();
            for path in &source.categories {
                match self.titles.resolve(path, self.options.create_categories) {
                    Ok(found) => {
                        for key in found {
                            if !keys.contains(&key) {
                                keys.push(key);
                            }
                        }
                    }
                    Err(problem) => {
                        problems.push(format!("line {line} ({}): {problem}", row.product.code));
                    }
                }
            }
            for category in &self.titles.created {
                self.categories.insert(category.key.clone());
            }
            row.product.categories = keys;
        }
        // Products without variants (files older than variants) get their one variant here.
        row.product.settle_variants();
        row.source = Some(Box::new(Source {
            variant_lines: source.variant_lines.clone(),
            ..Source::default()
        }));
        problems.extend(row_problems(
            &row,
            &self.rooms,
            &self.categories,
            &mut self.seen,
        ));
        let mut product = row.product;
        for (field, message) in super::variants::taken_codes(txn, &product)? {
            // `variants[N].code`: reported on that variant's line.
            let at = field
                .strip_prefix("variants[")
                .and_then(|rest| rest.split(']').next())
                .and_then(|n| n.parse::<usize>().ok())
                .and_then(|i| source.variant_lines.get(i).copied())
                .unwrap_or(line);
            problems.push(format!("line {at} ({}): {field}: {message}", product.code));
        }
        let valid = problems.is_empty();
        self.preview.problems.extend(problems);
        let stored = edit::find_in(txn, &product.code)?.map(|mut stored| {
            // Compared as it would be saved now.
            stored.settle_variants();
            stored
        });
        let (change, fields, details) = match &stored {
            None => {
                self.preview.new += 1;
                product.version = 1;
                if foreign && product.created_at.is_empty() {
                    product.created_at = today();
                }
                (RowChange::New, Vec::new(), String::new())
            }
            Some(stored) => {
                if foreign {
                    keep_shop_only(&mut product, stored);
                }
                keep_unsent(&mut product, stored);
                product.settle_variants();
                let fields = changed_fields(stored, &product);
                if fields.is_empty() {
                    self.preview.unchanged += 1;
                    (RowChange::Unchanged, fields, String::new())
                } else {
                    self.preview.updated += 1;
                    product.version = stored.version + 1;
                    let details = if self.keep_rows {
                        edit::summary(stored, &product)
                    } else {
                        String::new()
                    };
                    (RowChange::Changed, fields, details)
                }
            }
        };
        product.settle_variants();
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
                image_urls: source.image_urls,
            });
        }
        Ok((valid && changes).then_some((product, stored)))
    }

    fn finish(mut self) -> (ImportPreview, Vec<String>, Categories) {
        if self.rows == 0 && self.preview.problems.is_empty() {
            self.preview.problems.push(NO_PRODUCTS.into());
        }
        self.preview.created_categories = self
            .titles
            .created
            .iter()
            .map(|c| self.titles.describe(c))
            .collect();
        (self.preview, self.changed, self.titles)
    }
}

/// Checks rows against what is stored (inside `txn`) and says what each would change.
pub fn preview_in(txn: &impl Txn, rows: &[ImportRow]) -> Result<ImportPreview, StoreError> {
    let mut check = Check::new(txn, true, ImportOptions::default())?;
    for row in rows {
        check.row(txn, Ok(row.clone()))?;
    }
    Ok(check.finish().0)
}

/// Reads a file and previews it: every problem (rows that cannot be read and rows that are
/// invalid, by line) and every row's change.
pub fn preview_text(
    store: &Store,
    text: &str,
    is_csv: bool,
    options: ImportOptions,
) -> Result<ImportPreview, StoreError> {
    preview_file(store, text.as_bytes(), is_csv, options)
}

/// As [`preview_text`], reading the file as it goes.
pub fn preview_file(
    store: &Store,
    file: impl Read,
    is_csv: bool,
    options: ImportOptions,
) -> Result<ImportPreview, StoreError> {
    store.read(|txn| {
        let mut check = Check::new(txn, true, options)?;
        let mut info = FileInfo::default();
        read_rows(file, is_csv, &mut info, &mut |row| {
            check.row(txn, row).map(drop)
        })?;
        check.preview.format = info.format.to_string();
        let (mut preview, _, _) = check.finish();
        preview.notes = info.notes;
        Ok(preview)
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
    apply_rows(
        catalog,
        actor,
        true,
        ImportOptions::default(),
        &mut |_, each| {
            for row in rows {
                each(Ok(row.clone()))?;
            }
            Ok(())
        },
    )
}

/// Imports a catalogue file as [`apply`] does, reading it as it goes: the shop's own files are
/// not held in memory, and the answer has counts and problems but no row list unless
/// `keep_rows`.
pub fn apply_file(
    catalog: &CatalogWriter,
    actor: Actor,
    file: impl Read,
    is_csv: bool,
    keep_rows: bool,
    options: ImportOptions,
) -> Result<ImportPreview, ImportError> {
    let mut file = Some(file);
    apply_rows(
        catalog,
        actor,
        keep_rows,
        options,
        &mut |info, each| match file.take() {
            Some(file) => read_rows(file, is_csv, info, each),
            None => Ok(()),
        },
    )
}

/// Rows handed one at a time to the callback it is given.
type RowSource<'a> = dyn FnMut(
        &mut FileInfo,
        &mut dyn FnMut(ReadRow) -> Result<(), StoreError>,
    ) -> Result<(), StoreError>
    + 'a;

/// One write transaction: each row is checked and, while no problem has turned up, written at
/// once; any problem abandons the transaction, so nothing is written. An import that changed
/// products rebuilds the catalogue snapshot; one that changed nothing leaves it as it is
/// (rebuilding takes seconds with 100 000 products).
fn apply_rows(
    catalog: &CatalogWriter,
    actor: Actor,
    keep_rows: bool,
    options: ImportOptions,
    rows: &mut RowSource,
) -> Result<ImportPreview, ImportError> {
    let preview = catalog.store().write(|txn| {
        let mut check = Check::new(txn, keep_rows, options)?;
        let mut info = FileInfo::default();
        rows(&mut info, &mut |row| {
            let Some((product, stored)) = check.row(txn, row)? else {
                return Ok(());
            };
            if !check.preview.problems.is_empty() {
                return Ok(());
            }
            write_categories(txn, &mut check.titles)?;
            PRODUCT_CODE_TO_PRODUCT
                .write(txn)?
                .put(product.code.as_str(), &product)?;
            super::variants::write_index(txn, stored.as_ref(), &product)?;
            for variant in &product.variants {
                edit::set_level_in(
                    txn,
                    actor,
                    &variant.code,
                    u64::from(variant.stock),
                    "import",
                )?;
            }
            Ok(())
        })?;
        check.preview.format = info.format.to_string();
        let (mut preview, changed, titles) = check.finish();
        preview.notes = info.notes;
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
        if !titles.created.is_empty() {
            details.push_str(&format!(
                "; categories created: {}",
                preview.created_categories.join(", ")
            ));
        }
        actor.log(txn, "catalogue imported", "catalogue", &details)?;
        Ok(preview)
    })?;
    if preview.new + preview.updated > 0 {
        catalog.rebuild()?;
    }
    Ok(preview)
}

/// Writes the categories the import has created since the last call.
fn write_categories(
    txn: &redb::WriteTransaction,
    titles: &mut Categories,
) -> Result<(), StoreError> {
    if titles.written == titles.created.len() {
        return Ok(());
    }
    let mut table = CATEGORY_KEY_TO_CATEGORY.write(txn)?;
    for category in &titles.created[titles.written..] {
        table.put(category.key.as_str(), category)?;
    }
    titles.written = titles.created.len();
    Ok(())
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
        // As stored: with the one variant of a product without options.
        let products: Vec<Product> = parse(text, false)
            .unwrap()
            .into_iter()
            .map(|r| {
                let mut product = r.product;
                product.settle_variants();
                product
            })
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
