//! Every table in the database, typed, so that a backup can copy all of them and `check` can
//! count them. redb cannot iterate a table without its types, so a table missing here would
//! be missing from backups: `backup::write_backup` refuses a database holding an unlisted
//! table, and the shop's nightly backups would stop (issue 29: `order_id_to_guest_keys` and
//! `proof_hash_to_order` were missing, so the first guest order stopped every backup).
//!
//! The list is what the migrations create: [`ALL_TABLES`] runs them once, on an empty database
//! in memory, and reads back each table's name and key/value shape. The store is ground and
//! knows no domain; the migrations already name every table by its literal name and types
//! (they must, to stay frozen), so they are the one list, and a domain adds a table by
//! creating it in a migration.
//!
//! Three walls keep the list whole, so a table a domain declares but no migration creates
//! fails the test suite rather than the owner's backup:
//! - a unit test below reads every source file under `src/` and finds every table declared
//!   there (`JsonTable::new`, `ValueTable::new`, `TableDefinition::new`,
//!   `MultimapTableDefinition::new`); each must be listed;
//! - the typed table layer asserts, in debug builds (every test run), that a table opened for
//!   writing is listed ([`assert_listed`]);
//! - `migrate_tests.rs` holds the list to the domains' table constants, name by name and with
//!   the same types, and checks that upgrading an old file gives exactly the listed tables.

use std::sync::LazyLock;

use redb::{
    Key, ReadTransaction, ReadableDatabase, ReadableTable, ReadableTableMetadata, TableDefinition,
    TableHandle, Value, WriteTransaction,
};

use super::StoreError;

