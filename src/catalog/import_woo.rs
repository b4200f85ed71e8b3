//! WooCommerce's product CSV export read as the shop's products (docs/IMPORT.md names the
//! columns read and those left aside).
//!
//! A row is a product (`Type` `simple` or `variable`) or a variation (`variation`) whose
//! `Parent` names its variable product as `id:NN` or by its SKU. Attributes come in column
//! groups (`Attribute 1 name`, `Attribute 1 value(s)`, …): on a variable product the values it
//! offers, on a variation the one value it is. WooCommerce writes line breaks inside
//! descriptions as `\n`; they are read back as line breaks.

use std::collections::HashMap;

use super::import_file::ReadRow;
use super::import_foreign::{
    Columns, Foreign, ForeignOption, ForeignVariant, baht, category_paths, code_from, comma_list,
    decimal, records, stock,
};
use super::model::Dimensions;
use crate::domain::Satang;
use crate::domain::html_to_markdown::html_to_markdown;

/// What a row is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Simple,
    Variable,
    Variation,
    /// Grouped and external products: the shop has neither; left out with a note.
    Other,
}

fn kind_of(text: &str) -> Kind {
    let types: Vec<String> = text.split(',').map(|t| t.trim().to_lowercase()).collect();
    let has = |t: &str| types.iter().any(|x| x == t);
    if has("variation") {
        Kind::Variation
    } else if has("variable") {
        Kind::Variable
    } else if has("simple")
        || (types
            .iter()
            .all(|t| t == "virtual" || t == "downloadable" || t.is_empty()))
    {
        Kind::Simple
    } else {
        Kind::Other
    }
}

