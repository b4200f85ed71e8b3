//! Catalogue files for `kiosk catalog import|export` and the staff CSV upload: JSON
//! (`{"products": [...]}` or a bare list) and CSV — the shop's own (one row per variant, the
//! product's columns on its first row, lists separated by `|`), or Shopify's and
//! WooCommerce's product exports, recognised by their header rows (`import_shopify`,
//! `import_woo`; docs/IMPORT.md). Parsing keeps each product's line number so that every
//! problem in a file can be reported at once, by line; what an import does with the rows is
//! `import`.
//!
//! The shop's own files are read as they go (a row at a time, lines counted in the same
//! forward pass), so a catalogue of 100 000 products is imported without holding the file or
//! all its rows; Shopify and WooCommerce files are read whole (their rows of one product need
//! not be next to each other).

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read};

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::import_foreign::{CsvFormat, Source, derived_code, option_kind, slug};
use super::model::{Dimensions, Product};
use crate::content::model::Localized;
use crate::domain::Satang;
use crate::domain::spreadsheet::{self, CsvSheet};
use crate::store::StoreError;

/// A product and the line of the file it starts on.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ImportRow {
    pub line: usize,
    pub product: Product,
    /// What the file said beside the product: category titles to match, image URLs to upload,
    /// the line of each variant. `None` for JSON files.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<Box<Source>>,
}

/// One row of a file as read: the product, or why it cannot be read (`line N: …`).
pub type ReadRow = Result<ImportRow, String>;

/// What reading a file found out besides its rows.
#[derive(Debug, Clone, Default)]
pub struct FileInfo {
    /// `shop`, `shopify` or `woocommerce` (JSON files: `shop`).
    pub format: &'static str,
    /// Rows left out on purpose (WooCommerce grouped and external products).
    pub notes: Vec<String>,
}

/// Reads a catalogue file; `Err` lists every row that cannot even be read.
pub fn parse(text: &str, is_csv: bool) -> Result<Vec<ImportRow>, Vec<String>> {
    let mut rows = Vec::new();
    let mut problems = Vec::new();
    let read = read_rows(
        text.as_bytes(),
        is_csv,
        &mut FileInfo::default(),
        &mut |row| {
            match row {
                Ok(row) => rows.push(row),
                Err(problem) => problems.push(problem),
            }
            Ok(())
        },
    );
    if let Err(err) = read {
        problems.push(err.to_string());
    }
    if problems.is_empty() {
        Ok(rows)
    } else {
        Err(problems)
    }
}

/// Reads a catalogue file row by row, handing each row (or the problem reading it) to `each`
/// in file order. A file whose outline breaks stops there (the break is the last problem
/// handed on); an error from `each` stops reading at once and is returned.
pub fn read_rows(
    reader: impl Read,
    is_csv: bool,
    info: &mut FileInfo,
    each: &mut dyn FnMut(ReadRow) -> Result<(), StoreError>,
) -> Result<(), StoreError> {
    let mut reader = BufReader::with_capacity(256 * 1024, reader);
    // Spreadsheet programs (and the staff export) start UTF-8 files with a byte-order mark.
    let format = match reader.fill_buf() {
        Ok(start) => {
            let format = if is_csv {
                CsvFormat::of_text(start)
            } else {
                CsvFormat::Shop
            };
            if start.starts_with("\u{feff}".as_bytes()) {
                reader.consume(3);
            }
            format
        }
        Err(err) => return each(Err(format!("line 1: cannot read the file: {err}"))),
    };
    info.format = format.name();
    // Imported text is stored by the same rule as a staff save: cleaned before any check.
    let each = &mut |row: ReadRow| {
        each(row.map(|mut row| {
            row.product.clean_text();
            row
        }))
    };
    match format {
        CsvFormat::Shopify => {
            for row in super::import_shopify::read(reader) {
                each(row)?;
            }
            Ok(())
        }
        CsvFormat::WooCommerce => {
            for row in super::import_woo::read(reader, &mut info.notes) {
                each(row)?;
            }
            Ok(())
        }
        CsvFormat::Shop if is_csv => read_csv(reader, each),
        CsvFormat::Shop => read_json(reader, each),
    }
}