/// A table definition of any of the key/value shapes the shop uses.
#[derive(Clone, Copy)]
pub enum AnyTable {
    TextToBytes(TableDefinition<'static, &'static str, &'static [u8]>),
    TextToText(TableDefinition<'static, &'static str, &'static str>),
    TextToU64(TableDefinition<'static, &'static str, u64>),
    U64ToBytes(TableDefinition<'static, u64, &'static [u8]>),
    PairToBytes(TableDefinition<'static, (u64, u64), &'static [u8]>),
    TextU64ToBytes(TableDefinition<'static, (&'static str, u64), &'static [u8]>),
}

/// Every table of the current schema, by name: the tables the migrations create.
pub static ALL_TABLES: LazyLock<Vec<AnyTable>> = LazyLock::new(|| {
    tables_the_migrations_create().unwrap_or_else(|err| {
        panic!("the migrations could not be run on an empty database to list the tables: {err}")
    })
});

/// Runs the migrations on an empty in-memory database and reads back its tables. Each name
/// is leaked once per process (a few dozen short strings) to make a `'static` definition.
fn tables_the_migrations_create() -> Result<Vec<AnyTable>, StoreError> {
    let db = redb::Builder::new()
        .create_with_backend(redb::backends::InMemoryBackend::new())
        .map_err(|err| StoreError::Database(err.into()))?;
    super::migrate::run_all_on(&db)?;
    let read = db.begin_read()?;
    let names: Vec<String> = read.list_tables()?.map(|t| t.name().to_string()).collect();
    names
        .into_iter()
        .map(|name| AnyTable::of_shape_in(&read, Box::leak(name.into_boxed_str())))
        .collect()
}

/// Tables that exist only in unit tests of the store itself, never in a shop's file.
#[cfg(test)]
const TEST_TABLES: &[&str] = &["test_id_to_row", "test_name_to_id", "group_test_counts"];

/// Whether [`ALL_TABLES`] lists a table of this name (so backups copy it).
pub fn is_listed(name: &str) -> bool {
    #[cfg(test)]
    if TEST_TABLES.contains(&name) {
        return true;
    }
    ALL_TABLES.iter().any(|table| table.name() == name)
}

/// Debug builds (every test run) stop at once when code writes to a table that backups would
/// not copy; release builds rely on the tests having run and on `write_backup` refusing.
#[inline]
pub fn assert_listed(name: &str) {
    debug_assert!(
        is_listed(name),
        "the table {name} is not created by any migration, so it is not in \
         store::tables::ALL_TABLES and backups could not copy it: create it in a migration"
    );
}

impl AnyTable {
    /// The table `name` in `read` with whichever of the shapes it was created with; redb
    /// refuses to open a table with types other than its own.
    fn of_shape_in(read: &ReadTransaction, name: &'static str) -> Result<AnyTable, StoreError> {
        fn fits<K: Key + 'static, V: Value + 'static>(
            read: &ReadTransaction,
            definition: TableDefinition<'static, K, V>,
        ) -> Result<bool, StoreError> {
            match read.open_table(definition) {
                Ok(_) => Ok(true),
                Err(redb::TableError::TableTypeMismatch { .. }) => Ok(false),
                Err(err) => Err(err.into()),
            }
        }
        let shapes = [
            AnyTable::TextToBytes(TableDefinition::new(name)),
            AnyTable::TextToText(TableDefinition::new(name)),
            AnyTable::TextToU64(TableDefinition::new(name)),
            AnyTable::U64ToBytes(TableDefinition::new(name)),
            AnyTable::PairToBytes(TableDefinition::new(name)),
            AnyTable::TextU64ToBytes(TableDefinition::new(name)),
        ];
        for shape in shapes {
            let fitting = match shape {
                AnyTable::TextToBytes(t) => fits(read, t)?,
                AnyTable::TextToText(t) => fits(read, t)?,
                AnyTable::TextToU64(t) => fits(read, t)?,
                AnyTable::U64ToBytes(t) => fits(read, t)?,
                AnyTable::PairToBytes(t) => fits(read, t)?,
                AnyTable::TextU64ToBytes(t) => fits(read, t)?,
            };
            if fitting {
                return Ok(shape);
            }
        }
        Err(StoreError::BadMeta {
            key: "table shape",
            value: format!("the table {name} has key and value types no backup can copy"),
        })
    }

    pub fn name(&self) -> &str {
        match self {
            AnyTable::TextToBytes(t) => t.name(),
            AnyTable::TextToText(t) => t.name(),
            AnyTable::TextToU64(t) => t.name(),
            AnyTable::U64ToBytes(t) => t.name(),
            AnyTable::PairToBytes(t) => t.name(),
            AnyTable::TextU64ToBytes(t) => t.name(),
        }
    }

    /// Copies every row from `from` into the same table in `to`; returns the row count. A table
    /// that does not exist in `from` is skipped.
    pub fn copy(&self, from: &ReadTransaction, to: &WriteTransaction) -> Result<u64, StoreError> {
        match *self {
            AnyTable::TextToBytes(t) => copy_table(t, from, to),
            AnyTable::TextToText(t) => copy_table(t, from, to),
            AnyTable::TextToU64(t) => copy_table(t, from, to),
            AnyTable::U64ToBytes(t) => copy_table(t, from, to),
            AnyTable::PairToBytes(t) => copy_table(t, from, to),
            AnyTable::TextU64ToBytes(t) => copy_table(t, from, to),
        }
    }

    /// Rows in the table; 0 when it does not exist.
    pub fn len(&self, read: &ReadTransaction) -> Result<u64, StoreError> {
        fn count<K: Key + 'static, V: Value + 'static>(
            t: TableDefinition<K, V>,
            read: &ReadTransaction,
        ) -> Result<u64, StoreError> {
            match read.open_table(t) {
                Ok(table) => Ok(table.len()?),
                Err(redb::TableError::TableDoesNotExist(_)) => Ok(0),
                Err(err) => Err(err.into()),
            }
        }
        match *self {
            AnyTable::TextToBytes(t) => count(t, read),
            AnyTable::TextToText(t) => count(t, read),
            AnyTable::TextToU64(t) => count(t, read),
            AnyTable::U64ToBytes(t) => count(t, read),
            AnyTable::PairToBytes(t) => count(t, read),
            AnyTable::TextU64ToBytes(t) => count(t, read),
        }
    }
}

fn copy_table<K: Key + 'static, V: Value + 'static>(
    definition: TableDefinition<K, V>,
    from: &ReadTransaction,
    to: &WriteTransaction,
) -> Result<u64, StoreError> {
    let source = match from.open_table(definition) {
        Ok(table) => table,
        Err(redb::TableError::TableDoesNotExist(_)) => return Ok(0),
        Err(err) => return Err(err.into()),
    };
    let mut target = to.open_table(definition)?;
    let mut rows = 0;
    for entry in source.iter()? {
        let (key, value) = entry?;
        target.insert(key.value(), value.value())?;
        rows += 1;
    }
    Ok(rows)
}

/// Names of tables in the database that [`ALL_TABLES`] does not list.
pub fn unlisted_tables(read: &ReadTransaction) -> Result<Vec<String>, StoreError> {
    let known: Vec<&str> = ALL_TABLES.iter().map(AnyTable::name).collect();
    Ok(read
        .list_tables()?
        .map(|t| t.name().to_string())
        .filter(|name| !known.contains(&name.as_str()))
        .collect())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::path::Path;

    use super::*;

    /// The ways a redb table can be declared; each is followed by `(` and the table's name.
    const DECLARATIONS: &[&str] = &[
        "JsonTable::new",
        "ValueTable::new",
        "TableDefinition::new",
        "MultimapTableDefinition::new",
    ];

    /// Files whose table declarations are not a shop's tables: the migrations name tables by
    /// literal text and by parameter (`create(txn, name)`), and their tests write old files.
    /// The names the migrations create are [`ALL_TABLES`].
    const NOT_SHOP_TABLES: &[&str] = &["store/migrations.rs", "store/migrate_tests.rs"];

    /// The typed table layer, whose constructors wrap `TableDefinition::new(name)`.
    const TYPED_LAYER: &str = "store/table.rs";

    /// This file, whose list is built by opening each table the migrations made by its name.
    const THIS_LIST: &str = "store/tables.rs";

    /// A declaration found in the source: the file, and the name or the expression given.
    #[derive(Debug)]
    struct Declared {
        file: String,
        name: Result<String, String>,
    }

    fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                rust_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }

    /// The code of a file without its `#[cfg(test)]` module (by this project's convention the
    /// last item of a file); tables declared there live only in unit tests' temporary files.
    fn shop_code(text: &str) -> &str {
        match text.find("#[cfg(test)]\nmod ") {
            Some(at) => &text[..at],
            None => text,
        }
    }

    /// Every table declaration in `code`: the literal name, or the expression when the name is
    /// not a literal (which this test cannot check, so it fails on it).
    fn declarations(file: &str, code: &str) -> Vec<Declared> {
        let mut found = Vec::new();
        for pattern in DECLARATIONS {
            let mut rest = code;
            while let Some(at) = rest.find(pattern) {
                let before = rest[..at].chars().next_back();
                rest = &rest[at + pattern.len()..];
                // `MultimapTableDefinition::new` also contains `TableDefinition::new`.
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    continue;
                }
                let args = rest.trim_start();
                let Some(args) = args.strip_prefix('(') else {
                    continue;
                };
                let args = args.trim_start();
                let name = match args.strip_prefix('"') {
                    Some(quoted) => Ok(quoted[..quoted.find('"').unwrap()].to_string()),
                    None => Err(args[..args.find(')').unwrap_or(args.len())].to_string()),
                };
                found.push(Declared {
                    file: file.to_string(),
                    name,
                });
            }
        }
        found
    }

