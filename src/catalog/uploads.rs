//! Product images staff upload, and the changes to a product's image list.
//!
//! Every upload is checked by its content, never by its name or declared type: the first
//! bytes must be PNG, JPEG or WebP (SVG is refused: it can carry scripts), the header's size
//! is checked against the pixel limit before anything is decoded (a small file declaring
//! 30 000 × 30 000 pixels is refused without allocating them), and the whole image is decoded
//! under `image::Limits`. What is stored is a re-encoding of the decoded pixels, turned
//! upright by the EXIF orientation first: no EXIF (camera, GPS position) survives. Files are
//! named by the hash of what is stored, under `<data_dir>/files/images/<code>/`, so names are
//! safe, never collide and a file never changes once written (the resized-copy cache stays
//! valid).
//!
//! A request is all or nothing: every file is checked before any is written, and the files a
//! failed product change wrote are removed again.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Cursor;
use std::path::{Path, PathBuf};

use image::{DynamicImage, ImageDecoder, ImageEncoder, ImageFormat, ImageReader};
use sha2::{Digest, Sha256};

use super::model::Product;
use super::store::PRODUCT_CODE_TO_PRODUCT;
use crate::content::model::Localized;
use crate::store::{Store, StoreError};

/// Where product image paths point: `/api/file/images/<code>/<file>` is served from
/// `<data_dir>/files/images/<code>/<file>`.
pub const IMAGE_URL_PREFIX: &str = "/api/file/images/";
/// Longest side of an accepted image, whatever the pixel limit.
pub const MAX_SIDE: u32 = 20_000;
/// Images one product may have.
pub const MAX_IMAGES: usize = 30;
/// Longest alt text, per language.
pub const MAX_ALT_CHARS: usize = 250;
const JPEG_QUALITY: u8 = 90;

/// The limits an upload is checked against (from `[uploads]` in the config).
#[derive(Debug, Clone, Copy)]
pub struct ImageLimits {
    pub max_bytes: u64,
    pub max_pixels: u64,
}

impl From<&crate::config::Uploads> for ImageLimits {
    fn from(uploads: &crate::config::Uploads) -> Self {
        ImageLimits {
            max_bytes: uploads.image_max_bytes,
            max_pixels: uploads.image_max_pixels,
        }
    }
}

/// An accepted image, cleaned and ready to store.
#[derive(Debug, Clone)]
pub struct CleanImage {
    /// `<hash>.<ext>`: the stored name.
    pub file_name: String,
    pub bytes: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Png,
    Jpeg,
    Webp,
}

impl Kind {
    fn format(self) -> ImageFormat {
        match self {
            Kind::Png => ImageFormat::Png,
            Kind::Jpeg => ImageFormat::Jpeg,
            Kind::Webp => ImageFormat::WebP,
        }
    }

    fn extension(self) -> &'static str {
        match self {
            Kind::Png => "png",
            Kind::Jpeg => "jpg",
            Kind::Webp => "webp",
        }
    }
}

/// A file's name as messages show it: printable, at most 80 characters; `file N` when the
/// browser sent none.
pub fn display_name(name: Option<&str>, index: usize) -> String {
    let cleaned: String = name
        .unwrap_or_default()
        .chars()
        .filter(|c| !c.is_control())
        .take(80)
        .collect();
    if cleaned.trim().is_empty() {
        format!("file {}", index + 1)
    } else {
        cleaned
    }
}

/// What the first bytes say the file is; the reason it is refused otherwise.
fn sniff(bytes: &[u8]) -> Result<Kind, String> {
    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n";
    if bytes.is_empty() {
        return Err("is empty".into());
    }
    if bytes.starts_with(PNG) {
        return Ok(Kind::Png);
    }
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        return Ok(Kind::Jpeg);
    }
    if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        return Ok(Kind::Webp);
    }
    if bytes.starts_with(b"MZ") || bytes.starts_with(b"\x7fELF") || bytes.starts_with(b"#!") {
        return Err(
            "is not an image: it is a program (only PNG, JPEG or WebP images are accepted)".into(),
        );
    }
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(2048)]).to_ascii_lowercase();
    if head.contains("<svg") {
        return Err(
            "is an SVG drawing: SVG is not accepted because it can carry scripts; upload a PNG, JPEG or WebP image"
                .into(),
        );
    }
    if bytes.len() >= 12 && &bytes[4..8] == b"ftyp" {
        let brand = String::from_utf8_lossy(&bytes[8..12]).to_ascii_lowercase();
        if brand.starts_with("hei") || brand.starts_with("mif") || brand.starts_with("hev") {
            return Err(
                "is a HEIC photo, which browsers cannot show; export it as JPEG (on an iPhone: Settings → Camera → Formats → Most Compatible)"
                    .into(),
            );
        }
    }
    if bytes.starts_with(b"GIF8") {
        return Err("is a GIF; upload a PNG, JPEG or WebP image".into());
    }
    Err("is not a PNG, JPEG or WebP image".into())
}