fn read_json(
    reader: impl BufRead,
    each: &mut dyn FnMut(ReadRow) -> Result<(), StoreError>,
) -> Result<(), StoreError> {
    let mut split = Splitter {
        reader,
        line: 1,
        product: Vec::new(),
    };
    match split.file(each) {
        Ok(()) => Ok(()),
        Err(Stop::Consumer(err)) => Err(err),
        Err(Stop::Syntax(message)) => each(Err(format!(
            "line {}: not a catalogue file: {message}",
            split.line
        ))),
        Err(Stop::Io(err)) => each(Err(format!(
            "line {}: cannot read the file: {err}",
            split.line
        ))),
    }
}

/// Why reading a JSON file stopped early.
enum Stop {
    /// The file's outline is not JSON of a catalogue's shape.
    Syntax(String),
    Io(std::io::Error),
    /// The consumer of rows failed (a database error); reading stops at once.
    Consumer(StoreError),
}

impl From<std::io::Error> for Stop {
    fn from(err: std::io::Error) -> Stop {
        Stop::Io(err)
    }
}

/// Cuts a JSON catalogue into its products without holding the file: reads it in blocks,
/// follows strings and nesting to find where each product starts and ends, and counts
/// newlines on the way, so each product knows its line in one forward pass. Each product's
/// bytes are then parsed on their own (by serde_json, which reports what is wrong inside).
struct Splitter<R> {
    reader: R,
    /// The line of the next unread byte.
    line: usize,
    /// The bytes of the product being read (reused from one product to the next).
    product: Vec<u8>,
}

impl<R: BufRead> Splitter<R> {
    /// `{"products": [...]}` (other keys skipped) or a bare list of products.
    fn file(
        &mut self,
        each: &mut dyn FnMut(ReadRow) -> Result<(), StoreError>,
    ) -> Result<(), Stop> {
        let syntax = |message: &str| Err(Stop::Syntax(message.to_string()));
        match self.peek()? {
            Some(b'[') => self.products(each)?,
            Some(b'{') => {
                self.take();
                let mut found = false;
                loop {
                    match self.peek()? {
                        Some(b'}') if !found => return syntax("it has no \"products\" list"),
                        Some(b'}') => {
                            self.take();
                            break;
                        }
                        Some(b'"') => {}
                        _ => return syntax("expected a key in quotes"),
                    }
                    let mut key = Vec::new();
                    self.value(&mut key)?;
                    let key: String = serde_json::from_slice(&key)
                        .map_err(|e| Stop::Syntax(format!("a key: {e}")))?;
                    if self.peek()? != Some(b':') {
                        return syntax("expected `:` after a key");
                    }
                    self.take();
                    if key == "products" && !found {
                        found = true;
                        self.products(each)?;
                    } else {
                        self.value(&mut Vec::new())?;
                    }
                    match self.peek()? {
                        Some(b',') => self.take(),
                        Some(b'}') => {}
                        _ => return syntax("expected `,` or `}` after a value"),
                    }
                }
            }
            _ => return syntax("expected {\"products\": [...]} or a list of products"),
        }
        match self.peek()? {
            None => Ok(()),
            Some(_) => syntax("there is more after the catalogue"),
        }
    }

    /// The list of products: each one is cut out and handed on with its line.
    fn products(
        &mut self,
        each: &mut dyn FnMut(ReadRow) -> Result<(), StoreError>,
    ) -> Result<(), Stop> {
        if self.peek()? != Some(b'[') {
            return Err(Stop::Syntax("\"products\" is not a list".into()));
        }
        self.take();
        if self.peek()? == Some(b']') {
            self.take();
            return Ok(());
        }
        loop {
            // After the white space before it, so that the line is the product's first.
            self.peek()?;
            let line = self.line;
            let mut product = std::mem::take(&mut self.product);
            product.clear();
            self.value(&mut product)?;
            let row = match serde_json::from_slice::<Product>(&product) {
                Ok(product) => Ok(ImportRow {
                    line,
                    product,
                    source: None,
                }),
                Err(e) => Err(format!("line {line}: {e}")),
            };
            self.product = product;
            each(row).map_err(Stop::Consumer)?;
            match self.peek()? {
                Some(b',') => self.take(),
                Some(b']') => {
                    self.take();
                    return Ok(());
                }
                None => return Err(Stop::Syntax("the file ends inside the list".into())),
                Some(_) => return Err(Stop::Syntax("expected `,` or `]` after a product".into())),
            }
        }
    }

