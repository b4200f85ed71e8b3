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
//!
//! Memory: a stored original is decoded only after its header has said what decoding and
//! resizing will hold ([`inspect`]; `image_decode` for the rules), so the caller can reserve
//! that much at the process-wide gate or refuse. Large originals are first reduced with a box
//! filter to twice the width asked for (it allocates only its output), then finished with
//! Lanczos3, whose 32-bit float buffers would otherwise be as tall as the original: 143 MB for
//! a 1280 px copy of a 7000 px square.

use std::borrow::Cow;
use std::io::Cursor;
use std::path::{Path, PathBuf};

use image::{DynamicImage, ImageFormat};

use super::image_decode::{self, Header, ImageProblem, Prepared};

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

/// WebP's largest side: taller or wider copies go out as JPEG or PNG.
const WEBP_MAX_SIDE: u32 = 16_383;

/// Why a copy could not be made.
#[derive(Debug, thiserror::Error)]
pub enum VariantError {
    /// The stored image is damaged, or too large to resize within the budget.
    #[error("the stored image {0}")]
    Refused(ImageProblem),
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

/// A stored original checked up to its header, with the bytes making its copies will hold.
pub struct Source {
    original: Vec<u8>,
    prepared: Prepared,
    header: Header,
    /// The widths to make, widest last: `width` and each wider one up to the first that
    /// covers the original.
    ladder: Vec<u32>,
    /// Bytes decoding and resizing hold at their peak.
    pub cost: u64,
}

/// Reads the original's header and works out the copies `width` needs and their cost;
/// nothing the size of the image is allocated.
pub fn inspect(original: Vec<u8>, width: u32, widths: &[u32]) -> Result<Source, ImageProblem> {
    let prepared = image_decode::prepare(original.clone())?;
    let header = image_decode::header(&prepared)?;
    let mut ladder: Vec<u32> = Vec::new();
    for &w in widths.iter().filter(|&&w| w >= width) {
        ladder.push(w);
        if w >= header.width {
            break;
        }
    }
    let resizing = ladder
        .iter()
        .map(|&w| resize_cost(&header, w))
        .max()
        .unwrap_or(0);
    let cost = header
        .decode_cost()
        .max(header.decoded_bytes().saturating_add(resizing));
    Ok(Source {
        original,
        prepared,
        header,
        ladder,
        cost,
    })
}

/// Bytes one copy `width` wide holds beside the decoded original: the box-filtered
/// intermediate, Lanczos3's float buffer (16 bytes a pixel) and result, the encoder's 8-bit
/// copy and its work.
fn resize_cost(header: &Header, width: u32) -> u64 {
    let (w, h) = (u64::from(header.width), u64::from(header.height));
    let bytes_per_pixel = u64::from(header.color.bytes_per_pixel());
    let encoding = |pixels: u64| pixels.saturating_mul(8);
    let target = u64::from(width);
    if w <= target {
        return encoding(w * h);
    }
    let out_height = (h * target).div_ceil(w).max(1);
    let (through, boxed) = if w > 2 * target {
        let boxed_height = (h * 2 * target).div_ceil(w).max(1);
        (2 * target, 2 * target * boxed_height * bytes_per_pixel)
    } else {
        (w, 0)
    };
    let lanczos = through * out_height * 16 + target * out_height * bytes_per_pixel;
    boxed + lanczos + encoding(target * out_height)
}

/// The answer for `width` (one of `widths`, ascending): the lightest of the copies at `width`
/// and every wider width up to the first that covers the original, and the original itself
/// when the browser can show its format. Missing copies are made and cached on the way, widest
/// first, so each cached answer already accounts for everything wider than it. The caller
/// holds `source.cost` bytes of the image gate while this runs.
pub fn variant(source: Source, width: u32, cache: &VariantCache) -> Result<Vec<u8>, VariantError> {
    if let Some(bytes) = cache.read(width) {
        return Ok(bytes);
    }
    let Source {
        original,
        prepared,
        header,
        ladder,
        ..
    } = source;
    let decoded = image_decode::decode(&prepared, &header)
        .map_err(VariantError::Refused)?
        .image;
    drop(prepared);
    // Every copy is made from one box-filtered reduction to twice the widest width, so a
    // large original is swept once, and freed before the copies are made.
    let widest = ladder.last().copied().unwrap_or(width);
    let image = if decoded.width() > widest.saturating_mul(2) {
        decoded.thumbnail(widest * 2, u32::MAX)
    } else {
        decoded
    };
    let original_usable = match sniff(&original) {
        Some("image/webp") => cache.target == Target::Webp,
        Some(_) => true,
        None => false,
    };
    let mut best: Option<Vec<u8>> = original_usable.then_some(original);
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

/// A thumbnail that fits `width` × `height`, made on the calling (blocking) thread under the
/// process-wide image gate: `None` when the original is damaged, too large to decode within
/// the budget, or the gate stays busy.
pub fn thumbnail_blocking(original: &[u8], width: u32, height: u32) -> Option<DynamicImage> {
    let prepared = image_decode::prepare(original.to_vec()).ok()?;
    let header = image_decode::header(&prepared).ok()?;
    let thumbnail = u64::from(width) * u64::from(height) * 8;
    let cost = header
        .decode_cost()
        .max(header.decoded_bytes().saturating_add(thumbnail));
    let _pass = super::image_gate::GATE.enter_blocking(cost).ok()?;
    let image = image_decode::decode(&prepared, &header).ok()?.image;
    Some(image.thumbnail(width, height))
}

/// `image` scaled down to `width` (never up), keeping its proportions. An image more than
/// twice as wide is first box-filtered to twice the width (cheap, and it allocates only its
/// output), then finished with Lanczos3.
pub fn resize(image: &DynamicImage, width: u32) -> Cow<'_, DynamicImage> {
    if image.width() <= width {
        return Cow::Borrowed(image);
    }
    let through = if image.width() > width.saturating_mul(2) {
        Cow::Owned(image.thumbnail(width * 2, u32::MAX))
    } else {
        Cow::Borrowed(image)
    };
    Cow::Owned(through.resize(width, u32::MAX, image::imageops::FilterType::Lanczos3))
}

/// Lossy WebP at [`WEBP_QUALITY`], or for browsers without WebP a JPEG (PNG when the image has
/// transparency, which JPEG cannot carry).
pub fn encode(image: &DynamicImage, target: Target) -> Result<Vec<u8>, VariantError> {
    let webp_fits = image.width() <= WEBP_MAX_SIDE && image.height() <= WEBP_MAX_SIDE;
    match target {
        Target::Webp if webp_fits => encode_webp(image, WEBP_QUALITY),
        Target::Webp | Target::Legacy if image.color().has_alpha() => {
            let mut bytes = Vec::new();
            image
                .write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png)
                .map_err(|e| VariantError::Encoding(e.to_string()))?;
            Ok(bytes)
        }
        Target::Webp | Target::Legacy => {
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
        let widths = [160, 320, 480, 640, 960];
        let source = inspect(original.clone(), 640, &widths).unwrap();
        let answer = variant(source, 640, &cache).unwrap();
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
            .map(|&w| {
                let source = inspect(original.clone(), w, &widths).unwrap();
                variant(source, w, &cache).unwrap().len()
            })
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

    #[test]
    fn resizing_a_large_original_is_costed_without_tall_float_buffers() {
        // 7000 × 7000 8-bit RGB: 147 MB decoded; a direct Lanczos3 to 1280 px would add a
        // 7000 × 1280 float buffer (143 MB), the box filter first keeps it near 60 MB.
        let header = |color| Header::for_tests(7000, 7000, color);
        let rgb = header(image::ColorType::Rgb8);
        let extra = resize_cost(&rgb, 1280);
        assert!(extra < 100 * 1024 * 1024, "{extra}");
        assert!(extra > 2560 * 1280 * 16, "{extra}");
        let small = resize_cost(&rgb, 160);
        assert!(small < 4 * 1024 * 1024, "{small}");
    }

    #[test]
    fn a_copy_is_made_through_the_box_filter_at_the_width_asked() {
        let wide = gradient(2000, 500);
        let copy = resize(&wide, 480);
        assert_eq!((copy.width(), copy.height()), (480, 120));
        assert!(matches!(resize(&wide, 2000), Cow::Borrowed(_)));
    }
}
