//! Resized copies of product images (`?w=`): encoded lossy, never heavier than what the shopper
//! could be sent instead, made once and kept on disk.
//!
//! The rule that keeps a page light: the answer for a width is the smallest file, in bytes,
//! among the copies at that width and every wider one (up to the original's own width) and the
//! original itself. Each of those shows at least as many pixels as asked for, so choosing the
//! lightest never costs sharpness, and a narrower width is never heavier than a wider one.
//! The demo catalogue's flat 800 px PNGs show why it matters: lossless WebP made their 480 px
//! copies larger than the PNGs.
//!
//! Quality, measured over the 339 demo images (800 × 600 flat illustrations with soft
//! gradients) with `cargo run --example image_sizes`; total bytes of the copies at each width
//! before the rule above (the PNG originals total 3.6 MB):
//!
//! | WebP quality | 320 px | 480 px | 640 px | 480 px copies heavier than the PNG | at 480 px |
//! |---|---|---|---|---|---|
//! | lossless (before) | 3.93 MB | 6.54 MB | 9.51 MB | 321 of 339 | exact |
//! | 50 | 0.42 MB | 0.70 MB | 1.00 MB | 0 | rattan weave and wood grain smeared |
//! | 60 | 0.46 MB | 0.75 MB | 1.08 MB | 0 | weave softened |
//! | 70 | 0.50 MB | 0.81 MB | 1.18 MB | 0 | close to the original |
//! | **75** | 0.52 MB | 0.86 MB | 1.24 MB | 0 | not told apart from the original at 1× and 2× |
//! | 80 | 0.61 MB | 1.01 MB | 1.47 MB | 1 | same as 75 |
//! | 85 | 0.72 MB | 1.19 MB | 1.74 MB | 5 | same as 75 |
//! | 90 | 0.91 MB | 1.50 MB | 2.18 MB | 8 | same as 75 |
//!
//! 75 is the lightest quality whose copies looked like the originals (gradients without
//! banding, textures kept); from 80 on the bytes grow by a fifth and more for nothing visible.
//! A 480 px card image now averages 2.5 KB instead of 19 KB.

use std::io::Cursor;
use std::path::{Path, PathBuf};

use image::{DynamicImage, ImageFormat};

/// libwebp's quality factor (0–100) for resized copies.
pub const WEBP_QUALITY: f32 = 75.0;
/// JPEG quality for browsers without WebP, when the image has no transparency.
const JPEG_QUALITY: u8 = 80;

/// What the answer may be: WebP only when the browser's `Accept` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Webp,
    Legacy,
}

impl Target {
    /// The cache file suffix: copies for the two kinds of browser are kept apart.
    fn suffix(self) -> &'static str {
        match self {
            Target::Webp => "webp-ok",
            Target::Legacy => "legacy",
        }
    }
}

/// Why a copy could not be made.
#[derive(Debug, thiserror::Error)]
pub enum VariantError {
    #[error("the stored image cannot be read: {0}")]
    Undecodable(image::ImageError),
    #[error("encoding an image: {0}")]
    Encoding(String),
}

/// The content type of image bytes, read from their first bytes (what is sent may be the
/// original PNG or JPEG although WebP was asked for, so the type follows the bytes).
pub fn sniff(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some("image/jpeg")
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some("image/webp")
    } else {
        None
    }
}

/// Where the copies of one image are kept: `<root>/<width>/<path>.<target>`. The root names
/// the encoder settings, so changing them starts a fresh cache instead of serving old copies.
pub struct VariantCache {
    root: PathBuf,
    path: String,
    target: Target,
}

impl VariantCache {
    pub fn new(cache_dir: &Path, path: &str, target: Target) -> VariantCache {
        VariantCache {
            root: cache_dir.join(format!("lossy-q{WEBP_QUALITY}")),
            path: path.to_string(),
            target,
        }
    }

    /// The cache file of the answer for `width`.
    pub fn file(&self, width: u32) -> PathBuf {
        self.root
            .join(width.to_string())
            .join(format!("{}.{}", self.path, self.target.suffix()))
    }

    /// The cached answer for `width`, if made before.
    pub fn read(&self, width: u32) -> Option<Vec<u8>> {
        std::fs::read(self.file(width)).ok()
    }

    fn write(&self, width: u32, bytes: &[u8]) {
        write_atomically(&self.file(width), bytes);
    }
}

/// The answer for `width` (one of `widths`, ascending): the lightest of the copies at `width`
/// and every wider width up to the first that covers the original, and the original itself
/// when the browser can show its format. Missing copies are made and cached on the way, widest
/// first, so each cached answer already accounts for everything wider than it.
pub fn variant(
    original: &[u8],
    width: u32,
    widths: &[u32],
    cache: &VariantCache,
) -> Result<Vec<u8>, VariantError> {
    if let Some(bytes) = cache.read(width) {
        return Ok(bytes);
    }
    let image = image::load_from_memory(original).map_err(VariantError::Undecodable)?;
    let mut ladder: Vec<u32> = Vec::new();
    for &w in widths.iter().filter(|&&w| w >= width) {
        ladder.push(w);
        if w >= image.width() {
            break;
        }
    }
    let original_usable = match sniff(original) {
        Some("image/webp") => cache.target == Target::Webp,
        Some(_) => true,
        None => false,
    };
    let mut best: Option<Vec<u8>> = original_usable.then(|| original.to_vec());
    for &w in ladder.iter().rev() {
        let answer = match cache.read(w) {
            Some(cached) => cached,
            None => {
                let own = encode(&resize(&image, w), cache.target)?;
                let answer = match best {
                    Some(lighter) if lighter.len() <= own.len() => lighter,
                    _ => own,
                };
                cache.write(w, &answer);
                answer
            }
        };
        best = Some(answer);
    }
    // The ladder always holds `width` itself, so the loop ends on its answer.
    best.ok_or_else(|| VariantError::Encoding("no width to encode".into()))
}