    /// The next byte that is not white space, left unread.
    fn peek(&mut self) -> std::io::Result<Option<u8>> {
        loop {
            let buf = self.reader.fill_buf()?;
            let Some(&b) = buf.first() else {
                return Ok(None);
            };
            if !matches!(b, b' ' | b'\t' | b'\r' | b'\n') {
                return Ok(Some(b));
            }
            if b == b'\n' {
                self.line += 1;
            }
            self.reader.consume(1);
        }
    }

    /// Reads the byte [`Self::peek`] saw (never a newline).
    fn take(&mut self) {
        self.reader.consume(1);
    }

    /// Copies one whole value (after white space) into `out`: an object or list up to its
    /// matching close, a string up to its closing quote, or a bare word such as a number.
    fn value(&mut self, out: &mut Vec<u8>) -> Result<(), Stop> {
        let Some(first) = self.peek()? else {
            return Err(Stop::Syntax("the file ends where a value should be".into()));
        };
        if !matches!(first, b'{' | b'[' | b'"') {
            return self.word(out);
        }
        let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
        loop {
            let buf = self.reader.fill_buf()?;
            if buf.is_empty() {
                return Err(Stop::Syntax("the file ends inside a value".into()));
            }
            let mut end = None;
            for (i, &b) in buf.iter().enumerate() {
                if in_string {
                    if escaped {
                        escaped = false;
                    } else if b == b'\\' {
                        escaped = true;
                    } else if b == b'"' {
                        in_string = false;
                        if depth == 0 {
                            end = Some(i + 1);
                            break;
                        }
                    }
                    continue;
                }
                match b {
                    b'"' => in_string = true,
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth = depth.saturating_sub(1);
                        if depth == 0 {
                            end = Some(i + 1);
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let used = end.unwrap_or(buf.len());
            self.line += buf[..used].iter().filter(|&&b| b == b'\n').count();
            out.extend_from_slice(&buf[..used]);
            self.reader.consume(used);
            if end.is_some() {
                return Ok(());
            }
        }
    }

    /// A number, `true`, `false` or `null`: up to the next delimiter.
    fn word(&mut self, out: &mut Vec<u8>) -> Result<(), Stop> {
        loop {
            let buf = self.reader.fill_buf()?;
            let used = buf
                .iter()
                .position(|b| matches!(b, b',' | b']' | b'}' | b':' | b' ' | b'\t' | b'\r' | b'\n'))
                .unwrap_or(buf.len());
            out.extend_from_slice(&buf[..used]);
            let at_end = used < buf.len() || buf.is_empty();
            self.reader.consume(used);
            if at_end {
                return Ok(());
            }
        }
    }
}

/// The product's CSV columns, in export order (on a product's first row).
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

/// The columns of each option N (1 to 3) after the product's: `option1Kind`, `option1Name`
/// (English), `option1Name_th`…, then the row's value `option1Value` (English),
/// `option1Value_th`…, `option1Key`, `option1Swatch`.
const OPTION_PARTS: &[&str] = &[
    "Kind", "Name", "Name_th", "Name_my", "Name_km", "Name_id", "Value", "Value_th", "Value_my",
    "Value_km", "Value_id", "Key", "Swatch",
];

/// The variant's columns, on every row; money in satang, weight in grams, sizes in mm.
pub const VARIANT_COLUMNS: &[&str] = &[
    "variantCode",
    "variantPrice",
    "variantCompareAtPrice",
    "variantStock",
    "variantActive",
    "variantWeight",
    "variantWidth",
    "variantDepth",
    "variantHeight",
    "variantImages",
];

/// Every column of the shop's catalogue CSV, in export order.
pub fn csv_header() -> Vec<String> {
    let mut header: Vec<String> = CSV_COLUMNS.iter().map(|c| c.to_string()).collect();
    for n in 1..=3 {
        header.extend(OPTION_PARTS.iter().map(|part| format!("option{n}{part}")));
    }
    header.extend(VARIANT_COLUMNS.iter().map(|c| c.to_string()));
    header
}

const LANGUAGES: [&str; 5] = ["en", "th", "my", "km", "id"];

/// One row of the shop's CSV, its cells by column name.
struct Cells<'a> {
    column: &'a HashMap<&'a str, usize>,
    record: &'a csv::StringRecord,
}

impl Cells<'_> {
    /// The cell's text (the spreadsheet mark the export adds taken off), trimmed.
    fn get(&self, name: &str) -> String {
        let cell = self
            .column
            .get(name)
            .and_then(|&i| self.record.get(i))
            .unwrap_or("")
            .trim();
        spreadsheet::restore(cell).to_string()
    }

    fn list(&self, name: &str) -> Vec<String> {
        self.get(name)
            .split('|')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect()
    }
}

/// The product being read from the shop's CSV: its first row's product, and its variants
/// from each of its rows.
struct Reading {
    line: usize,
    product: Product,
    problems: Vec<String>,
    options: Vec<Value>,
    variants: Vec<Value>,
    lines: Vec<usize>,
    /// Whether the file has option or variant columns (an older export has neither).
    with_variants: bool,
}

fn read_csv(
    reader: impl Read,
    each: &mut dyn FnMut(ReadRow) -> Result<(), StoreError>,
) -> Result<(), StoreError> {
    // Flexible: rows written by hand in the older layout may stop before the option and
    // variant columns (missing cells read as empty).
    let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(reader);
    let headers: Vec<String> = match reader.headers() {
        Ok(headers) => headers.iter().map(|h| h.trim().to_string()).collect(),
        Err(e) => return each(Err(format!("line 1: {e}"))),
    };
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
        return each(Err(format!("line 1: missing columns {missing:?}")));
    }
    let with_variants = column.contains_key("variantCode") || column.contains_key("option1Name");
    let mut reading: Option<Reading> = None;
    let mut record = csv::StringRecord::new();
    loop {
        match reader.read_record(&mut record) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => {
                let line = e.position().map_or(0, |p| p.line() as usize);
                let stop = e.is_io_error();
                each(Err(format!("line {line}: {e}")))?;
                if stop {
                    break;
                }
                continue;
            }
        }
        let line = record.position().map_or(0, |p| p.line() as usize);
        let cells = Cells {
            column: &column,
            record: &record,
        };
        let code = cells.get("code");
        // A row with the product's code again, or none, is one more variant of it.
        let follows = with_variants
            && reading
                .as_ref()
                .is_some_and(|r| code.is_empty() || code == r.product.code);
        if !follows {
            if let Some(done) = reading.take() {
                done.finish(each)?;
            }
            if with_variants && code.is_empty() {
                each(Err(format!(
                    "line {line}: code: a product's first row names its code"
                )))?;
                continue;
            }
            let (product, problems) = product_cells(&cells, line);
            reading = Some(Reading {
                line,
                product,
                problems,
                options: Vec::new(),
                variants: Vec::new(),
                lines: Vec::new(),
                with_variants,
            });
        }
        let current = reading.as_mut().expect("a product is being read");
        if with_variants {
            current.variant(&cells, line, !follows);
        } else if let Some(done) = reading.take() {
            done.finish(each)?;
        }
    }
    if let Some(done) = reading.take() {
        done.finish(each)?;
    }
    Ok(())
}