/// Every product of the file (or every problem reading it), in file order; `notes` gets the rows
/// left out on purpose (grouped and external products).
pub fn read(text: impl std::io::Read, notes: &mut Vec<String>) -> Vec<ReadRow> {
    let (header, rows) = match records(text) {
        Ok(read) => read,
        Err(problems) => return problems.into_iter().map(Err).collect(),
    };
    let columns = Columns::new(&header);
    let attribute_count = (1..=50)
        .take_while(|n| columns.has(&format!("Attribute {n} name")))
        .count();
    let mut out: Vec<(usize, Vec<ReadRow>)> = Vec::new();
    // Products by their position in `parents`, reached by `id:NN` or SKU.
    let mut parents: Vec<Parent> = Vec::new();
    let mut by_reference: HashMap<String, usize> = HashMap::new();
    let mut variations: Vec<(usize, csv::StringRecord)> = Vec::new();
    let mut singles: Vec<(usize, Vec<ReadRow>)> = Vec::new();
    for (line, record) in &rows {
        let line = *line;
        let cell = |name: &str| columns.get(record, name);
        let kind = kind_of(cell("Type"));
        match kind {
            Kind::Variation => variations.push((line, record.clone())),
            Kind::Other => notes.push(format!(
                "line {line}: {:?} is a {} product; the shop has none, it is left out",
                cell("Name"),
                cell("Type")
            )),
            Kind::Simple | Kind::Variable => {
                let mut problems = Vec::new();
                let mut foreign = common(&columns, record, line, &mut problems);
                let id = cell("ID");
                let sku = cell("SKU");
                let code = if sku.is_empty() {
                    code_from(&format!("woo-{id}"))
                } else {
                    sku.to_string()
                };
                if !sku.is_empty() && code_from(sku) != sku {
                    problems.push(format!(
                        "line {line} ({sku}): SKU: {sku:?} must be 1 to 64 letters, digits, - _ or ."
                    ));
                }
                if sku.is_empty() && id.is_empty() {
                    problems.push(format!("line {line}: SKU: a product needs a SKU or an ID"));
                }
                foreign.code = code.clone();
                if kind == Kind::Simple {
                    let variant = variant_of(&columns, record, line, &code, &mut problems);
                    foreign.dimensions = variant.dimensions;
                    foreign.variants.push(ForeignVariant {
                        code: code.clone(),
                        ..variant
                    });
                    let rows = if problems.is_empty() {
                        vec![foreign.into_row()]
                    } else {
                        problems.into_iter().map(Err).collect()
                    };
                    singles.push((line, rows));
                } else {
                    // The attributes it offers, in order, with their values in order.
                    for n in 1..=attribute_count {
                        let name = cell(&format!("Attribute {n} name"));
                        if name.is_empty() {
                            continue;
                        }
                        let mut option = ForeignOption {
                            name: name.to_string(),
                            values: Vec::new(),
                        };
                        for value in comma_list(cell(&format!("Attribute {n} value(s)"))) {
                            option.index_of(&value);
                        }
                        foreign.options.push(option);
                    }
                    let at = parents.len();
                    if !id.is_empty() {
                        by_reference.insert(format!("id:{id}"), at);
                    }
                    if !sku.is_empty() {
                        by_reference.insert(sku.to_string(), at);
                    }
                    parents.push(Parent {
                        foreign,
                        problems,
                        used: vec![false; 0],
                    });
                }
            }
        }
    }
    // Variations, each to its parent.
    for (line, record) in &variations {
        let line = *line;
        let cell = |name: &str| columns.get(record, name);
        let reference = cell("Parent");
        let Some(&at) = by_reference.get(reference) else {
            let sku = cell("SKU");
            let what = if reference.is_empty() {
                "a variation names its variable product (id:NN or its SKU)".to_string()
            } else {
                format!("no variable product {reference:?} in the file")
            };
            singles.push((
                line,
                vec![Err(format!("line {line} ({sku}): Parent: {what}"))],
            ));
            continue;
        };
        let parent = &mut parents[at];
        let code = parent.foreign.code.clone();
        let mut variant = variant_of(&columns, record, line, &code, &mut parent.problems);
        let sku = cell("SKU");
        if !sku.is_empty() && code_from(sku) != sku {
            parent.problems.push(format!(
                "line {line} ({sku}): SKU: {sku:?} must be 1 to 64 letters, digits, - _ or ."
            ));
        }
        variant.code = sku.to_string();
        // One value per option of the parent, matched by the attribute's name.
        let mut values = vec![None; parent.foreign.options.len()];
        for n in 1..=attribute_count {
            let name = cell(&format!("Attribute {n} name"));
            if name.is_empty() {
                continue;
            }
            let value = cell(&format!("Attribute {n} value(s)"));
            let Some(o) = parent
                .foreign
                .options
                .iter()
                .position(|o| o.name.eq_ignore_ascii_case(name))
            else {
                parent.problems.push(format!(
                    "line {line} ({code}): Attribute {n} name: the variable product has no attribute {name:?}"
                ));
                continue;
            };
            if value.is_empty() {
                parent.problems.push(format!(
                    "line {line} ({code}): Attribute {n} value(s): a variation for any {name} cannot be imported; name one value"
                ));
                continue;
            }
            values[o] = Some(parent.foreign.options[o].index_of(value));
        }
        if parent.used.len() < values.len() {
            parent.used.resize(values.len(), false);
        }
        for (o, value) in values.iter().enumerate() {
            if value.is_some() {
                parent.used[o] = true;
            }
        }
        variant.values = values.iter().map(|v| v.unwrap_or(usize::MAX)).collect();
        parent.foreign.variants.push(variant);
    }
    for parent in parents {
        let Parent {
            mut foreign,
            mut problems,
            used,
        } = parent;
        let line = foreign.line;
        let code = foreign.code.clone();
        // Attributes no variation sets are descriptions on WooCommerce, not options here.
        let keep: Vec<bool> = (0..foreign.options.len())
            .map(|o| used.get(o).copied().unwrap_or(false))
            .collect();
        let mut kept = Vec::new();
        for (o, option) in std::mem::take(&mut foreign.options).into_iter().enumerate() {
            if keep[o] {
                kept.push(option);
            }
        }
        foreign.options = kept;
        for variant in &mut foreign.variants {
            let values: Vec<usize> = variant
                .values
                .iter()
                .enumerate()
                .filter(|(o, _)| keep[*o])
                .map(|(_, v)| *v)
                .collect();
            if values.contains(&usize::MAX) {
                problems.push(format!(
                    "line {} ({code}): Attribute: the variation does not name a value of every attribute the others use",
                    variant.line
                ));
            }
            variant.values = values;
        }
        if foreign.variants.is_empty() {
            problems.push(format!(
                "line {line} ({code}): Type: a variable product without variations"
            ));
        }
        // Only the values some variation uses are offered.
        let rows = if problems.is_empty() {
            drop_unused_values(&mut foreign);
            vec![foreign.into_row()]
        } else {
            problems.into_iter().map(Err).collect()
        };
        out.push((line, rows));
    }
    out.extend(singles);
    out.sort_by_key(|(line, _)| *line);
    out.into_iter().flat_map(|(_, rows)| rows).collect()
}