/// `image` scaled down to `width` (never up), keeping its proportions.
pub fn resize(image: &DynamicImage, width: u32) -> DynamicImage {
    if image.width() > width {
        image.resize(width, u32::MAX, image::imageops::FilterType::Lanczos3)
    } else {
        image.clone()
    }
}

/// Lossy WebP at [`WEBP_QUALITY`], or for browsers without WebP a JPEG (PNG when the image has
/// transparency, which JPEG cannot carry).
pub fn encode(image: &DynamicImage, target: Target) -> Result<Vec<u8>, VariantError> {
    match target {
        Target::Webp => encode_webp(image, WEBP_QUALITY),
        Target::Legacy if image.color().has_alpha() => {
            let mut bytes = Vec::new();
            image
                .write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png)
                .map_err(|e| VariantError::Encoding(e.to_string()))?;
            Ok(bytes)
        }
        Target::Legacy => {
            let mut bytes = Vec::new();
            image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, JPEG_QUALITY)
                .encode_image(&image.to_rgb8())
                .map_err(|e| VariantError::Encoding(e.to_string()))?;
            Ok(bytes)
        }
    }
}

/// Lossy WebP at `quality` (0–100); the alpha channel only when the image has one.
pub fn encode_webp(image: &DynamicImage, quality: f32) -> Result<Vec<u8>, VariantError> {
    let (width, height) = (image.width(), image.height());
    let encoded = if image.color().has_alpha() {
        let rgba = image.to_rgba8();
        webp::Encoder::from_rgba(&rgba, width, height)
            .encode_simple(false, quality)
            .map(|m| m.to_vec())
    } else {
        let rgb = image.to_rgb8();
        webp::Encoder::from_rgb(&rgb, width, height)
            .encode_simple(false, quality)
            .map(|m| m.to_vec())
    };
    encoded.map_err(|e| VariantError::Encoding(format!("{e:?}")))
}

/// A failed cache write only costs a resize next time, so it is logged, not answered.
fn write_atomically(path: &Path, bytes: &[u8]) {
    let temporary: PathBuf = path.with_extension(format!("tmp{}", std::process::id()));
    let result = path
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|_| std::fs::write(&temporary, bytes))
        .and_then(|_| std::fs::rename(&temporary, path));
    if let Err(err) = result {
        tracing::warn!(path = %path.display(), %err, "could not cache a resized image");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gradient(width: u32, height: u32) -> DynamicImage {
        DynamicImage::ImageRgb8(image::RgbImage::from_fn(width, height, |x, y| {
            image::Rgb([(x % 256) as u8, (y % 256) as u8, ((x + y) % 256) as u8])
        }))
    }

    fn png_of(image: &DynamicImage) -> Vec<u8> {
        let mut bytes = Vec::new();
        image
            .write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png)
            .unwrap();
        bytes
    }

    #[test]
    fn the_type_is_read_from_the_bytes() {
        let png = png_of(&gradient(4, 4));
        assert_eq!(sniff(&png), Some("image/png"));
        let webp = encode(&gradient(4, 4), Target::Webp).unwrap();
        assert_eq!(sniff(&webp), Some("image/webp"));
        let jpeg = encode(&gradient(4, 4), Target::Legacy).unwrap();
        assert_eq!(sniff(&jpeg), Some("image/jpeg"));
        assert_eq!(sniff(b"<svg"), None);
    }

    #[test]
    fn the_original_is_sent_as_it_is_when_no_copy_is_lighter() {
        // A demo stool: its flat 800 px PNG (7 KB) beats a lossy WebP at 640 px.
        let original = crate::embedded::Assets::get("demo/images/ST-6103-1.png")
            .unwrap()
            .data
            .into_owned();
        let image = image::load_from_memory(&original).unwrap();
        let own = encode(&resize(&image, 640), Target::Webp).unwrap();
        assert!(
            original.len() < own.len(),
            "{} vs {}",
            original.len(),
            own.len()
        );
        let dir = tempfile::tempdir().unwrap();
        let cache = VariantCache::new(dir.path(), "demo/ST-6103-1.png", Target::Webp);
        let answer = variant(&original, 640, &[160, 320, 480, 640, 960], &cache).unwrap();
        assert_eq!(answer, original);
        assert_eq!(cache.read(640), Some(original));
    }

    #[test]
    fn narrower_answers_are_never_heavier_and_are_cached() {
        let original = png_of(&gradient(700, 500));
        let dir = tempfile::tempdir().unwrap();
        let widths = [160, 320, 480, 640, 960];
        let cache = VariantCache::new(dir.path(), "x/b.png", Target::Webp);
        let sizes: Vec<usize> = widths
            .iter()
            .map(|&w| variant(&original, w, &widths, &cache).unwrap().len())
            .collect();
        assert!(sizes.windows(2).all(|p| p[0] <= p[1]), "{sizes:?}");
        assert!(*sizes.last().unwrap() <= original.len());
        // Asking 160 first made every wider copy up to the one covering 700 px.
        for w in [160, 320, 480, 640, 960] {
            assert!(cache.read(w).is_some(), "{w} cached");
        }
        let legacy = VariantCache::new(dir.path(), "x/b.png", Target::Legacy);
        assert!(legacy.read(160).is_none(), "kept apart per target");
    }
}