/// The product's columns of its first row, and their problems.
fn product_cells(cells: &Cells, line: usize) -> (Product, Vec<String>) {
    let get = |name: &str| cells.get(name);
    let list = |name: &str| cells.list(name);
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
    let localized = |field: &str| Localized {
        en: get(&format!("{field}_en")),
        th: get(&format!("{field}_th")),
        my: get(&format!("{field}_my")),
        km: get(&format!("{field}_km")),
        id: get(&format!("{field}_id")),
    };
    let product = json!({
        "code": get("code"),
        "name": localized("name"),
        "description": localized("description"),
        "price": price,
        "compareAtPrice": (compare >= 0).then_some(compare),
        "images": list("images"),
        "rooms": list("rooms"),
        "categories": list("categories"),
        "dimensions": Dimensions {
            width: to_u32(width),
            depth: to_u32(depth),
            height: to_u32(height),
        },
        "material": get("material"),
        "colour": get("colour"),
        "stock": to_u32(stock),
        "active": active,
        "popularity": to_u32(popularity),
        "createdAt": get("createdAt"),
        "version": 0,
    });
    let product = serde_json::from_value(product).unwrap_or_else(|e| {
        row_problems.push(format!("line {line}: {e}"));
        empty_product()
    });
    (product, row_problems)
}

fn empty_product() -> Product {
    serde_json::from_value(json!({"code": "", "name": {}, "price": 0}))
        .expect("the least product reads")
}

