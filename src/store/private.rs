//! The data folder holds the JWT signing secret (in the database), customers' details and
//! backups: only the shop's own user may read it, whatever the umask. Directories are made
//! 0700 and files 0600; `kiosk check` names anything looser.

use std::path::Path;

/// Makes `dir` readable by its owner only (0700).
pub fn restrict_dir(dir: &Path) -> std::io::Result<()> {
    set_mode(dir, 0o700)
}

/// Makes `file` readable and writable by its owner only (0600).
pub fn restrict_file(file: &Path) -> std::io::Result<()> {
    set_mode(file, 0o600)
}

#[cfg(unix)]
fn set_mode(path: &Path, mode: u32) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
}

#[cfg(not(unix))]
fn set_mode(_path: &Path, _mode: u32) -> std::io::Result<()> {
    Ok(())
}

/// The data folder, the database and any kept or archived copy of it in the folder that group
/// or others may read or enter, as `path (mode 0644)`. (Files under `files/` are safe once the
/// folder is 0700: nobody else can reach them.)
#[cfg(unix)]
pub fn loose_modes(data_dir: &Path) -> Vec<String> {
    use std::os::unix::fs::PermissionsExt;
    let mut loose = Vec::new();
    let mut check = |path: &Path| {
        if let Ok(meta) = std::fs::symlink_metadata(path) {
            let mode = meta.permissions().mode() & 0o777;
            if mode & 0o077 != 0 {
                loose.push(format!("{} (mode {mode:04o})", path.display()));
            }
        }
    };
    check(data_dir);
    check(&data_dir.join("kiosk.redb"));
    if let Ok(entries) = std::fs::read_dir(data_dir) {
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.ends_with(".tar") || name.starts_with("kiosk.redb.") {
                check(&entry.path());
            }
        }
    }
    loose
}

#[cfg(not(unix))]
pub fn loose_modes(_data_dir: &Path) -> Vec<String> {
    Vec::new()
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn restricted_paths_are_owner_only_and_loose_ones_are_named() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("kiosk.redb");
        std::fs::write(&file, b"x").unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        assert_eq!(loose_modes(dir.path()).len(), 2);
        restrict_dir(dir.path()).unwrap();
        restrict_file(&file).unwrap();
        assert!(loose_modes(dir.path()).is_empty());
        let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }
}
