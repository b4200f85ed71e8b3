//! Shopify's product CSV export read as the shop's products (docs/IMPORT.md names the columns
//! read and those left aside).
//!
//! The rows of one product share its `Handle`: the first holds the product's fields (`Title`,
//! `Body (HTML)`, `Type`, `Status`…) and its first variant; the rows that follow hold more
//! variants (`Option1 Value`…, `Variant SKU`, `Variant Price`…) and/or more images (`Image
//! Src` alone). A product without options has `Option1 Name` "Title" and `Option1 Value`
//! "Default Title".

use std::collections::HashMap;

use super::import_file::ReadRow;
use super::import_foreign::{
    Columns, Foreign, ForeignOption, ForeignVariant, baht, category_paths, code_from, decimal,
    records, stock,
};
use crate::domain::html_to_markdown::html_to_markdown;

/// Every product of the file (or every problem reading it), in the order of their first rows.
pub fn read(text: impl std::io::Read) -> Vec<ReadRow> {
    let (header, rows) = match records(text) {
        Ok(read) => read,
        Err(problems) => return problems.into_iter().map(Err).collect(),
    };
    let columns = Columns::new(&header);
    // Rows by handle, in the order each handle first appears.
    let mut order: Vec<String> = Vec::new();
    let mut groups: HashMap<String, Vec<(usize, csv::StringRecord)>> = HashMap::new();
    let mut out = Vec::new();
    for (line, record) in rows {
        let handle = columns.get(&record, "Handle").to_string();
        if handle.is_empty() {
            out.push(Err(format!(
                "line {line}: Handle: every row names its product's handle"
            )));
            continue;
        }
        if !groups.contains_key(&handle) {
            order.push(handle.clone());
        }
        groups.entry(handle).or_default().push((line, record));
    }
    let mut products: Vec<(usize, Vec<ReadRow>)> = Vec::new();
    for handle in order {
        let rows = groups.remove(&handle).unwrap_or_default();
        let first_line = rows.first().map_or(0, |(line, _)| *line);
        products.push((first_line, product(&columns, &handle, &rows)));
    }
    for (_, rows) in products {
        out.extend(rows);
    }
    out
}

