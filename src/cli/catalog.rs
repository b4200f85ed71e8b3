//! `kiosk catalog import FILE` and `kiosk catalog export FILE`.

use std::path::{Path, PathBuf};

use clap::Subcommand;

use super::{Cli, load_config};
use crate::catalog::import::{self, ImportPreview, RowChange};
use crate::catalog::import_foreign::CsvFormat;
use crate::catalog::model::Product;
use crate::ops::{self, Operation};

#[derive(Debug, Subcommand)]
pub enum CatalogCommand {
    /// Add or replace products from a JSON or CSV file, all or nothing.
    ///
    /// JSON: {"products": [...]} or a list of products (fields as GET /api/app/product/get).
    /// CSV: a header row with code, name_en…name_id, description_en…, price, compareAtPrice,
    /// images, rooms, categories (or catagories), width, depth, height, material, colour,
    /// stock, active, popularity, createdAt, then option1Kind, option1Name…, option1Value…
    /// (up to option3) and variantCode, variantPrice…; one row per variant, the product's
    /// columns on its first row; lists separated by "|"; money in satang.
    /// Shopify's and WooCommerce's product CSV exports are recognised by their header rows
    /// (docs/IMPORT.md): they are only checked and previewed unless --apply is given.
    /// Every problem is reported with its line number; nothing is imported unless all rows
    /// are valid. Rows equal to the stored product are left alone; a changed product gets its
    /// next version, and a changed stock level is recorded in the stock ledger ("import").
    /// The staff area's CSV import runs the same checks (and previews them first). Works on a
    /// running shop (which is sent the file over its control socket and updates its search at
    /// once) or a stopped one, with files of any size (read as they go).
    Import {
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// Write a Shopify or WooCommerce file (without it, such a file is only previewed:
        /// every problem by line and every product it would create or change).
        #[arg(long)]
        apply: bool,
        /// Create the categories a Shopify or WooCommerce file names that no category of the
        /// shop is titled (without it, each is a problem).
        #[arg(long)]
        create_categories: bool,
    },
    /// Write every product to FILE (.csv for CSV, otherwise JSON; "-" for JSON on stdout).
    Export {
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
}

fn is_csv(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("csv"))
}

pub fn run(cli: &Cli, command: &CatalogCommand) -> Result<(), String> {
    let config = load_config(cli)?;
    match command {
        CatalogCommand::Import {
            file,
            apply,
            create_categories,
        } => {
            // Absolute, so that messages name the file as the operator can find it.
            let path = std::path::absolute(file)
                .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let csv = is_csv(file);
            let format = if csv {
                format_of(&path)?
            } else {
                CsvFormat::Shop
            };
            let preview = format != CsvFormat::Shop && !apply;
            let operation = Operation::CatalogImport {
                file: path.clone(),
                csv,
                preview,
                create_categories: *create_categories,
            };
            let result = ops::run_with_file(&config, operation, &path)?;
            if preview {
                let seen: ImportPreview = serde_json::from_value(result["preview"].clone())
                    .map_err(|e| format!("unexpected answer: {e}"))?;
                return print_preview(&seen);
            }
            for note in result["notes"].as_array().into_iter().flatten() {
                println!("note: {}", note.as_str().unwrap_or_default());
            }
            for category in result["createdCategories"].as_array().into_iter().flatten() {
                println!(
                    "category created: {}",
                    category.as_str().unwrap_or_default()
                );
            }
            println!(
                "imported {} products ({} new, {} updated); {} unchanged left alone",
                result["imported"], result["new"], result["updated"], result["unchanged"]
            );
        }
        CatalogCommand::Export { file } => {
            let result = ops::run(&config, Operation::CatalogExport)?;
            let products: Vec<Product> = serde_json::from_value(result["products"].clone())
                .map_err(|e| format!("unexpected answer: {e}"))?;
            let text = if is_csv(file) {
                import::to_csv(&products)?
            } else {
                serde_json::to_string_pretty(&serde_json::json!({"products": products}))
                    .map_err(|e| e.to_string())?
                    + "\n"
            };
            if file.as_os_str() == "-" {
                print!("{text}");
            } else {
                std::fs::write(file, text)
                    .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
                println!("exported {} products to {}", products.len(), file.display());
            }
        }
    }
    Ok(())
}

/// The format the file's header row announces (its first 64 KiB are enough).
fn format_of(path: &Path) -> Result<CsvFormat, String> {
    use std::io::Read;
    let mut start = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(64 * 1024).read_to_end(&mut start))
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(CsvFormat::of_text(&start))
}

/// Prints what a Shopify or WooCommerce file would do; with problems, fails with them.
fn print_preview(preview: &ImportPreview) -> Result<(), String> {
    println!("{} file: nothing was written", preview.format);
    for row in &preview.rows {
        let change = match row.change {
            RowChange::New => "new",
            RowChange::Changed => "changed",
            RowChange::Unchanged => "unchanged",
        };
        let fields = if row.fields.is_empty() {
            String::new()
        } else {
            format!(" ({})", row.fields.join(", "))
        };
        println!("line {} {}: {change}{fields}", row.line, row.code);
        for url in &row.image_urls {
            println!("    image to upload: {url}");
        }
    }
    for category in &preview.created_categories {
        println!("category to create: {category}");
    }
    for note in &preview.notes {
        println!("note: {note}");
    }
    if !preview.problems.is_empty() {
        return Err(format!(
            "{} problem(s) in the file, nothing would be imported:\n  {}",
            preview.problems.len(),
            preview.problems.join("\n  ")
        ));
    }
    println!(
        "{} new, {} changed, {} unchanged; run again with --apply to import",
        preview.new, preview.updated, preview.unchanged
    );
    Ok(())
}
