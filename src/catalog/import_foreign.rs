//! What the Shopify and WooCommerce readers (`import_shopify`, `import_woo`) share: the product
//! as another shop system describes it ([`Foreign`]), turned into the shop's own product with
//! options and variants (docs/VARIANTS.md §1, docs/IMPORT.md), and the small rules both need —
//! baht amounts to satang without floating point, option kinds by name, value keys, variant
//! codes derived when a file has no SKU.
//!
//! Categories and images cannot be settled from the file alone: category titles are matched
//! (or created) against the shop's categories where the import runs (`import`), and image URLs
//! are only listed for the owner to upload (the shop fetches nothing from the internet).

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::import_file::{ImportRow, ReadRow};
use super::model::{Dimensions, Product, is_product_code};
use crate::domain::Satang;

/// Which kind of file a CSV header row announces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CsvFormat {
    /// The shop's own catalogue CSV (`code, name_en, …`).
    Shop,
    Shopify,
    WooCommerce,
}

impl CsvFormat {
    /// Recognises a header row by the columns only that system writes.
    pub fn of_header(header: &[String]) -> CsvFormat {
        let has = |name: &str| header.iter().any(|h| h.trim().eq_ignore_ascii_case(name));
        if has("Handle") && has("Title") && (has("Variant Price") || has("Option1 Name")) {
            CsvFormat::Shopify
        } else if has("Type") && has("SKU") && has("Name") && has("Regular price") {
            CsvFormat::WooCommerce
        } else {
            CsvFormat::Shop
        }
    }

    /// Reads the first line of a CSV text (its header) and recognises it.
    pub fn of_text(text: &[u8]) -> CsvFormat {
        let text = text.strip_prefix("\u{feff}".as_bytes()).unwrap_or(text);
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(text);
        let mut record = csv::StringRecord::new();
        match reader.read_record(&mut record) {
            Ok(true) => {
                CsvFormat::of_header(&record.iter().map(str::to_string).collect::<Vec<_>>())
            }
            _ => CsvFormat::Shop,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            CsvFormat::Shop => "shop",
            CsvFormat::Shopify => "shopify",
            CsvFormat::WooCommerce => "woocommerce",
        }
    }
}

/// What a row of a file brings besides the product itself: the category titles it names (to be
/// matched against the shop's categories), image URLs to upload by hand, and the line of each
/// variant (for problems about one variant).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Source {
    /// Each category as a path of titles, root first (`Furniture > Sofas`).
    pub categories: Vec<Vec<String>>,
    /// Image URLs the file names: the owner uploads them; none is fetched.
    pub image_urls: Vec<String>,
    /// The line of each variant, in the order of `product.variants`.
    pub variant_lines: Vec<usize>,
    /// Whether the file is Shopify's or WooCommerce's (which know one language and none of
    /// the shop's rooms, photos or code-table keys).
    #[serde(default)]
    pub foreign: bool,
}

/// A product as another shop system's file describes it.
#[derive(Debug, Clone, Default)]
pub struct Foreign {
    pub line: usize,
    pub code: String,
    pub name: String,
    /// Already Markdown (`domain::html_to_markdown`).
    pub description: String,
    pub categories: Vec<Vec<String>>,
    pub image_urls: Vec<String>,
    pub active: bool,
    pub options: Vec<ForeignOption>,
    pub variants: Vec<ForeignVariant>,
    pub dimensions: Option<Dimensions>,
}

#[derive(Debug, Clone, Default)]
pub struct ForeignOption {
    pub name: String,
    pub values: Vec<String>,
}

#[derive(Debug, Clone, Default)]
pub struct ForeignVariant {
    pub line: usize,
    /// Empty: derived from the product's code and the values.
    pub code: String,
    /// Index into each option's values.
    pub values: Vec<usize>,
    pub price: Satang,
    pub compare_at_price: Option<Satang>,
    pub stock: u32,
    pub weight: Option<u32>,
    pub active: bool,
    pub dimensions: Option<Dimensions>,
    pub image_url: Option<String>,
}

impl ForeignOption {
    /// The index of `value` (by its text, ignoring case), added when new.
    pub fn index_of(&mut self, value: &str) -> usize {
        let value = value.trim();
        match self
            .values
            .iter()
            .position(|v| v.to_lowercase() == value.to_lowercase())
        {
            Some(at) => at,
            None => {
                self.values.push(value.to_string());
                self.values.len() - 1
            }
        }
    }
}

/// The option kind its name says (English or Thai): facets and swatches follow it.
pub fn option_kind(name: &str) -> &'static str {
    let name = name.trim().to_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| name.contains(w));
    if has(&["colour", "color", "fabric", "สี"]) {
        "colour"
    } else if has(&["size", "ขนาด"]) {
        "size"
    } else if has(&["material", "finish", "วัสดุ"]) {
        "material"
    } else {
        "other"
    }
}

