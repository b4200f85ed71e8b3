//! `kiosk compact`: gives the database file's free space back to the disk, with the server
//! stopped (the running shop compacts by itself in `retention.compact_at` when much is free).

use super::{Cli, human_bytes, load_config};
use crate::ops::{Operation, socket};
use crate::store::Store;

pub fn run(cli: &Cli) -> Result<(), String> {
    let config = load_config(cli)?;
    if socket::request(&socket::socket_path(&config.data_dir), &Operation::Check).is_ok() {
        return Err(format!(
            "a kiosk server is running on {}; stop it first (systemctl stop kiosk), or let it compact in its maintenance window (retention.compact_at)",
            config.data_dir.display()
        ));
    }
    let database = config.database_path();
    if !database.exists() {
        return Err(format!(
            "there is no shop database at {}",
            database.display()
        ));
    }
    let store = Store::open(&config.data_dir).map_err(|e| e.to_string())?;
    let space = store.space().map_err(|e| e.to_string())?;
    let started = std::time::Instant::now();
    let Some((before, after)) = store.compact().map_err(|e| e.to_string())? else {
        return Err("the database is in use; try again".into());
    };
    println!(
        "compacted {}: {} → {} ({}% was free) in {:.1?}",
        database.display(),
        human_bytes(before),
        human_bytes(after),
        space.free_percent(),
        started.elapsed()
    );
    Ok(())
}
