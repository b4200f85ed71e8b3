//! `kiosk catalog import FILE` and `kiosk catalog export FILE`.

use std::path::{Path, PathBuf};

use clap::Subcommand;

use super::{Cli, load_config};
use crate::catalog::import;
use crate::catalog::model::Product;
use crate::ops::{self, Operation};

#[derive(Debug, Subcommand)]
pub enum CatalogCommand {
    /// Add or replace products from a JSON or CSV file, all or nothing.
    ///
    /// JSON: {"products": [...]} or a list of products (fields as GET /api/app/product/get).
    /// CSV: a header row with code, name_en…name_id, description_en…, price, compareAtPrice,
    /// images, rooms, categories (or catagories), width, depth, height, material, colour,
    /// stock, active, popularity, createdAt; lists separated by "|"; money in satang.
    /// Every problem is reported with its line number; nothing is imported unless all rows
    /// are valid. Rows equal to the stored product are left alone; a changed product gets its
    /// next version, and a changed stock level is recorded in the stock ledger ("import").
    /// The staff area's CSV import runs the same checks (and previews them first). Works on a
    /// running shop (which is sent the file over its control socket and updates its search at
    /// once) or a stopped one, with files of any size (read as they go).
    Import {
        #[arg(value_name = "FILE")]
        file: PathBuf,
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
        CatalogCommand::Import { file } => {
            // Absolute, so that messages name the file as the operator can find it.
            let path = std::path::absolute(file)
                .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let operation = Operation::CatalogImport {
                file: path.clone(),
                csv: is_csv(file),
            };
            let result = ops::run_with_file(&config, operation, &path)?;
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
