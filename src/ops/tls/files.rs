//! What the shop keeps for HTTPS in `<data_dir>/files/tls/` (so `kiosk backup` and
//! `kiosk restore` carry it): the ACME account, the certificate chain and its key, and the
//! status of the last attempt. The folder is 0700 and every file 0600, written whole under a
//! temporary name and renamed, so a crash never leaves half a key.

use std::io::Write;
use std::path::{Path, PathBuf};

use instant_acme::AccountCredentials;
use serde::{Deserialize, Serialize};

use crate::config::Tls;
use crate::http::tls::CertificateStatus;
use crate::store::private;

const ACCOUNT: &str = "acme-account.json";
const CHAIN: &str = "certificate.pem";
const KEY: &str = "certificate.key";

/// The ACME account for one directory: an account belongs to the server that made it.
#[derive(Serialize, Deserialize)]
struct StoredAccount {
    directory: String,
    credentials: AccountCredentials,
}

#[derive(Debug, Clone)]
pub struct TlsFiles {
    dir: PathBuf,
}

impl TlsFiles {
    pub fn new(data_dir: &Path) -> TlsFiles {
        TlsFiles {
            dir: Tls::store_dir(data_dir),
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Creates the folder (0700) and tightens the modes of what a restore brought back.
    pub fn prepare(&self) -> Result<(), String> {
        std::fs::create_dir_all(&self.dir)
            .map_err(|e| format!("cannot create {}: {e}", self.dir.display()))?;
        let _ = private::restrict_dir(&self.dir);
        if let Some(parent) = self.dir.parent() {
            let _ = private::restrict_dir(parent);
        }
        for name in [ACCOUNT, CHAIN, KEY, crate::http::tls::STATUS_FILE] {
            let path = self.dir.join(name);
            if path.exists() {
                let _ = private::restrict_file(&path);
            }
        }
        Ok(())
    }

    pub fn account(&self, directory: &str) -> Option<AccountCredentials> {
        let text = std::fs::read(self.dir.join(ACCOUNT)).ok()?;
        let stored: StoredAccount = serde_json::from_slice(&text).ok()?;
        (stored.directory == directory).then_some(stored.credentials)
    }

    pub fn save_account(
        &self,
        directory: &str,
        credentials: AccountCredentials,
    ) -> Result<(), String> {
        let stored = StoredAccount {
            directory: directory.to_string(),
            credentials,
        };
        let text = serde_json::to_vec_pretty(&stored).map_err(|e| e.to_string())?;
        self.write(ACCOUNT, &text)
    }

    /// The stored chain and key (PEM), if both are there.
    pub fn certificate(&self) -> Option<(Vec<u8>, Vec<u8>)> {
        let chain = std::fs::read(self.dir.join(CHAIN)).ok()?;
        let key = std::fs::read(self.dir.join(KEY)).ok()?;
        Some((chain, key))
    }

    /// Stores a new chain and key: the key first, so a crash between the two leaves a chain
    /// that does not fit its key, which the next start refuses and replaces by a new order.
    pub fn save_certificate(&self, chain: &[u8], key: &[u8]) -> Result<(), String> {
        self.write(KEY, key)?;
        self.write(CHAIN, chain)
    }

    pub fn status(&self) -> Option<CertificateStatus> {
        CertificateStatus::read(&self.dir)
    }

    pub fn save_status(&self, status: &CertificateStatus) -> Result<(), String> {
        let text = serde_json::to_vec_pretty(status).map_err(|e| e.to_string())?;
        self.write(crate::http::tls::STATUS_FILE, &text)
    }

    fn write(&self, name: &str, bytes: &[u8]) -> Result<(), String> {
        let path = self.dir.join(name);
        let temporary = self.dir.join(format!(".{name}.new"));
        let fail = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut file = options.open(&temporary).map_err(fail)?;
        file.write_all(bytes).map_err(fail)?;
        file.sync_all().map_err(fail)?;
        drop(file);
        private::restrict_file(&temporary).map_err(fail)?;
        std::fs::rename(&temporary, &path).map_err(fail)?;
        if let Ok(dir) = std::fs::File::open(&self.dir) {
            let _ = dir.sync_all();
        }
        Ok(())
    }
}
