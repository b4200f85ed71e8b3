//! Backups: writing, verifying and restoring an archive, against real files.

use super::*;

#[test]
fn a_backup_restores_every_row_and_file() {
    let source = tempfile::tempdir().unwrap();
    let store = Store::open(source.path()).unwrap();
    crate::accounts::store::jwt_secret(&store).unwrap();
    let files = source.path().join("files");
    std::fs::create_dir_all(files.join("images")).unwrap();
    std::fs::write(files.join("images/sofa.png"), b"png bytes").unwrap();

    let out = tempfile::tempdir().unwrap();
    let archive = out.path().join("shop.tar");
    let report = write_backup(&store, &files, &archive).unwrap();
    assert!(report.bytes > 0 && report.files == 1);

    let target = tempfile::tempdir().unwrap();
    let restored = restore(&archive, target.path()).unwrap();
    assert_eq!(restored.rows, report.rows);
    assert_eq!(
        std::fs::read(target.path().join("files/images/sofa.png")).unwrap(),
        b"png bytes"
    );
    let again = Store::open(target.path()).unwrap();
    assert_eq!(
        crate::accounts::store::jwt_secret(&again).unwrap(),
        crate::accounts::store::jwt_secret(&store).unwrap()
    );
}

#[test]
fn the_last_backup_is_recorded_and_warned_about_when_failed_or_old() {
    let source = tempfile::tempdir().unwrap();
    let store = Store::open(source.path()).unwrap();
    assert_eq!(last_backup(&store).unwrap(), None);
    assert_eq!(backup_warning(None, 0), Some(BackupWarning::Never));

    let out = tempfile::tempdir().unwrap();
    let dest = out.path().join("shop.tar");
    let written = write_backup(&store, Path::new("/nonexistent"), &dest);
    record_backup(&store, written.as_ref());
    let ok = last_backup(&store).unwrap().expect("recorded");
    assert!(ok.ok && ok.error.is_none() && ok.last_written_at == Some(ok.at));
    assert_eq!(backup_warning(Some(&ok), ok.at + 3600), None);
    assert_eq!(
        backup_warning(Some(&ok), ok.at + BACKUP_OVERDUE_SECONDS + 1),
        Some(BackupWarning::Overdue)
    );

    let failed = write_backup(
        &store,
        Path::new("/nonexistent"),
        &out.path().join("no/x.tar"),
    );
    record_backup(&store, failed.as_ref());
    let record = last_backup(&store).unwrap().expect("recorded");
    assert!(!record.ok && record.error.is_some(), "{record:?}");
    assert_eq!(
        record.last_written_at, ok.last_written_at,
        "a failure keeps when a backup was last written"
    );
    assert_eq!(
        backup_warning(Some(&record), record.at),
        Some(BackupWarning::Failed)
    );
}

#[test]
fn a_truncated_backup_is_refused_and_changes_nothing() {
    let source = tempfile::tempdir().unwrap();
    let store = Store::open(source.path()).unwrap();
    let out = tempfile::tempdir().unwrap();
    let archive = out.path().join("shop.tar");
    write_backup(&store, Path::new("/nonexistent"), &archive).unwrap();
    let bytes = std::fs::read(&archive).unwrap();
    std::fs::write(&archive, &bytes[..bytes.len() / 2]).unwrap();

    let target = tempfile::tempdir().unwrap();
    std::fs::write(target.path().join("kiosk.redb"), b"").unwrap();
    let err = restore(&archive, target.path()).unwrap_err();
    assert!(matches!(err, BackupError::Damaged { .. }), "{err}");
    assert!(target.path().join("kiosk.redb").exists());
    assert!(!target.path().join("kiosk.redb.before-restore").exists());
}
