//! The changes to a product's image list: adding cleaned uploads (`image_clean` checks them),
//! reordering, removing and alt texts. Files are named by the hash of what is stored, under
//! `<data_dir>/files/images/<code>/`, so names are safe, never collide and a file never
//! changes once written (the resized-copy cache stays valid); uploads no product refers to any
//! more are deleted.
//!
//! Removing a photo also removes it from the variants that show it.
//!
//! A request is all or nothing: every file is checked before any is written, and the files a
//! failed product change wrote are removed again. A change puts the new catalogue snapshot in
//! force (`writer`) before it returns.
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use super::model::Product;
use super::store::PRODUCT_CODE_TO_PRODUCT;
use super::writer::CatalogWriter;
use crate::activity::Actor;
use crate::content::model::Localized;
use crate::store::{Store, StoreError};

pub use super::image_clean::{
    CleanImage, ImageLimits, MAX_SIDE, Plan, SLIP_WORK_BYTES, UploadError, check_image,
    clean_image, clean_upload, display_name, human_size, plan_image,
};

/// Where product image paths point: `/api/file/images/<code>/<file>` is served from
/// `<data_dir>/files/images/<code>/<file>`.
pub const IMAGE_URL_PREFIX: &str = "/api/file/images/";
/// Images one product may have.
pub const MAX_IMAGES: usize = 30;
/// Longest alt text, per language.
pub const MAX_ALT_CHARS: usize = 250;