/// A lowercase ASCII slug: letters and digits, other runs as one `-`.
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    for ch in text.trim().chars() {
        if ch.is_ascii_alphanumeric() {
            out.push(ch.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// A code the shop takes made from `text`: kept when valid, otherwise slugged and cut to 64.
pub fn code_from(text: &str) -> String {
    let text = text.trim();
    if is_product_code(text) {
        return text.to_string();
    }
    let mut code = slug(text);
    code.truncate(64);
    code.trim_end_matches('-').to_string()
}

/// An amount in baht as the file writes it (`1890`, `1890.5`, `1,890.50`, `฿1890`) in satang,
/// exactly (no floating point). `Err` says what is wrong.
pub fn baht(text: &str) -> Result<Satang, String> {
    let cleaned: String = text
        .trim()
        .trim_start_matches('฿')
        .trim()
        .chars()
        .filter(|c| *c != ',')
        .collect();
    let (whole, fraction) = cleaned.split_once('.').unwrap_or((&cleaned, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty()
        || !digits(whole)
        || !digits(fraction)
        || whole.len() > 10
        || (text.contains(',') && !thousands_grouped(text))
    {
        return Err(format!(
            "{:?} is not an amount in baht like 1890.50",
            text.trim()
        ));
    }
    let fraction = fraction.trim_end_matches('0');
    if fraction.len() > 2 {
        return Err(format!(
            "{:?} has more than two decimals (satang)",
            text.trim()
        ));
    }
    let whole: i64 = whole
        .parse()
        .map_err(|_| format!("{text:?} is too large"))?;
    let satang: i64 = format!("{fraction:0<2}").parse().unwrap_or(0);
    Ok(Satang(whole * 100 + satang))
}

/// `1,890` and `12,345,678.5`: commas only between groups of three digits.
fn thousands_grouped(text: &str) -> bool {
    let whole = text.trim().trim_start_matches('฿').trim();
    let whole = whole.split('.').next().unwrap_or("");
    let mut groups = whole.split(',');
    let first = groups.next().unwrap_or("");
    (1..=3).contains(&first.len()) && groups.all(|g| g.len() == 3)
}

/// A whole number of units; negative stock (an oversold Shopify variant) counts as 0.
pub fn stock(text: &str) -> Result<u32, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(0);
    }
    let whole = text
        .strip_suffix(".0")
        .or_else(|| text.strip_suffix(".00"))
        .unwrap_or(text);
    match whole.parse::<i64>() {
        Ok(n) => Ok(u32::try_from(n.max(0)).unwrap_or(u32::MAX)),
        Err(_) => Err(format!("{text:?} is not a whole number")),
    }
}

/// A non-negative decimal (`1500`, `12.5`) times `scale`, rounded to a whole number.
pub fn decimal(text: &str, scale: u32) -> Result<Option<u32>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() && fraction.is_empty() || !digits(whole) || !digits(fraction) {
        return Err(format!("{text:?} is not a number"));
    }
    // Thousandths are enough for grams from kilograms and millimetres from centimetres.
    let whole: u64 = if whole.is_empty() {
        0
    } else {
        whole
            .parse()
            .map_err(|_| format!("{text:?} is too large"))?
    };
    let thousandths: u64 = format!("{:0<3}", &fraction[..fraction.len().min(3)])
        .parse()
        .unwrap_or(0);
    let value = (whole * 1000 + thousandths) * u64::from(scale);
    let rounded = (value + 500) / 1000;
    Ok(Some(
        u32::try_from(rounded).map_err(|_| format!("{text:?} is too large"))?,
    ))
}

/// Category paths from `A > B, C` (WooCommerce's `Categories`, Shopify's `Product Category`):
/// commas separate categories (a `\,` is a comma inside a title), `>` levels.
pub fn category_paths(text: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut chars = text.chars().peekable();
    let push = |current: &mut String, out: &mut Vec<Vec<String>>| {
        let path: Vec<String> = current
            .split('>')
            .map(|t| t.trim().to_string())
            .filter(|t| !t.is_empty())
            .collect();
        if !path.is_empty() && !out.contains(&path) {
            out.push(path);
        }
        current.clear();
    };
    while let Some(ch) = chars.next() {
        match ch {
            '\\' if chars.peek() == Some(&',') => {
                current.push(',');
                chars.next();
            }
            ',' => push(&mut current, &mut out),
            other => current.push(other),
        }
    }
    push(&mut current, &mut out);
    out
}

/// Values separated by commas (`\,` a comma inside one), trimmed, empty ones left out.
pub fn comma_list(text: &str) -> Vec<String> {
    category_paths(text)
        .into_iter()
        .map(|path| path.join(" > "))
        .collect()
}

/// The code of a variant the file gives none: the product's code and the values' slugs
/// (`SF-1-grey-3-seat`), or the variant's number when the values have no Latin letters,
/// cut to 64 characters and made unique among `taken`.
pub fn derived_code(product: &str, values: &[&str], number: usize, taken: &[String]) -> String {
    let words: Vec<String> = values
        .iter()
        .map(|v| slug(v))
        .filter(|s| !s.is_empty())
        .collect();
    let tail = if words.len() == values.len() && !words.is_empty() {
        words.join("-")
    } else {
        number.to_string()
    };
    let base = format!("{product}-{tail}");
    let mut code: String = base.chars().take(64).collect();
    let mut n = 2;
    while taken.contains(&code) {
        let suffix = format!("-{n}");
        code = base.chars().take(64 - suffix.len()).collect::<String>() + &suffix;
        n += 1;
    }
    code
}

/// The value key: the slug of its English text, or `kind-N` when that has no Latin letters.
fn value_key(kind: &str, text: &str, index: usize) -> String {
    let key = slug(text);
    if key.is_empty() {
        format!("{kind}-{}", index + 1)
    } else {
        let mut key = key;
        key.truncate(40);
        key.trim_end_matches('-').to_string()
    }
}

impl Foreign {
    /// The shop's product (the JSON of docs/VARIANTS.md §1 read as a [`Product`]) and what the
    /// file said beside it. Variants without a code get one derived from the values.
    pub fn into_row(self) -> ReadRow {
        let Foreign {
            line,
            code,
            name,
            description,
            categories,
            image_urls,
            active,
            options,
            variants,
            dimensions,
        } = self;
        let mut taken: Vec<String> = variants
            .iter()
            .map(|v| v.code.clone())
            .filter(|c| !c.is_empty())
            .collect();
        let mut variant_lines = Vec::new();
        let mut images = image_urls;
        let variants_json: Vec<Value> = variants
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let code = if !v.code.is_empty() {
                    v.code.clone()
                } else if options.is_empty() {
                    code.clone()
                } else {
                    let values: Vec<&str> = v
                        .values
                        .iter()
                        .zip(&options)
                        .map(|(&at, option)| option.values.get(at).map_or("", String::as_str))
                        .collect();
                    let derived = derived_code(&code, &values, i + 1, &taken);
                    taken.push(derived.clone());
                    derived
                };
                if let Some(url) = &v.image_url
                    && !images.contains(url)
                {
                    images.push(url.clone());
                }
                variant_lines.push(v.line);
                let mut variant = json!({
                    "code": code,
                    "values": v.values,
                    "price": v.price.get(),
                    "stock": v.stock,
                    "active": v.active,
                });
                if let Some(was) = v.compare_at_price {
                    variant["compareAtPrice"] = json!(was.get());
                }
                if let Some(grams) = v.weight {
                    variant["weight"] = json!(grams);
                }
                if let Some(d) = v
                    .dimensions
                    .or(if options.is_empty() { dimensions } else { None })
                {
                    variant["dimensions"] = json!(d);
                }
                variant
            })
            .collect();
        let options_json: Vec<Value> = options
            .iter()
            .map(|o| {
                let kind = option_kind(&o.name);
                json!({
                    "kind": kind,
                    "name": {"en": o.name},
                    "values": o.values.iter().enumerate().map(|(i, v)| json!({
                        "en": v,
                        "key": value_key(kind, v, i),
                    })).collect::<Vec<_>>(),
                })
            })
            .collect();
        // Product-level figures as a product without options has them; `settle_variants`
        // recomputes them from the variants for a product with options.
        let first = variants.first();
        let mut product = json!({
            "code": code,
            "name": {"en": name},
            "description": {"en": description},
            "price": first.map_or(0, |v| v.price.get()),
            "stock": first.map_or(0, |v| v.stock),
            "active": active,
            "options": options_json,
            "variants": variants_json,
            "dimensions": dimensions.unwrap_or_default(),
        });
        if let Some(was) = first.and_then(|v| v.compare_at_price) {
            product["compareAtPrice"] = json!(was.get());
        }
        let product: Product =
            serde_json::from_value(product).map_err(|e| format!("line {line} ({code}): {e}"))?;
        Ok(ImportRow {
            line,
            product,
            source: Some(Box::new(Source {
                categories,
                image_urls: images,
                variant_lines,
                foreign: true,
            })),
        })
    }
}

