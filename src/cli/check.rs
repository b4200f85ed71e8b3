//! `kiosk check`: is the configuration valid, does the database open, what does it hold.

use super::{Cli, human_bytes, load_config};
use crate::ops::{self, Operation};

pub fn run(cli: &Cli) -> Result<(), String> {
    let config = load_config(cli)?;
    println!(
        "config: ok (listen {}, public url {}, data dir {})",
        config.listen,
        config.public_url,
        config.data_dir.display()
    );
    for line in ops::tls::describe(&config) {
        println!("{line}");
    }
    let report = ops::run(&config, Operation::Check)?;
    println!(
        "kiosk {}",
        report["kioskVersion"].as_str().unwrap_or_default()
    );
    println!(
        "database: {} ({}), schema {} of {}",
        report["database"].as_str().unwrap_or_default(),
        human_bytes(report["databaseBytes"].as_u64().unwrap_or_default()),
        report["schemaVersion"],
        report["knownSchemaVersion"]
    );
    println!("users: {} ({} staff)", report["users"], report["staff"]);
    for (table, rows) in report["tables"].as_object().into_iter().flatten() {
        println!("  {table:<28} {rows:>8} rows");
    }
    for loose in crate::store::private::loose_modes(&config.data_dir) {
        println!(
            "warning: {loose} can be read by other users of this machine; run chmod go-rwx on it"
        );
    }
    Ok(())
}