/// One product from its rows: the product, or its problems by line.
fn product(columns: &Columns, handle: &str, rows: &[(usize, csv::StringRecord)]) -> Vec<ReadRow> {
    let mut problems = Vec::new();
    let Some((line, first)) = rows
        .iter()
        .find(|(_, r)| !columns.get(r, "Title").is_empty())
        .or(rows.first())
    else {
        return Vec::new();
    };
    let line = *line;
    let get = |name: &str| columns.get(first, name);
    if get("Title").is_empty() {
        problems.push(format!(
            "line {line} ({handle}): Title: the product's first row names it"
        ));
    }
    // Options named on the first row; "Title" / "Default Title" is Shopify's "no options".
    let mut options: Vec<ForeignOption> = (1..=3)
        .map(|n| ForeignOption {
            name: get(&format!("Option{n} Name")).to_string(),
            values: Vec::new(),
        })
        .take_while(|o| !o.name.is_empty())
        .collect();
    let default_only = options.len() == 1
        && options[0].name.eq_ignore_ascii_case("Title")
        && rows.iter().all(|(_, r)| {
            let value = columns.get(r, "Option1 Value");
            value.is_empty() || value.eq_ignore_ascii_case("Default Title")
        });
    if default_only {
        options.clear();
    }
    let status = get("Status").to_lowercase();
    let active = if columns.has("Status") && !status.is_empty() {
        status == "active"
    } else {
        matches!(
            get("Published").to_lowercase().as_str(),
            "true" | "1" | "yes"
        )
    };
    let mut images: Vec<(u32, String)> = Vec::new();
    let mut variants = Vec::new();
    let mut skus_seen: Vec<String> = Vec::new();
    for (row_line, record) in rows {
        let cell = |name: &str| columns.get(record, name);
        let image = cell("Image Src");
        if !image.is_empty() && !images.iter().any(|(_, url)| url == image) {
            let position = cell("Image Position").parse().unwrap_or(u32::MAX);
            images.push((position, image.to_string()));
        }
        let is_variant = !cell("Variant Price").is_empty()
            || !cell("Variant SKU").is_empty()
            || (1..=3).any(|n| !cell(&format!("Option{n} Value")).is_empty());
        if !is_variant {
            continue;
        }
        let at = |field: &str, message: String| {
            format!("line {row_line} ({handle}): {field}: {message}")
        };
        let mut values = Vec::new();
        for (n, option) in options.iter_mut().enumerate() {
            let column = format!("Option{} Value", n + 1);
            let value = cell(&column);
            if value.is_empty() {
                problems.push(at(
                    &column,
                    format!("a value of {:?} is required", option.name),
                ));
            } else {
                values.push(option.index_of(value));
            }
        }
        let price = match baht(cell("Variant Price")) {
            Ok(price) => price,
            Err(message) => {
                problems.push(at("Variant Price", message));
                Default::default()
            }
        };
        let compare_at_price = match cell("Variant Compare At Price") {
            "" => None,
            text => match baht(text) {
                // Shopify writes the price again (or 0) when there is no "was" price.
                Ok(was) if was > price => Some(was),
                Ok(_) => None,
                Err(message) => {
                    problems.push(at("Variant Compare At Price", message));
                    None
                }
            },
        };
        let units = stock(cell("Variant Inventory Qty")).unwrap_or_else(|message| {
            problems.push(at("Variant Inventory Qty", message));
            0
        });
        let weight = decimal(cell("Variant Grams"), 1).unwrap_or_else(|message| {
            problems.push(at("Variant Grams", message));
            None
        });
        let sku = cell("Variant SKU");
        let code = code_from(sku);
        if !sku.is_empty() {
            if code != sku {
                problems.push(at(
                    "Variant SKU",
                    format!("{sku:?} must be 1 to 64 letters, digits, - _ or ."),
                ));
            }
            if skus_seen.iter().any(|s| s == sku) {
                problems.push(at(
                    "Variant SKU",
                    format!("{sku:?} is on another variant of this product"),
                ));
            }
            skus_seen.push(sku.to_string());
        }
        let image_url = Some(cell("Variant Image"))
            .filter(|u| !u.is_empty())
            .map(str::to_string);
        variants.push(ForeignVariant {
            line: *row_line,
            code: sku.to_string(),
            values,
            price,
            compare_at_price,
            stock: units,
            weight: weight.filter(|g| *g > 0),
            active: true,
            dimensions: None,
            image_url,
        });
    }
    if variants.is_empty() {
        problems.push(format!(
            "line {line} ({handle}): Variant Price: the product has no variant row"
        ));
    }
    if !problems.is_empty() {
        return problems.into_iter().map(Err).collect();
    }
    // The product's code: a product without options is its one variant, so its SKU is the
    // code; otherwise the handle (as a code), or the first SKU when the handle has no Latin
    // letters.
    let code = if options.is_empty() && !variants[0].code.is_empty() {
        variants[0].code.clone()
    } else {
        let from_handle = code_from(handle);
        if from_handle.is_empty() {
            variants
                .iter()
                .map(|v| v.code.clone())
                .find(|c| !c.is_empty())
                .unwrap_or_else(|| format!("shopify-{line}"))
        } else {
            from_handle
        }
    };
    let mut categories = Vec::new();
    let kind = get("Type");
    if !kind.is_empty() {
        categories.push(vec![kind.to_string()]);
    } else {
        categories.extend(category_paths(get("Product Category")).into_iter().take(1));
    }
    images.sort_by_key(|(position, _)| *position);
    vec![
        Foreign {
            line,
            code,
            name: get("Title").to_string(),
            description: html_to_markdown(get("Body (HTML)")),
            categories,
            image_urls: images.into_iter().map(|(_, url)| url).collect(),
            active,
            options,
            variants,
            dimensions: None,
        }
        .into_row(),
    ]
}
