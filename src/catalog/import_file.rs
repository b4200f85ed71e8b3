//! Catalogue files for `kiosk catalog import|export` and the staff CSV upload: JSON
//! (`{"products": [...]}` or a bare list) and CSV (one product per row, lists separated by
//! `|`), read and written. Parsing keeps each product's line number so that every problem in
//! a file can be reported at once, by line; what an import does with the rows is `import`.
//!
//! Files are read as they go (a row at a time, lines counted in the same forward pass), so a
//! catalogue of 100 000 products is imported without holding the file or all its rows.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read};

use serde::{Deserialize, Serialize};

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
}

/// One row of a file as read: the product, or why it cannot be read (`line N: …`).
pub type ReadRow = Result<ImportRow, String>;

/// Reads a catalogue file; `Err` lists every row that cannot even be read.
pub fn parse(text: &str, is_csv: bool) -> Result<Vec<ImportRow>, Vec<String>> {
    let mut rows = Vec::new();
    let mut problems = Vec::new();
    let read = read_rows(text.as_bytes(), is_csv, &mut |row| {
        match row {
            Ok(row) => rows.push(row),
            Err(problem) => problems.push(problem),
        }
        Ok(())
    });
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
    each: &mut dyn FnMut(ReadRow) -> Result<(), StoreError>,
) -> Result<(), StoreError> {
    let mut reader = BufReader::with_capacity(256 * 1024, reader);
    // Spreadsheet programs (and the staff export) start UTF-8 files with a byte-order mark.
    match reader.fill_buf() {
        Ok(start) if start.starts_with("\u{feff}".as_bytes()) => reader.consume(3),
        Ok(_) => {}
        Err(err) => return each(Err(format!("line 1: cannot read the file: {err}"))),
    }
    // Imported text is stored by the same rule as a staff save: cleaned before any check.
    let each = &mut |row: ReadRow| {
        each(row.map(|mut row| {
            row.product.clean_text();
            row
        }))
    };
    if is_csv {
        read_csv(reader, each)
    } else {
        read_json(reader, each)
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
                Ok(product) => Ok(ImportRow { line, product }),
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

fn read_csv(
    reader: impl Read,
    each: &mut dyn FnMut(ReadRow) -> Result<(), StoreError>,
) -> Result<(), StoreError> {
    let mut reader = csv::ReaderBuilder::new()
        .flexible(false)
        .from_reader(reader);
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
        // The export marks cells a spreadsheet would run (`'=…`); reading takes the mark off,
        // so an exported file imports as the products it came from.
        let get = |name: &str| {
            let cell = column
                .get(name)
                .and_then(|&i| record.get(i))
                .unwrap_or("")
                .trim();
            spreadsheet::restore(cell).to_string()
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
            }
            .into(),
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
            options: Vec::new(),
            variants: Vec::new(),
        };
        if row_problems.is_empty() {
            each(Ok(ImportRow { line, product }))?;
        } else {
            for problem in row_problems {
                each(Err(problem))?;
            }
        }
    }
    Ok(())
}

/// Writes products as CSV (columns as [`CSV_COLUMNS`]); a cell a spreadsheet would read as a
/// formula is marked as text, and [`read_csv`] takes the mark off again.
pub fn to_csv(products: &[Product]) -> Result<String, String> {
    let mut writer = CsvSheet::new();
    writer.row(CSV_COLUMNS).map_err(|e| e.to_string())?;
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
        writer.row(&record).map_err(|e| e.to_string())?;
    }
    writer.into_text().map_err(|e| e.to_string())
}