fn decode_problem(err: &image::ImageError) -> String {
    use image::ImageError as E;
    match err {
        E::Limits(_) => "is too large to process".into(),
        E::Unsupported(e) => format!("uses an image feature that is not supported ({e})"),
        E::IoError(_) | E::Decoding(_) | E::Parameter(_) | E::Encoding(_) => {
            format!("is damaged or incomplete ({err})")
        }
    }
}

/// Checks one uploaded file by its content and re-encodes it without metadata. The error is
/// the reason, to follow the file's name ("x.png is not an image…").
pub fn check_image(bytes: &[u8], limits: &ImageLimits) -> Result<CleanImage, String> {
    if bytes.len() as u64 > limits.max_bytes {
        return Err(format!("is larger than {}", human_size(limits.max_bytes)));
    }
    let kind = sniff(bytes)?;
    let reader = |limits: image::Limits| {
        let mut reader = ImageReader::with_format(Cursor::new(bytes), kind.format());
        reader.limits(limits);
        reader
    };
    // 1. The header only: the declared size is checked before any pixel is allocated.
    let (width, height) = reader(image::Limits::default())
        .into_dimensions()
        .map_err(|e| decode_problem(&e))?;
    let pixels = u64::from(width) * u64::from(height);
    if width == 0 || height == 0 {
        return Err("has no pixels".into());
    }
    if pixels > limits.max_pixels || width > MAX_SIDE || height > MAX_SIDE {
        return Err(format!(
            "is {width} × {height} pixels; at most {} megapixels and {MAX_SIDE} pixels a side are accepted",
            limits.max_pixels / 1_000_000
        ));
    }
    // 2. All of it, under limits (decoders check them again before allocating).
    let mut strict = image::Limits::default();
    strict.max_image_width = Some(MAX_SIDE);
    strict.max_image_height = Some(MAX_SIDE);
    strict.max_alloc = Some(limits.max_pixels.saturating_mul(8).max(64 * 1024 * 1024));
    let mut decoder = reader(strict)
        .into_decoder()
        .map_err(|e| decode_problem(&e))?;
    let orientation = decoder
        .orientation()
        .unwrap_or(image::metadata::Orientation::NoTransforms);
    let icc = decoder.icc_profile().ok().flatten();
    let mut image = DynamicImage::from_decoder(decoder).map_err(|e| decode_problem(&e))?;
    image.apply_orientation(orientation);

    // 3. Re-encoded from the pixels: metadata (EXIF, GPS, comments) is left behind. The
    // colour profile is kept so colours look the same.
    let (width, height) = (image.width(), image.height());
    let mut out = Vec::new();
    let encoded = match kind {
        Kind::Png => {
            let mut encoder = image::codecs::png::PngEncoder::new(&mut out);
            if let Some(icc) = icc {
                let _ = encoder.set_icc_profile(icc);
            }
            image.write_with_encoder(encoder)
        }
        Kind::Jpeg => {
            let image = match image {
                DynamicImage::ImageLuma8(_) | DynamicImage::ImageRgb8(_) => image,
                other => DynamicImage::ImageRgb8(other.to_rgb8()),
            };
            let mut encoder =
                image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY);
            if let Some(icc) = icc {
                let _ = encoder.set_icc_profile(icc);
            }
            image.write_with_encoder(encoder)
        }
        Kind::Webp => {
            let image = match image {
                DynamicImage::ImageRgb8(_) | DynamicImage::ImageRgba8(_) => image,
                other => DynamicImage::ImageRgba8(other.to_rgba8()),
            };
            let mut encoder = image::codecs::webp::WebPEncoder::new_lossless(&mut out);
            if let Some(icc) = icc {
                let _ = encoder.set_icc_profile(icc);
            }
            image.write_with_encoder(encoder)
        }
    };
    encoded.map_err(|e| format!("could not be saved ({e})"))?;
    let hash = hex::encode(&Sha256::digest(&out)[..10]);
    Ok(CleanImage {
        file_name: format!("{hash}.{}", kind.extension()),
        width,
        height,
        bytes: out,
    })
}

