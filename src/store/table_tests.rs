//! The typed table layer against a real database file.

use super::*;
use crate::store::Store;

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
struct Row {
    name: String,
    #[serde(default)]
    size: u32,
}

const ROWS: JsonTable<u64, Row> = JsonTable::new("test_id_to_row");
const INDEX: ValueTable<&str, u64> = ValueTable::new("test_name_to_id");

fn row(name: &str, size: u32) -> Row {
    Row {
        name: name.into(),
        size,
    }
}

fn store() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    (dir, store)
}

#[test]
fn rows_written_in_a_write_transaction_read_back_in_either_kind() {
    let (_dir, store) = store();
    store
        .write(|txn| {
            let mut rows = ROWS.write(txn)?;
            rows.put(2, &row("sofa", 3))?;
            rows.put(1, &row("chair", 1))?;
            INDEX.write(txn)?.put("sofa", 2)?;
            // redb opens a table once at a time per transaction.
            drop(rows);
            // Reads inside the same write transaction see the rows just written.
            assert_eq!(ROWS.read(txn)?.get(2)?, Some(row("sofa", 3)));
            Ok::<(), StoreError>(())
        })
        .unwrap();
    store
        .read(|txn| {
            let rows = ROWS.read(txn)?;
            assert_eq!(rows.values()?, vec![row("chair", 1), row("sofa", 3)]);
            assert_eq!(rows.range(2..)?, vec![row("sofa", 3)]);
            assert_eq!(rows.last(1)?, vec![row("sofa", 3)]);
            assert_eq!(rows.len()?, 2);
            assert!(rows.contains(1)? && !rows.contains(9)?);
            assert_eq!(INDEX.read(txn)?.get("sofa")?, Some(2));
            Ok::<(), StoreError>(())
        })
        .unwrap();
}

#[test]
fn an_error_in_the_work_abandons_every_write() {
    let (_dir, store) = store();
    store
        .write(|txn| ROWS.write(txn)?.put(1, &row("kept", 1)))
        .unwrap();
    let outcome = store.write(|txn| {
        ROWS.write(txn)?.put(2, &row("lost", 2))?;
        Err::<(), StoreError>(StoreError::Closed)
    });
    assert!(matches!(outcome, Err(StoreError::Closed)));
    let rows = store.read(|txn| ROWS.read(txn)?.values()).unwrap();
    assert_eq!(rows, vec![row("kept", 1)]);
}

#[test]
fn an_undecodable_row_is_an_error_naming_table_and_key() {
    let (_dir, store) = store();
    store
        .write(|txn| {
            txn.open_table(ROWS.definition())?
                .insert(7, b"not json".as_slice())?;
            Ok::<(), StoreError>(())
        })
        .unwrap();
    let err = store.read(|txn| ROWS.read(txn)?.get(7)).unwrap_err();
    let text = err.to_string();
    assert!(
        matches!(
            err,
            StoreError::Decode {
                table: "test_id_to_row",
                ..
            }
        ) && text.contains('7'),
        "{text}"
    );
}

#[test]
fn remove_and_retain_answer_what_went() {
    let (_dir, store) = store();
    store
        .write(|txn| {
            let mut rows = ROWS.write(txn)?;
            for (id, size) in [(1, 1), (2, 5), (3, 9)] {
                rows.put(id, &row("x", size))?;
            }
            assert_eq!(rows.remove(1)?, Some(row("x", 1)));
            assert_eq!(rows.remove(1)?, None);
            assert_eq!(rows.retain(|r| r.size > 6)?, 1);
            assert_eq!(rows.values()?, vec![row("x", 9)]);
            let mut index = INDEX.write(txn)?;
            index.put("a", 1)?;
            index.put("b", 2)?;
            assert_eq!(index.retain(|_, id| id > 1)?, 1);
            assert!(index.remove("b")?);
            assert!(!index.remove("b")?);
            Ok::<(), StoreError>(())
        })
        .unwrap();
}