struct Parent {
    foreign: Foreign,
    problems: Vec<String>,
    /// Which options some variation names a value of.
    used: Vec<bool>,
}

/// The fields products of every type have.
fn common(
    columns: &Columns,
    record: &csv::StringRecord,
    line: usize,
    problems: &mut Vec<String>,
) -> Foreign {
    let cell = |name: &str| columns.get(record, name);
    let name = cell("Name");
    if name.is_empty() {
        problems.push(format!("line {line}: Name: a product needs a name"));
    }
    let short = html_to_markdown(&line_breaks(cell("Short description")));
    let long = html_to_markdown(&line_breaks(cell("Description")));
    let description = [short, long]
        .into_iter()
        .filter(|t| !t.is_empty())
        .collect::<Vec<_>>()
        .join("\n\n");
    Foreign {
        line,
        code: String::new(),
        name: name.to_string(),
        description,
        categories: category_paths(cell("Categories")),
        image_urls: comma_list(cell("Images")),
        active: cell("Published") == "1",
        ..Foreign::default()
    }
}

/// WooCommerce's `\n` (and `\r`) in a description as the line breaks it stands for.
fn line_breaks(text: &str) -> String {
    text.replace("\\r\\n", "\n")
        .replace("\\n", "\n")
        .replace("\\r", "\n")
}

/// The price, stock, weight and size of a simple product or a variation.
fn variant_of(
    columns: &Columns,
    record: &csv::StringRecord,
    line: usize,
    code: &str,
    problems: &mut Vec<String>,
) -> ForeignVariant {
    let cell = |name: &str| columns.get(record, name);
    let at = |field: &str, message: String| format!("line {line} ({code}): {field}: {message}");
    let amount = |field: &str, problems: &mut Vec<String>| -> Option<Satang> {
        match cell(field) {
            "" => None,
            text => baht(text).map_err(|m| problems.push(at(field, m))).ok(),
        }
    };
    let regular = amount("Regular price", problems);
    let sale = amount("Sale price", problems);
    let (price, compare_at_price) = match (regular, sale) {
        (Some(regular), Some(sale)) if sale < regular => (sale, Some(regular)),
        (_, Some(sale)) => (sale, None),
        (Some(regular), None) => (regular, None),
        (None, None) => {
            if cell("Regular price").is_empty() {
                problems.push(at("Regular price", "a price is required".into()));
            }
            (Satang::ZERO, None)
        }
    };
    let units = stock(cell("Stock")).unwrap_or_else(|m| {
        problems.push(at("Stock", m));
        0
    });
    let mut read = |field: &str, scale: u32| {
        decimal(cell(field), scale).unwrap_or_else(|m| {
            problems.push(at(field, m));
            None
        })
    };
    let weight = read("Weight (kg)", 1000).or(read("Weight (g)", 1));
    let (length, width, height) = (
        read("Length (cm)", 10),
        read("Width (cm)", 10),
        read("Height (cm)", 10),
    );
    // WooCommerce's length is the long side (the shop's width), its width the depth.
    let dimensions =
        (length.is_some() || width.is_some() || height.is_some()).then(|| Dimensions {
            width: length.unwrap_or(0),
            depth: width.unwrap_or(0),
            height: height.unwrap_or(0),
        });
    ForeignVariant {
        line,
        code: String::new(),
        values: Vec::new(),
        price,
        compare_at_price,
        stock: units,
        weight: weight.filter(|g| *g > 0),
        active: cell("Published") != "-1" && cell("Published") != "0",
        dimensions,
        image_url: comma_list(cell("Images")).into_iter().next(),
    }
}

/// Option values no variation uses are dropped (and the variations' indexes follow).
fn drop_unused_values(foreign: &mut Foreign) {
    for (o, option) in foreign.options.iter_mut().enumerate() {
        let used: Vec<bool> = (0..option.values.len())
            .map(|i| foreign.variants.iter().any(|v| v.values.get(o) == Some(&i)))
            .collect();
        let mut new_index = Vec::new();
        let mut next = 0;
        for &u in &used {
            new_index.push(next);
            if u {
                next += 1;
            }
        }
        let values = std::mem::take(&mut option.values);
        option.values = values
            .into_iter()
            .zip(&used)
            .filter(|(_, u)| **u)
            .map(|(v, _)| v)
            .collect();
        for variant in &mut foreign.variants {
            if let Some(v) = variant.values.get_mut(o) {
                *v = new_index[*v];
            }
        }
    }
}