/// Why a change to a product's images did not happen.
#[derive(Debug, thiserror::Error)]
pub enum ImagesError {
    #[error("there is no product {0}")]
    NoProduct(String),
    #[error("{0}")]
    Invalid(String),
    #[error("the product was changed meanwhile (version {stored}, yours {yours}); reload it")]
    VersionConflict { stored: u64, yours: u64 },
    #[error("{0}")]
    Io(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Files are written, referenced and deleted under this lock, so a file another request is
/// about to reference is never deleted as unreferenced.
static FILES: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The folder of a product's uploaded images. Product codes are letters, digits, `-`, `_`
/// and `.`; the codes `.` and `..` are refused as folder names.
fn product_dir(files_dir: &Path, code: &str) -> Result<PathBuf, ImagesError> {
    if !super::model::is_product_code(code) || code.starts_with('.') {
        return Err(ImagesError::Invalid(format!(
            "images cannot be stored for the code {code:?}"
        )));
    }
    Ok(files_dir.join("images").join(code))
}

/// Writes the files (each under a temporary name in `<data_dir>/cache/uploads`, then renamed
/// into place: a backup never sees half a file). Returns the files that are new.
fn write_files(
    temp_dir: &Path,
    dir: &Path,
    images: &[CleanImage],
) -> Result<Vec<PathBuf>, ImagesError> {
    let fail = |what: &str, path: &Path, e: std::io::Error| {
        ImagesError::Io(format!("{what} {}: {e}", path.display()))
    };
    std::fs::create_dir_all(dir).map_err(|e| fail("cannot create", dir, e))?;
    std::fs::create_dir_all(temp_dir).map_err(|e| fail("cannot create", temp_dir, e))?;
    let mut created = Vec::new();
    let result = (|| {
        for image in images {
            let target = dir.join(&image.file_name);
            if target.exists() {
                continue;
            }
            let mut temp = tempfile::NamedTempFile::new_in(temp_dir)
                .map_err(|e| fail("cannot write in", temp_dir, e))?;
            std::io::Write::write_all(&mut temp, &image.bytes)
                .and_then(|_| temp.as_file().sync_all())
                .map_err(|e| fail("cannot write", temp.path(), e))?;
            temp.persist(&target)
                .map_err(|e| fail("cannot store", &target, e.error))?;
            created.push(target);
        }
        Ok(())
    })();
    match result {
        Ok(()) => Ok(created),
        Err(err) => {
            remove_files(&created);
            Err(err)
        }
    }
}

fn remove_files(paths: &[PathBuf]) {
    for path in paths {
        if let Err(err) = std::fs::remove_file(path)
            && err.kind() != std::io::ErrorKind::NotFound
        {
            tracing::warn!(path = %path.display(), %err, "could not remove an image file");
        }
    }
}

/// The stored product with its live stock level.
fn load(txn: &impl crate::store::Txn, code: &str) -> Result<Product, ImagesError> {
    let mut product = PRODUCT_CODE_TO_PRODUCT
        .read(txn)?
        .get(code)?
        .ok_or_else(|| ImagesError::NoProduct(code.into()))?;
    if let Some(level) = super::stock::STOCK_CODE_TO_LEVEL.read(txn)?.get(code)? {
        product.stock = super::stock::clamp(level);
    }
    Ok(product)
}

/// Whether the product exists (checked before an upload is read).
pub fn product_exists(store: &Store, code: &str) -> Result<bool, StoreError> {
    store.read(|txn| PRODUCT_CODE_TO_PRODUCT.read(txn)?.contains(code))
}

/// Stores checked images and appends them to the product's images (an image it already has
/// is not added twice), bumping its version and logging the change. All or nothing: when the
/// product cannot be changed the files written are removed again.
pub fn add_images(
    catalog: &CatalogWriter,
    data_dir: &Path,
    code: &str,
    images: &[CleanImage],
    actor: Actor,
) -> Result<Product, ImagesError> {
    catalog.change(|store| {
        let files_dir = data_dir.join("files");
        let dir = product_dir(&files_dir, code)?;
        let _files = FILES.lock().unwrap_or_else(|p| p.into_inner());
        let current = store.read(|txn| load(txn, code))?;
        let paths: Vec<String> = images
            .iter()
            .map(|i| format!("{IMAGE_URL_PREFIX}{code}/{}", i.file_name))
            .collect();
        let fresh: Vec<&String> = paths
            .iter()
            .collect::<BTreeSet<_>>()
            .into_iter()
            .filter(|p| !current.images.contains(p))
            .collect();
        if current.images.len() + fresh.len() > MAX_IMAGES {
            return Err(ImagesError::Invalid(format!(
                "a product has at most {MAX_IMAGES} images; {code} has {} and this adds {}",
                current.images.len(),
                fresh.len()
            )));
        }
        let created = write_files(&data_dir.join("cache/uploads"), &dir, images)?;
        let result = store.write(|txn| {
            let mut product = load(txn, code)?;
            let mut added = Vec::new();
            for path in &paths {
                if !product.images.contains(path) {
                    product.images.push(path.clone());
                    added.push(path.rsplit('/').next().unwrap_or_default().to_string());
                }
            }
            if product.images.len() > MAX_IMAGES {
                return Err(ImagesError::Invalid(format!(
                    "a product has at most {MAX_IMAGES} images"
                )));
            }
            if added.is_empty() {
                return Ok(product);
            }
            product.version += 1;
            PRODUCT_CODE_TO_PRODUCT.write(txn)?.put(code, &product)?;
            actor.log(
                txn,
                "product images added",
                &format!("product {code}"),
                &format!("{} added: {}", added.len(), added.join(", ")),
            )?;
            Ok::<Product, ImagesError>(product)
        });
        if result.is_err() {
            remove_files(&created);
        }
        result
    })
}

/// The new image list of a product: a reordering or a subset of its images, with alt text.
#[derive(Debug, Clone, Default)]
pub struct ImagesChange {
    pub images: Vec<String>,
    /// Only for entries of `images`; languages left empty are dropped.
    pub alts: BTreeMap<String, Localized>,
    /// When given, the change is refused if the product's version differs.
    pub version: Option<u64>,
}

fn trimmed(alt: &Localized) -> Localized {
    Localized {
        en: alt.en.trim().into(),
        th: alt.th.trim().into(),
        my: alt.my.trim().into(),
        km: alt.km.trim().into(),
        id: alt.id.trim().into(),
    }
}

/// Reorders, removes and sets alt text in one change; returns the product and the files
/// deleted because no product refers to them any more.
pub fn change_images(
    catalog: &CatalogWriter,
    data_dir: &Path,
    code: &str,
    change: &ImagesChange,
    actor: Actor,
) -> Result<(Product, Vec<String>), ImagesError> {
    catalog.change(|store| {
        let _files = FILES.lock().unwrap_or_else(|p| p.into_inner());
        let (product, removed) = store.write(|txn| {
            let mut product = load(txn, code)?;
            if let Some(yours) = change.version
                && yours != product.version
            {
                return Err(ImagesError::VersionConflict {
                    stored: product.version,
                    yours,
                });
            }
            let mut problems = Vec::new();
            let mut seen = BTreeSet::new();
            for image in &change.images {
                if !product.images.contains(image) {
                    problems.push(format!(
                        "images: {image:?} is not an image of {code} (upload new images instead)"
                    ));
                } else if !seen.insert(image) {
                    problems.push(format!("images: {image:?} is listed twice"));
                }
            }
            let mut alts = BTreeMap::new();
            for (image, alt) in &change.alts {
                if !change.images.contains(image) {
                    problems.push(format!(
                        "imageAlts: {image:?} is not one of the images listed"
                    ));
                    continue;
                }
                let alt = trimmed(alt);
                for (lang, text) in [
                    ("en", &alt.en),
                    ("th", &alt.th),
                    ("my", &alt.my),
                    ("km", &alt.km),
                    ("id", &alt.id),
                ] {
                    if text.chars().count() > MAX_ALT_CHARS {
                        problems.push(format!(
                            "imageAlts.{lang}: at most {MAX_ALT_CHARS} characters ({image})"
                        ));
                    }
                }
                if alt != Localized::default() {
                    alts.insert(image.clone(), alt);
                }
            }
            if !problems.is_empty() {
                return Err(ImagesError::Invalid(problems.join("; ")));
            }
            let removed: Vec<String> = product
                .images
                .iter()
                .filter(|i| !change.images.contains(i))
                .cloned()
                .collect();
            let reordered = removed.is_empty() && product.images != change.images;
            let alts_changed: Vec<&str> = change
                .images
                .iter()
                .filter(|i| alts.get(*i) != product.image_alts.get(*i))
                .map(|i| i.rsplit('/').next().unwrap_or_default())
                .collect();
            if removed.is_empty() && !reordered && alts_changed.is_empty() {
                return Ok((product, Vec::new()));
            }
            let mut details = Vec::new();
            if !removed.is_empty() {
                let names: Vec<&str> = removed
                    .iter()
                    .map(|i| i.rsplit('/').next().unwrap_or_default())
                    .collect();
                details.push(format!("removed {}", names.join(", ")));
            }
            if reordered {
                details.push("order changed".to_string());
            }
            if !alts_changed.is_empty() {
                details.push(format!("alt text of {}", alts_changed.join(", ")));
            }
            product.images = change.images.clone();
            product.image_alts = alts;
            // A variant shows a subset of the product's photos (docs/VARIANTS.md §1): a removed
            // photo leaves the variants that showed it.
            for variant in &mut product.variants {
                variant.images.retain(|i| change.images.contains(i));
            }
            product.version += 1;
            PRODUCT_CODE_TO_PRODUCT.write(txn)?.put(code, &product)?;
            actor.log(
                txn,
                "product images changed",
                &format!("product {code}"),
                &details.join("; "),
            )?;
            Ok::<_, ImagesError>((product, removed))
        })?;
        let deleted = delete_unreferenced(store, &data_dir.join("files"), &removed)?;
        Ok((product, deleted))
    })
}

/// The uploaded file an image path names, if it is one (`demo/…` images are built in).
fn uploaded_file(files_dir: &Path, path: &str) -> Option<PathBuf> {
    let rest = path.strip_prefix(IMAGE_URL_PREFIX)?;
    let (code, file) = rest.split_once('/')?;
    let (hash, ext) = file.split_once('.')?;
    let generated = hash.len() == 20
        && hash.bytes().all(|b| b.is_ascii_hexdigit())
        && ["png", "jpg", "webp"].contains(&ext);
    if !generated || code == "demo" {
        return None;
    }
    product_dir(files_dir, code).ok().map(|dir| dir.join(file))
}

/// Deletes the uploaded files among `paths` that no product refers to. Called with the
/// files lock held.
fn delete_unreferenced(
    store: &Store,
    files_dir: &Path,
    paths: &[String],
) -> Result<Vec<String>, ImagesError> {
    if paths.is_empty() {
        return Ok(Vec::new());
    }
    let referenced: BTreeSet<String> = store.read(|txn| {
        let mut all = BTreeSet::new();
        PRODUCT_CODE_TO_PRODUCT.read(txn)?.try_for_each(|_, p| {
            all.extend(p.images);
            Ok::<(), StoreError>(())
        })?;
        Ok::<_, StoreError>(all)
    })?;
    let mut deleted = Vec::new();
    for path in paths.iter().filter(|p| !referenced.contains(*p)) {
        if let Some(file) = uploaded_file(files_dir, path) {
            remove_files(std::slice::from_ref(&file));
            deleted.push(path.clone());
        }
    }
    Ok(deleted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_generated_upload_names_are_ever_deleted() {
        let dir = Path::new("/data/files");
        assert_eq!(
            uploaded_file(dir, "/api/file/images/SF-1/0123456789abcdef0123.png"),
            Some(PathBuf::from(
                "/data/files/images/SF-1/0123456789abcdef0123.png"
            ))
        );
        assert_eq!(
            uploaded_file(dir, "/api/file/images/demo/SF-1001-1.png"),
            None
        );
        assert_eq!(
            uploaded_file(dir, "/api/file/images/../0123456789abcdef0123.png"),
            None
        );
        assert_eq!(uploaded_file(dir, "/api/file/images/SF-1/x.png"), None);
        assert_eq!(human_size(10 * 1024 * 1024), "10 MB");
    }
}