/// `10 MB`, `512 KB`.
pub fn human_size(bytes: u64) -> String {
    if bytes >= 1024 * 1024 && bytes.is_multiple_of(1024 * 1024) {
        format!("{} MB", bytes / (1024 * 1024))
    } else if bytes >= 1024 * 1024 {
        format!("{:.1} MB", bytes as f64 / (1024.0 * 1024.0))
    } else {
        format!("{} KB", bytes.div_ceil(1024))
    }
}

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

/// Who makes a change, for the activity log.
#[derive(Debug, Clone, Copy)]
pub struct Actor<'a> {
    pub name: &'a str,
    pub kcard: &'a str,
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
    store: &Store,
    data_dir: &Path,
    code: &str,
    images: &[CleanImage],
    actor: Actor,
) -> Result<Product, ImagesError> {
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
        crate::activity::log(
            txn,
            &crate::activity::Event {
                actor: actor.name,
                kcard: actor.kcard,
                action: "product images added",
                target: &format!("product {code}"),
                details: &format!("{} added: {}", added.len(), added.join(", ")),
            },
        )?;
        Ok::<Product, ImagesError>(product)
    });
    if result.is_err() {
        remove_files(&created);
    }
    result
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
    store: &Store,
    data_dir: &Path,
    code: &str,
    change: &ImagesChange,
    actor: Actor,
) -> Result<(Product, Vec<String>), ImagesError> {
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
        product.version += 1;
        PRODUCT_CODE_TO_PRODUCT.write(txn)?.put(code, &product)?;
        crate::activity::log(
            txn,
            &crate::activity::Event {
                actor: actor.name,
                kcard: actor.kcard,
                action: "product images changed",
                target: &format!("product {code}"),
                details: &details.join("; "),
            },
        )?;
        Ok::<_, ImagesError>((product, removed))
    })?;
    let deleted = delete_unreferenced(store, &data_dir.join("files"), &removed)?;
    Ok((product, deleted))
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

    const LIMITS: ImageLimits = ImageLimits {
        max_bytes: 10 * 1024 * 1024,
        max_pixels: 50_000_000,
    };

    fn png(width: u32, height: u32) -> Vec<u8> {
        let image = image::RgbImage::from_fn(width, height, |x, y| {
            image::Rgb([(x * 7) as u8, (y * 5) as u8, 90])
        });
        let mut out = Vec::new();
        image
            .write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
            .unwrap();
        out
    }

    #[test]
    fn a_png_is_accepted_and_named_by_its_content() {
        let clean = check_image(&png(40, 30), &LIMITS).unwrap();
        assert_eq!((clean.width, clean.height), (40, 30));
        assert!(clean.file_name.ends_with(".png"));
        assert_eq!(clean.file_name.len(), 24);
        let again = check_image(&png(40, 30), &LIMITS).unwrap();
        assert_eq!(clean.file_name, again.file_name);
    }

    #[test]
    fn other_files_are_refused_with_a_reason() {
        let refused = |bytes: &[u8]| check_image(bytes, &LIMITS).unwrap_err();
        assert!(refused(b"MZ\x90\x00rest of a program").contains("program"));
        assert!(
            refused(b"<?xml version=\"1.0\"?><svg><script>alert(1)</script></svg>").contains("SVG")
        );
        assert!(refused(b"").contains("empty"));
        assert!(refused(b"GIF89a......").contains("GIF"));
        let whole = png(64, 64);
        assert!(refused(&whole[..whole.len() / 2]).contains("damaged or incomplete"));
    }

    #[test]
    fn a_size_over_the_limit_is_refused() {
        let small = ImageLimits {
            max_bytes: 100,
            max_pixels: 50_000_000,
        };
        assert!(
            check_image(&png(40, 30), &small)
                .unwrap_err()
                .contains("larger than")
        );
        let few = ImageLimits {
            max_bytes: 1 << 20,
            max_pixels: 100,
        };
        assert!(
            check_image(&png(40, 30), &few)
                .unwrap_err()
                .contains("40 × 30")
        );
    }

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