/// A CSV's header row and its other rows, each with the line it starts on.
pub type Records = (Vec<String>, Vec<(usize, csv::StringRecord)>);

/// Reads a CSV into records with their lines (blank rows left out); `Err`: every row that
/// cannot be read, by line.
pub fn records(text: impl std::io::Read) -> Result<Records, Vec<String>> {
    let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(text);
    let header: Vec<String> = match reader.headers() {
        Ok(h) => h
            .iter()
            .map(|h| h.trim().trim_start_matches('\u{feff}').to_string())
            .collect(),
        Err(e) => return Err(vec![format!("line 1: {e}")]),
    };
    let mut rows = Vec::new();
    let mut problems = Vec::new();
    for record in reader.records() {
        match record {
            Ok(record) => {
                let line = record.position().map_or(0, |p| p.line() as usize);
                if record.iter().all(|c| c.trim().is_empty()) {
                    continue;
                }
                rows.push((line, record));
            }
            Err(e) => {
                let line = e.position().map_or(0, |p| p.line() as usize);
                problems.push(format!("line {line}: {e}"));
                if e.is_io_error() {
                    break;
                }
            }
        }
    }
    if problems.is_empty() {
        Ok((header, rows))
    } else {
        Err(problems)
    }
}

/// Looks columns up by name, ignoring case.
pub struct Columns(std::collections::HashMap<String, usize>);