    /// Also finds the turbofish form, `TableDefinition::<K, V>::new("name")`.
    fn with_turbofish(code: &str) -> String {
        let mut out = String::with_capacity(code.len());
        let mut rest = code;
        while let Some(at) = rest.find("TableDefinition::<") {
            out.push_str(&rest[..at]);
            out.push_str("TableDefinition");
            let tail = &rest[at + "TableDefinition::<".len()..];
            let mut depth = 1;
            let mut end = 0;
            for (i, c) in tail.char_indices() {
                match c {
                    '<' => depth += 1,
                    '>' => depth -= 1,
                    _ => {}
                }
                if depth == 0 {
                    end = i + 1;
                    break;
                }
            }
            rest = &tail[end..];
        }
        out.push_str(rest);
        out
    }

    fn declared_in_source() -> Vec<Declared> {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        let mut found = Vec::new();
        for path in files {
            let file = path
                .strip_prefix(&src)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            // `*_tests.rs` files are test modules kept beside their file: tables declared there
            // live only in unit tests' temporary files.
            if NOT_SHOP_TABLES.contains(&file.as_str()) || file.ends_with("_tests.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            found.extend(declarations(&file, &with_turbofish(shop_code(&text))));
        }
        found
    }

    #[test]
    fn every_table_declared_in_the_source_is_backed_up() {
        let declared = declared_in_source();
        // The scan itself must work: it sees the tables this file lists by their constants.
        assert!(
            declared.len() >= ALL_TABLES.len(),
            "the scan found only {} declarations",
            declared.len()
        );
        let mut problems = Vec::new();
        for table in &declared {
            match &table.name {
                Ok(name) if is_listed(name) => {}
                Ok(name) => problems.push(format!(
                    "{}: the table {name} is not created by any migration, so it is not in store::tables::ALL_TABLES (backups would refuse the shop's database once it exists); create it in a migration and list it in migrate_tests.rs",
                    table.file
                )),
                // The typed layer's constructors pass their caller's name on; the callers are
                // the declarations this test reads.
                Err(_) if table.file == TYPED_LAYER || table.file == THIS_LIST => {}
                Err(expression) => problems.push(format!(
                    "{}: a table is declared with the name {expression:?}, which is not a literal; declare tables with literal names so this test can check them",
                    table.file
                )),
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn the_scan_finds_every_form_of_declaration() {
        let code = with_turbofish(
            r#"
            const A: JsonTable<u64, Row> = JsonTable::new("a_table");
            const B: ValueTable<&str, u64> =
                ValueTable::new(
                    "b_table");
            const C: TableDefinition<&str, u64> = TableDefinition::new("c_table");
            const D: MultimapTableDefinition<&str, u64> = MultimapTableDefinition::new("d_table");
            let e = TableDefinition::<(u64, u64), &[u8]>::new("e_table");
            let f = TableDefinition::<K, V>::new(name);
            "#,
        );
        let names: Vec<Result<String, String>> = declarations("x.rs", &code)
            .into_iter()
            .map(|d| d.name)
            .collect();
        let found: BTreeSet<String> = names.iter().filter_map(|n| n.clone().ok()).collect();
        let expected: BTreeSet<String> = ["a_table", "b_table", "c_table", "d_table", "e_table"]
            .map(String::from)
            .into();
        assert_eq!(found, expected);
        assert_eq!(names.iter().filter(|n| n.is_err()).count(), 1, "{names:?}");
    }

    #[test]
    fn no_table_is_listed_twice() {
        let mut seen = BTreeSet::new();
        for table in ALL_TABLES.iter() {
            assert!(
                seen.insert(table.name()),
                "{} is listed twice",
                table.name()
            );
        }
    }
}