impl Reading {
    /// Adds the variant of one row (`first`: the product's first row, which names the
    /// options).
    fn variant(&mut self, cells: &Cells, line: usize, first: bool) {
        let code = self.product.code.clone();
        let at = |field: &str, message: String| format!("line {line} ({code}): {field}: {message}");
        if first {
            for n in 1..=3 {
                let name = cells.get(&format!("option{n}Name"));
                if name.is_empty() {
                    break;
                }
                let mut texts = serde_json::Map::new();
                for lang in LANGUAGES {
                    let column = if lang == "en" {
                        format!("option{n}Name")
                    } else {
                        format!("option{n}Name_{lang}")
                    };
                    texts.insert(lang.into(), json!(cells.get(&column)));
                }
                let kind = match cells.get(&format!("option{n}Kind")).to_lowercase().as_str() {
                    "" => option_kind(&name).to_string(),
                    kind @ ("colour" | "size" | "material" | "other") => kind.to_string(),
                    other => {
                        self.problems.push(at(
                            &format!("option{n}Kind"),
                            format!("{other:?} must be colour, size, material or other"),
                        ));
                        "other".into()
                    }
                };
                self.options
                    .push(json!({"kind": kind, "name": texts, "values": []}));
            }
        }
        let mut values = Vec::new();
        for (i, option) in self.options.iter_mut().enumerate() {
            let n = i + 1;
            let text = cells.get(&format!("option{n}Value"));
            if text.is_empty() {
                let name = option["name"]["en"].as_str().unwrap_or("").to_string();
                self.problems.push(at(
                    &format!("option{n}Value"),
                    format!("a value of {name:?} is required"),
                ));
                continue;
            }
            let kind = option["kind"].as_str().unwrap_or("other").to_string();
            let list = option["values"].as_array_mut().expect("values is a list");
            let found = list
                .iter()
                .position(|v| v["en"].as_str() == Some(text.as_str()));
            let index = match found {
                Some(index) => index,
                None => {
                    let mut value = serde_json::Map::new();
                    for lang in LANGUAGES {
                        let column = if lang == "en" {
                            format!("option{n}Value")
                        } else {
                            format!("option{n}Value_{lang}")
                        };
                        value.insert(lang.into(), json!(cells.get(&column)));
                    }
                    let key = cells.get(&format!("option{n}Key"));
                    let key = if key.is_empty() {
                        let slugged = slug(&text);
                        if slugged.is_empty() {
                            format!("{kind}-{}", list.len() + 1)
                        } else {
                            slugged
                        }
                    } else {
                        key
                    };
                    value.insert("key".into(), json!(key));
                    let swatch = cells.get(&format!("option{n}Swatch"));
                    if !swatch.is_empty() {
                        value.insert("swatch".into(), json!(swatch));
                    }
                    list.push(Value::Object(value));
                    list.len() - 1
                }
            };
            values.push(index);
        }
        let mut number = |field: &str| -> Option<i64> {
            let value = cells.get(field);
            if value.is_empty() {
                return None;
            }
            match value.parse::<i64>() {
                Ok(n) => Some(n),
                Err(_) => {
                    self.problems
                        .push(at(field, format!("{value:?} is not a whole number")));
                    None
                }
            }
        };
        let price = number("variantPrice");
        let compare = number("variantCompareAtPrice");
        let stock = number("variantStock");
        let weight = number("variantWeight");
        let (width, depth, height) = (
            number("variantWidth"),
            number("variantDepth"),
            number("variantHeight"),
        );
        let active = match cells.get("variantActive").to_lowercase().as_str() {
            "" | "true" | "yes" | "1" => true,
            "false" | "no" | "0" => false,
            other => {
                self.problems.push(at(
                    "variantActive",
                    format!("{other:?} must be true or false"),
                ));
                true
            }
        };
        let to_u32 = |v: i64| u32::try_from(v.max(0)).unwrap_or(u32::MAX);
        let given = cells.get("variantCode");
        let variant_code = if !given.is_empty() {
            given
        } else if self.options.is_empty() {
            code.clone()
        } else {
            let taken: Vec<String> = self
                .variants
                .iter()
                .filter_map(|v| v["code"].as_str().map(str::to_string))
                .collect();
            let texts: Vec<String> = values
                .iter()
                .zip(&self.options)
                .map(|(&v, o)| o["values"][v]["en"].as_str().unwrap_or("").to_string())
                .collect();
            let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
            derived_code(&code, &texts, self.variants.len() + 1, &taken)
        };
        // A product without options: the product's own price, compare-at price and stock lead.
        let lone = self.options.is_empty();
        let mut variant = json!({
            "code": variant_code,
            "values": values,
            "price": if lone { self.product.price.get() } else { price.unwrap_or(self.product.price.get()) },
            "stock": if lone { self.product.stock } else { to_u32(stock.unwrap_or(0)) },
            "active": active,
            "images": cells.list("variantImages"),
        });
        let compare = if lone {
            self.product.compare_at_price.map(Satang::get)
        } else {
            compare
        };
        if let Some(was) = compare {
            variant["compareAtPrice"] = json!(was);
        }
        if let Some(grams) = weight {
            variant["weight"] = json!(to_u32(grams));
        }
        if width.is_some() || depth.is_some() || height.is_some() {
            variant["dimensions"] = json!(Dimensions {
                width: to_u32(width.unwrap_or(0)),
                depth: to_u32(depth.unwrap_or(0)),
                height: to_u32(height.unwrap_or(0)),
            });
        }
        self.variants.push(variant);
        self.lines.push(line);
    }