impl Columns {
    pub fn new(header: &[String]) -> Columns {
        let mut map = std::collections::HashMap::new();
        for (i, name) in header.iter().enumerate() {
            map.entry(name.trim().to_lowercase()).or_insert(i);
        }
        Columns(map)
    }

    /// The cell of `name` in `record`, trimmed; empty when the column is absent.
    pub fn get<'r>(&self, record: &'r csv::StringRecord, name: &str) -> &'r str {
        self.0
            .get(&name.to_lowercase())
            .and_then(|&i| record.get(i))
            .unwrap_or("")
            .trim()
    }

    pub fn has(&self, name: &str) -> bool {
        self.0.contains_key(&name.to_lowercase())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn baht_amounts_become_exact_satang() {
        assert_eq!(baht("1890"), Ok(Satang(189_000)));
        assert_eq!(baht("1890.5"), Ok(Satang(189_050)));
        assert_eq!(baht("0.07"), Ok(Satang(7)));
        assert_eq!(baht("1,890.50"), Ok(Satang(189_050)));
        assert_eq!(baht("฿ 12,345,678.00"), Ok(Satang(1_234_567_800)));
        assert_eq!(baht("19.990"), Ok(Satang(1999)));
        for bad in ["", "abc", "1.2.3", "12,5", "-5", "1.999", "1e3", "0x10"] {
            assert!(baht(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn kinds_slugs_codes_and_lists() {
        assert_eq!(option_kind("Fabric colour"), "colour");
        assert_eq!(option_kind("สีผ้า"), "colour");
        assert_eq!(option_kind("ขนาด"), "size");
        assert_eq!(option_kind("Finish"), "material");
        assert_eq!(option_kind("Legs"), "other");
        assert_eq!(slug("  Sand / Beige 6'  "), "sand-beige-6");
        assert_eq!(code_from("เตียง"), "");
        assert_eq!(code_from("nara-sofa"), "nara-sofa");
        assert_eq!(
            derived_code("SF-1", &["Grey", "3 seat"], 1, &[]),
            "SF-1-grey-3-seat"
        );
        assert_eq!(derived_code("SF-1", &["เทา"], 2, &[]), "SF-1-2");
        assert_eq!(
            derived_code("SF-1", &["Grey"], 1, &["SF-1-grey".to_string()]),
            "SF-1-grey-2"
        );
        assert_eq!(
            category_paths("Furniture > Sofas, Sale\\, 50%,  , Furniture>Sofas"),
            vec![
                vec!["Furniture".to_string(), "Sofas".to_string()],
                vec!["Sale, 50%".to_string()]
            ]
        );
        assert_eq!(decimal("42.5", 1000), Ok(Some(42_500)));
        assert_eq!(decimal("1500.0", 1), Ok(Some(1500)));
        assert!(decimal("x", 1).is_err());
        assert_eq!(stock("-3"), Ok(0));
        assert!(stock("2.5").is_err());
    }

    #[test]
    fn header_rows_say_the_format() {
        let shopify = b"\xef\xbb\xbfHandle,Title,Body (HTML),Option1 Name,Variant Price\n";
        assert_eq!(CsvFormat::of_text(shopify), CsvFormat::Shopify);
        let woo = b"ID,Type,SKU,Name,Published,Regular price\n";
        assert_eq!(CsvFormat::of_text(woo), CsvFormat::WooCommerce);
        assert_eq!(CsvFormat::of_text(b"code,name_en,price\n"), CsvFormat::Shop);
    }
}
