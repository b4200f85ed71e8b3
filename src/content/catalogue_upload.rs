//! The e-catalogue PDF the owner uploads (not the catalogue PDF the shop draws itself, which is
//! `documents::catalogue`): checked to be a PDF by its content, written atomically to
//! `<data_dir>/files/catalog-min.pdf` (so `kiosk backup` carries it, and
//! `GET /api/file/pdf/get/catalog-min.pdf` serves it instead of the built-in copy).
//!
//! The file's name and its public URL are defined here, the lowest floor that needs them; the
//! file handler and the page shell above read them from here (docs/ARCHITECTURE.md, floors).

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;

use crate::store::{Store, StoreError};

/// The one PDF the shop publishes, under `<data_dir>/files/` (and built into the binary).
pub const CATALOGUE_PDF: &str = "catalog-min.pdf";
/// Where shoppers download it.
pub const CATALOG_URL: &str = "/api/file/pdf/get/catalog-min.pdf";

/// Why an upload was refused.
#[derive(Debug, thiserror::Error)]
pub enum UploadError {
    #[error("{0}")]
    NotPdf(String),
    #[error("the file is larger than {limit} bytes")]
    TooLarge { limit: u64 },
    #[error("cannot store the file: {0}")]
    Io(#[from] std::io::Error),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// How far from the end `%%EOF` may stand (trailing whitespace or a short junk tail are common).
const EOF_WINDOW: usize = 1024;

/// Whether `bytes` is a (complete) PDF: `%PDF-1.x` at the start (within the first 1 KiB, as
/// readers accept) and `%%EOF` near the end.
pub fn check_pdf(bytes: &[u8]) -> Result<(), UploadError> {
    if bytes.is_empty() {
        return Err(UploadError::NotPdf("the file is empty".into()));
    }
    let head = &bytes[..bytes.len().min(1024)];
    let starts = head
        .windows(5)
        .position(|w| w == b"%PDF-")
        .is_some_and(|at| bytes.len() > at + 7 && bytes[at + 5].is_ascii_digit());
    if !starts {
        return Err(UploadError::NotPdf(
            "the file is not a PDF (it does not begin with %PDF-)".into(),
        ));
    }
    let tail = &bytes[bytes.len().saturating_sub(EOF_WINDOW)..];
    if !tail.windows(5).any(|w| w == b"%%EOF") {
        return Err(UploadError::NotPdf(
            "the PDF is incomplete (no %%EOF at its end): upload the whole file again".into(),
        ));
    }
    Ok(())
}

/// What the staff page shows about the current file.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct CatalogueFile {
    /// Whether an uploaded file replaces the built-in one.
    pub uploaded: bool,
    /// Size in bytes of the file served.
    pub bytes: u64,
    /// When it was uploaded (unix milliseconds); absent for the built-in copy.
    #[ts(optional)]
    pub modified: Option<u64>,
    /// Where shoppers download it.
    pub url: String,
}

pub fn path_in(files_dir: &Path) -> PathBuf {
    files_dir.join(CATALOGUE_PDF)
}

/// The file served now.
pub fn current(files_dir: &Path) -> CatalogueFile {
    let url = CATALOG_URL.to_string();
    match std::fs::metadata(path_in(files_dir)) {
        Ok(meta) => CatalogueFile {
            uploaded: true,
            bytes: meta.len(),
            modified: meta
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map(|d| d.as_millis() as u64),
            url,
        },
        Err(_) => CatalogueFile {
            uploaded: false,
            bytes: crate::embedded::Assets::get(CATALOGUE_PDF).map_or(0, |f| f.data.len() as u64),
            modified: None,
            url,
        },
    }
}

/// Checks and stores an upload: a temporary file in the same folder, flushed to disk, then
/// renamed over the old one, so shoppers never download half a file. The activity line is
/// written after the rename succeeds (a file cannot share the database transaction; a failed
/// log write leaves the new file in place and reports the error).
pub fn store_upload(
    store: &Store,
    files_dir: &Path,
    actor: &str,
    kcard: &str,
    original_name: &str,
    bytes: &[u8],
) -> Result<CatalogueFile, UploadError> {
    check_pdf(bytes)?;
    std::fs::create_dir_all(files_dir)?;
    let before = current(files_dir);
    let target = path_in(files_dir);
    let mut temp = tempfile::Builder::new()
        .prefix(".catalog-upload-")
        .suffix(".tmp")
        .tempfile_in(files_dir)?;
    temp.write_all(bytes)?;
    temp.as_file().sync_all()?;
    temp.persist(&target).map_err(|err| err.error)?;
    let details = format!(
        "{} {} bytes → {:?} {} bytes",
        if before.uploaded {
            "uploaded"
        } else {
            "built-in"
        },
        before.bytes,
        original_name.chars().take(100).collect::<String>(),
        bytes.len()
    );
    store.write(|txn| {
        crate::activity::log(
            txn,
            &crate::activity::Event {
                actor,
                kcard,
                action: "e-catalogue uploaded",
                target: &format!("file {CATALOGUE_PDF}"),
                details: &details,
            },
        )
    })?;
    Ok(current(files_dir))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_whole_pdfs_pass() {
        assert!(check_pdf(b"%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n").is_ok());
        assert!(check_pdf(b"").is_err());
        assert!(check_pdf(b"MZ\x90\x00 this is an exe %%EOF").is_err());
        assert!(check_pdf(b"%PDF-1.7\n1 0 obj\n<<>>\nendobj\n").is_err());
        let mut long = b"%PDF-1.4\n".to_vec();
        long.extend_from_slice(b"%%EOF");
        long.extend(std::iter::repeat_n(b' ', 2000));
        assert!(check_pdf(&long).is_err(), "%%EOF must be near the end");
    }
}