    /// Hands the product on (with its variants), or its problems.
    fn finish(
        self,
        each: &mut dyn FnMut(ReadRow) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let Reading {
            line,
            product,
            problems,
            options,
            variants,
            lines,
            with_variants,
        } = self;
        if !problems.is_empty() {
            for problem in problems {
                each(Err(problem))?;
            }
            return Ok(());
        }
        if !with_variants {
            return each(Ok(ImportRow {
                line,
                product,
                source: None,
            }));
        }
        let code = product.code.clone();
        let mut document = serde_json::to_value(&product).unwrap_or_default();
        document["options"] = Value::Array(options);
        document["variants"] = Value::Array(variants);
        match serde_json::from_value::<Product>(document) {
            Ok(product) => each(Ok(ImportRow {
                line,
                product,
                source: Some(Box::new(Source {
                    variant_lines: lines,
                    ..Source::default()
                })),
            })),
            Err(e) => each(Err(format!("line {line} ({code}): {e}"))),
        }
    }
}

/// Writes products as the shop's CSV ([`csv_header`]): one row per variant, the product's
/// columns and its options' names on its first row only; a cell a spreadsheet would read as a
/// formula is marked as text, and [`read_csv`] takes the mark off again.
pub fn to_csv(products: &[Product]) -> Result<String, String> {
    let mut writer = CsvSheet::new();
    let header = csv_header();
    writer.row(&header).map_err(|e| e.to_string())?;
    let width = header.len();
    for p in products {
        let document = serde_json::to_value(p).map_err(|e| e.to_string())?;
        let empty = Vec::new();
        let options = document["options"].as_array().unwrap_or(&empty);
        let variants = document["variants"].as_array().unwrap_or(&empty);
        let mut first: Vec<String> = vec![
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
        let text = |v: &Value| match v {
            Value::Null => String::new(),
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        if variants.is_empty() {
            first.resize(width, String::new());
            writer.row(&first).map_err(|e| e.to_string())?;
            continue;
        }
        for (i, variant) in variants.iter().enumerate() {
            let mut row = if i == 0 {
                first.clone()
            } else {
                vec![String::new(); CSV_COLUMNS.len()]
            };
            for n in 0..3 {
                let Some(option) = options.get(n) else {
                    row.extend(std::iter::repeat_n(String::new(), OPTION_PARTS.len()));
                    continue;
                };
                let value = variant["values"][n]
                    .as_u64()
                    .and_then(|at| option["values"].get(at as usize))
                    .cloned()
                    .unwrap_or(Value::Null);
                if i == 0 {
                    row.push(text(&option["kind"]));
                    row.extend(LANGUAGES.iter().map(|l| text(&option["name"][*l])));
                } else {
                    row.extend(std::iter::repeat_n(String::new(), 6));
                }
                row.extend(LANGUAGES.iter().map(|l| text(&value[*l])));
                row.push(text(&value["key"]));
                row.push(text(&value["swatch"]));
            }
            let dimensions = &variant["dimensions"];
            row.extend([
                text(&variant["code"]),
                text(&variant["price"]),
                text(&variant["compareAtPrice"]),
                text(&variant["stock"]),
                text(&variant["active"]),
                text(&variant["weight"]),
                text(&dimensions["width"]),
                text(&dimensions["depth"]),
                text(&dimensions["height"]),
                variant["images"]
                    .as_array()
                    .map(|list| list.iter().map(text).collect::<Vec<_>>().join("|"))
                    .unwrap_or_default(),
            ]);
            writer.row(&row).map_err(|e| e.to_string())?;
        }
    }
    writer.into_text().map_err(|e| e.to_string())
}
