//! Every table in the database, typed, so that a backup can copy all of them and `check` can
//! count them. redb cannot iterate a table without its types, so a table missing here would
//! be missing from backups: `backup::write_backup` refuses a database holding an unlisted
//! table, and the shop's nightly backups would stop (issue 29: `order_id_to_guest_keys` and
//! `proof_hash_to_order` were missing, so the first guest order stopped every backup).
//!
//! Three walls keep the list whole, so a missing table fails the test suite rather than the
//! owner's backup:
//! - a unit test below reads every source file under `src/` and finds every table declared
//!   there (`JsonTable::new`, `ValueTable::new`, `TableDefinition::new`,
//!   `MultimapTableDefinition::new`); each must be listed here;
//! - the typed table layer asserts, in debug builds (every test run), that a table opened for
//!   writing is listed ([`assert_listed`]);
//! - the migrations create exactly the listed tables (`migrate_tests.rs`), so a fresh shop
//!   already holds every table and a backup test sees them all.

use redb::{
    Key, ReadTransaction, ReadableTable, ReadableTableMetadata, TableDefinition, TableHandle,
    Value, WriteTransaction,
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

pub const ALL_TABLES: &[AnyTable] = &[
    AnyTable::TextToText(super::META.definition()),
    AnyTable::TextToText(super::seed::SEED_DOCUMENT_TO_HASH.definition()),
    AnyTable::TextToU64(super::SEQUENCE_NAME_TO_NEXT.definition()),
    AnyTable::TextToBytes(crate::content::store::LOCALE_CODE_TO_MESSAGES.definition()),
    AnyTable::TextToBytes(crate::content::store::LABEL_SET_TO_LABELS.definition()),
    AnyTable::TextToBytes(crate::content::store::PAGE_NAME_TO_PAGE.definition()),
    AnyTable::TextToBytes(crate::accounts::menu_store::ADMIN_ROLE_TO_MENUS.definition()),
    AnyTable::TextToBytes(crate::catalog::store::ROOM_KEY_TO_ROOM.definition()),
    AnyTable::TextToBytes(crate::catalog::store::CATEGORY_KEY_TO_CATEGORY.definition()),
    AnyTable::TextToBytes(crate::catalog::store::PRODUCT_CODE_TO_PRODUCT.definition()),
    AnyTable::TextToBytes(crate::cart::store::CART_OWNER_TO_CART.definition()),
    AnyTable::TextToBytes(crate::pricing::store::PROMOTION_ID_TO_PROMOTION.definition()),
    AnyTable::TextToBytes(crate::pricing::store::COUPON_CODE_TO_COUPON.definition()),
    AnyTable::TextToU64(crate::pricing::store::COUPON_KEY_TO_USES.definition()),
    AnyTable::TextToBytes(crate::accounts::store::SECRET_NAME_TO_BYTES.definition()),
    AnyTable::U64ToBytes(crate::accounts::store::USER_ID_TO_USER.definition()),
    AnyTable::TextToU64(crate::accounts::store::USERNAME_TO_USER_ID.definition()),
    AnyTable::TextToU64(crate::accounts::store::PROVIDER_SUBJECT_TO_USER_ID.definition()),
    AnyTable::TextToU64(crate::accounts::store::REVOKED_TOKEN_TO_EXPIRY.definition()),
    AnyTable::PairToBytes(crate::accounts::coins::COIN_LEDGER.definition()),
    AnyTable::PairToBytes(crate::activity::LOG_TIME_TO_LINE.definition()),
    AnyTable::TextToU64(crate::catalog::stock::STOCK_CODE_TO_LEVEL.definition()),
    AnyTable::TextU64ToBytes(crate::catalog::edit::STOCK_LEDGER.definition()),
    AnyTable::U64ToBytes(crate::orders::store::ORDER_ID_TO_ORDER.definition()),
    AnyTable::U64ToBytes(crate::orders::guest::ORDER_ID_TO_GUEST_KEYS.definition()),
    AnyTable::TextToU64(crate::payments::proofs::PROOF_HASH_TO_ORDER.definition()),
    AnyTable::PairToBytes(crate::orders::store::ORDER_USER_TO_ORDER.definition()),
    AnyTable::TextToU64(crate::orders::store::ORDER_KEY_TO_ORDER.definition()),
    AnyTable::U64ToBytes(crate::orders::store::REFUND_DUE_TO_ORDER.definition()),
    AnyTable::TextToBytes(crate::accounts::permissions::ROLE_NAME_TO_PERMISSIONS.definition()),
    AnyTable::TextToBytes(crate::accounts::reset::RESET_TOKEN_TO_TICKET.definition()),
    AnyTable::PairToBytes(crate::orders::desk::ORDER_STATUS_TO_ORDER.definition()),
    AnyTable::TextU64ToBytes(crate::orders::desk::ORDER_TERM_TO_ORDER.definition()),
    AnyTable::TextToBytes(crate::orders::sales::SALES_DAY_TO_TOTALS.definition()),
    AnyTable::U64ToBytes(crate::notify::outbox::OUTBOX_ID_TO_MESSAGE.definition()),
    AnyTable::TextToU64(crate::notify::outbox::OUTBOX_KEY_TO_ID.definition()),
    AnyTable::PairToBytes(crate::notify::outbox::OUTBOX_DUE_TO_ID.definition()),
    AnyTable::PairToBytes(crate::notify::outbox::OUTBOX_ORDER_TO_ID.definition()),
    AnyTable::TextToBytes(crate::search::live::SEARCH_NAME_TO_SYNONYMS.definition()),
    AnyTable::TextToU64(crate::search::misses::SEARCH_MISS_TO_COUNT.definition()),
    AnyTable::PairToBytes(crate::documents::issued::ORDER_DOCUMENT_TO_PRINT.definition()),
];

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
        "the table {name} is not in store::tables::ALL_TABLES, so backups could not copy it: \
         list it there and create it in a migration"
    );
}

impl AnyTable {
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
    /// The names the migrations create are held to [`ALL_TABLES`] by `migrate_tests.rs`.
    const NOT_SHOP_TABLES: &[&str] = &["store/migrate.rs", "store/migrate_tests.rs"];

    /// The typed table layer, whose constructors wrap `TableDefinition::new(name)`.
    const TYPED_LAYER: &str = "store/table.rs";

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
            if NOT_SHOP_TABLES.contains(&file.as_str()) {
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
                    "{}: the table {name} is not in store::tables::ALL_TABLES (backups would refuse the shop's database once it exists); list it and create it in a migration",
                    table.file
                )),
                // The typed layer's constructors pass their caller's name on; the callers are
                // the declarations this test reads.
                Err(_) if table.file == TYPED_LAYER => {}
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
        for table in ALL_TABLES {
            assert!(
                seen.insert(table.name()),
                "{} is listed twice",
                table.name()
            );
        }
    }
}
