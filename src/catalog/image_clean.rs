//! Checking an uploaded image — a product image staff upload or a payment slip a shopper
//! uploads — and making the clean copy that is stored (the product's image list is changed by
//! `uploads`).
//!
//! Every upload is checked by its content, never by its name or declared type: the first
//! bytes must be PNG, JPEG or WebP (SVG is refused: it can carry scripts). Checking runs in two
//! steps so that memory is known before it is taken ([`plan_image`], then [`clean_image`]; see
//! `image_decode` for the rules). The plan reads the header only: an image over the pixel or
//! side limit, or whose decoding and re-encoding would need more bytes than the upload may use
//! (width × height × bytes per pixel of its colour type, 16-bit counting double, plus the
//! re-encoding's working copy), is refused before anything is allocated. [`clean_upload`]
//! passes the process-wide gate (`image_gate`) between the two steps.
//!
//! What is stored is a re-encoding of the decoded pixels with 8 bits per channel (browsers
//! show no more), turned upright by the EXIF orientation first: no EXIF (camera, GPS
//! position) and no text survives, and a colour profile only when small and well-formed.
//! Files are named by the hash of what is stored, under `<data_dir>/files/images/<code>/`, so
//! names are safe, never collide and a file never changes once written (the resized-copy cache
//! stays valid).

use image::metadata::Orientation;
use image::{ColorType, DynamicImage, ImageEncoder};
use sha2::{Digest, Sha256};

use super::image_decode::{self, Decoded, Header, ImageProblem, Kind, Prepared};
use super::image_gate::{self, GATE, GateError};

pub use super::image_decode::MAX_SIDE;

/// Working memory one payment slip may take. Anyone holding an order link can upload a slip,
/// so it is held to what a phone photo or screenshot needs (a 12-megapixel photo takes 55 to
/// 75 MB to check and re-encode), well below what staff uploads may take.
pub const SLIP_WORK_BYTES: u64 = 128 * 1024 * 1024;
const JPEG_QUALITY: u8 = 90;

/// The limits an upload is checked against (from `[uploads]` in the config).
#[derive(Debug, Clone, Copy)]
pub struct ImageLimits {
    pub max_bytes: u64,
    pub max_pixels: u64,
    /// Bytes decoding and re-encoding one image may hold at its peak.
    pub max_work_bytes: u64,
}

impl From<&crate::config::Uploads> for ImageLimits {
    fn from(uploads: &crate::config::Uploads) -> Self {
        ImageLimits {
            max_bytes: uploads.image_max_bytes,
            max_pixels: uploads.image_max_pixels,
            max_work_bytes: image_gate::WORKING_MEMORY,
        }
    }
}

impl ImageLimits {
    /// The limits of a payment slip: the same file and pixel limits, less memory.
    pub fn for_slips(uploads: &crate::config::Uploads) -> Self {
        ImageLimits {
            max_work_bytes: SLIP_WORK_BYTES,
            ..ImageLimits::from(uploads)
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

/// An upload checked up to its header: it may be decoded within `cost` bytes.
pub struct Plan {
    prepared: Prepared,
    header: Header,
    pub cost: u64,
}

/// Checks an upload's size, format, header and the memory cleaning it will take, before any
/// pixel is decoded.
pub fn plan_image(bytes: Vec<u8>, limits: &ImageLimits) -> Result<Plan, ImageProblem> {
    if bytes.len() as u64 > limits.max_bytes {
        return Err(ImageProblem::TooLarge(format!(
            "is larger than {}",
            human_size(limits.max_bytes)
        )));
    }
    let prepared = image_decode::prepare(bytes)?;
    let header = image_decode::header(&prepared)?;
    let (width, height) = (header.width, header.height);
    if header.pixels() > limits.max_pixels || width > MAX_SIDE || height > MAX_SIDE {
        return Err(ImageProblem::TooLarge(format!(
            "is {width} × {height} pixels; at most {} megapixels and {MAX_SIDE} pixels a side are accepted",
            limits.max_pixels / 1_000_000
        )));
    }
    let cost = store_cost(&header, prepared.kind);
    if cost > limits.max_work_bytes {
        return Err(ImageProblem::TooLarge(format!(
            "is {}: processing it would need about {} MB of memory, and an upload may use {} MB; save it smaller or with 8 bits per channel",
            header.describe(),
            cost.div_ceil(1024 * 1024),
            limits.max_work_bytes / (1024 * 1024)
        )));
    }
    Ok(Plan {
        prepared,
        header,
        cost,
    })
}

/// The colour type an image is stored in: 8 bits per channel, in a form the format takes.
fn stored_color(kind: Kind, color: ColorType) -> ColorType {
    let alpha = color.has_alpha();
    let grey = color.channel_count() <= 2;
    match kind {
        Kind::Png if grey && alpha => ColorType::La8,
        Kind::Png if grey => ColorType::L8,
        Kind::Jpeg if grey => ColorType::L8,
        Kind::Png | Kind::Webp if alpha => ColorType::Rgba8,
        Kind::Png | Kind::Jpeg | Kind::Webp => ColorType::Rgb8,
    }
}

/// Bytes cleaning holds at its peak: decoding; the decoded pixels beside their 8-bit copy;
/// the copy beside its upright turn; the copy beside the encoder's working set and output.
fn store_cost(header: &Header, kind: Kind) -> u64 {
    let pixels = header.pixels();
    let decoded = header.decoded_bytes();
    let target = stored_color(kind, header.color);
    let stored = pixels.saturating_mul(u64::from(target.bytes_per_pixel()));
    let converted = if target == header.color { 0 } else { stored };
    let turned = if header.orientation == Orientation::NoTransforms {
        0
    } else {
        stored
    };
    let encoding = match kind {
        // The compressed output, at worst the size of the pixels.
        Kind::Png => stored + stored / 32,
        Kind::Jpeg => stored / 2,
        // A 32-bit copy of every pixel and the output.
        Kind::Webp => pixels.saturating_mul(8),
    };
    header
        .decode_cost()
        .max(decoded.saturating_add(converted))
        .max(stored.saturating_add(turned))
        .max(stored.saturating_add(encoding))
}

/// Decodes a planned upload and re-encodes it without metadata.
pub fn clean_image(plan: Plan) -> Result<CleanImage, ImageProblem> {
    let Plan {
        prepared, header, ..
    } = plan;
    let kind = prepared.kind;
    let Decoded { image, icc } = image_decode::decode(&prepared, &header)?;
    drop(prepared);
    let mut image = to_stored_color(image, stored_color(kind, header.color));
    image.apply_orientation(header.orientation);
    let (width, height) = (image.width(), image.height());
    let bytes = encode(&image, kind, icc)
        .map_err(|e| ImageProblem::Invalid(format!("could not be saved ({e})")))?;
    let hash = hex::encode(&Sha256::digest(&bytes)[..10]);
    Ok(CleanImage {
        file_name: format!("{hash}.{}", kind.extension()),
        width,
        height,
        bytes,
    })
}

/// `image` in `color`, converting (and freeing the original) only when it differs.
fn to_stored_color(image: DynamicImage, color: ColorType) -> DynamicImage {
    match color {
        ColorType::L8 => DynamicImage::ImageLuma8(image.into_luma8()),
        ColorType::La8 => DynamicImage::ImageLumaA8(image.into_luma_alpha8()),
        ColorType::Rgba8 => DynamicImage::ImageRgba8(image.into_rgba8()),
        _ => DynamicImage::ImageRgb8(image.into_rgb8()),
    }
}

/// Re-encoded from the pixels: metadata (EXIF, GPS, comments) is left behind; a small,
/// well-formed colour profile is kept so colours look the same.
fn encode(image: &DynamicImage, kind: Kind, icc: Option<Vec<u8>>) -> image::ImageResult<Vec<u8>> {
    match kind {
        Kind::Png => {
            // The worst case reserved at once: untouched pages cost no memory.
            let stored = image.as_bytes().len();
            let mut out = Vec::with_capacity(stored + stored / 32 + 1024);
            let mut encoder = image::codecs::png::PngEncoder::new(&mut out);
            if let Some(icc) = icc {
                let _ = encoder.set_icc_profile(icc);
            }
            image.write_with_encoder(encoder)?;
            Ok(out)
        }
        Kind::Jpeg => {
            let mut out = Vec::new();
            let mut encoder =
                image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY);
            if let Some(icc) = icc {
                let _ = encoder.set_icc_profile(icc);
            }
            image.write_with_encoder(encoder)?;
            Ok(out)
        }
        Kind::Webp => {
            let mut out = Vec::new();
            let mut encoder = image::codecs::webp::WebPEncoder::new_lossless(&mut out);
            if let Some(icc) = icc {
                let _ = encoder.set_icc_profile(icc);
            }
            image.write_with_encoder(encoder)?;
            Ok(out)
        }
    }
}

/// Checks one uploaded file and re-encodes it, without the process-wide gate (for callers
/// that hold it or run alone, and for tests).
pub fn check_image(bytes: &[u8], limits: &ImageLimits) -> Result<CleanImage, ImageProblem> {
    clean_image(plan_image(bytes.to_vec(), limits)?)
}

/// Why an upload could not be cleaned.
#[derive(Debug, thiserror::Error)]
pub enum UploadError {
    /// The file is refused; the reason follows its name.
    #[error("{0}")]
    Refused(ImageProblem),
    /// Other images are being processed; try again shortly.
    #[error("the server is busy processing other images")]
    Busy,
    #[error("{0}")]
    Failed(String),
}

impl From<GateError> for UploadError {
    fn from(err: GateError) -> Self {
        match err {
            GateError::TooLarge { .. } => UploadError::Refused(ImageProblem::TooLarge(format!(
                "is too large to process: it {err}"
            ))),
            GateError::Busy => UploadError::Busy,
        }
    }
}

/// Checks and cleans one upload under the process-wide gate: a slot while the header is read,
/// then the memory the plan says, held until the work ends.
pub async fn clean_upload(bytes: Vec<u8>, limits: ImageLimits) -> Result<CleanImage, UploadError> {
    let failed = |e: tokio::task::JoinError| UploadError::Failed(e.to_string());
    let slot = GATE.slot().await?;
    let plan = tokio::task::spawn_blocking(move || plan_image(bytes, &limits))
        .await
        .map_err(failed)?
        .map_err(UploadError::Refused)?;
    let pass = slot.reserve(plan.cost).await?;
    image_gate::run(pass, move || clean_image(plan))
        .await
        .map_err(failed)?
        .map_err(UploadError::Refused)
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

#[cfg(test)]
mod tests {
    use super::*;
    use image::ImageFormat;
    use std::io::Cursor;

    const LIMITS: ImageLimits = ImageLimits {
        max_bytes: 10 * 1024 * 1024,
        max_pixels: 50_000_000,
        max_work_bytes: image_gate::WORKING_MEMORY,
    };

    /// A 16-bit PNG header (the IDAT is never reached: the plan refuses first).
    fn png16_header(width: u32, height: u32, color: u8) -> Vec<u8> {
        let mut ihdr = width.to_be_bytes().to_vec();
        ihdr.extend_from_slice(&height.to_be_bytes());
        ihdr.extend_from_slice(&[16, color, 0, 0, 0]);
        let mut body = b"IHDR".to_vec();
        body.extend_from_slice(&ihdr);
        let mut crc = flate2::Crc::new();
        crc.update(&body);
        let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
        out.extend_from_slice(&13u32.to_be_bytes());
        out.extend_from_slice(&body);
        out.extend_from_slice(&crc.sum().to_be_bytes());
        for kind in [&b"IDAT"[..], &b"IEND"[..]] {
            let mut crc = flate2::Crc::new();
            crc.update(kind);
            out.extend_from_slice(&0u32.to_be_bytes());
            out.extend_from_slice(kind);
            out.extend_from_slice(&crc.sum().to_be_bytes());
        }
        out
    }

    #[test]
    fn the_memory_an_image_needs_is_budgeted_from_its_header() {
        // 7000 × 7000 16-bit RGBA: 392 MB decoded, under the 50-megapixel limit.
        let refused = plan_image(png16_header(7000, 7000, 6), &LIMITS)
            .err()
            .unwrap();
        let ImageProblem::TooLarge(reason) = refused else {
            panic!("{refused:?}")
        };
        assert!(
            reason.contains("7000 × 7000 pixels, 16-bit RGBA"),
            "{reason}"
        );
        // 16-bit grey of the same size fits a staff upload, not a slip.
        let grey = plan_image(png16_header(7000, 7000, 0), &LIMITS)
            .ok()
            .unwrap();
        assert!(grey.cost >= 7000 * 7000 * 3, "{}", grey.cost);
        let slips = ImageLimits {
            max_work_bytes: SLIP_WORK_BYTES,
            ..LIMITS
        };
        assert!(matches!(
            plan_image(png16_header(7000, 7000, 0), &slips),
            Err(ImageProblem::TooLarge(_))
        ));
    }

    #[test]
    fn sixteen_bits_are_stored_as_eight() {
        let image = image::ImageBuffer::<image::Luma<u16>, _>::from_fn(30, 20, |x, y| {
            image::Luma([(x * 2000 + y * 100) as u16])
        });
        let mut bytes = Vec::new();
        DynamicImage::ImageLuma16(image)
            .write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png)
            .unwrap();
        let clean = check_image(&bytes, &LIMITS).unwrap();
        let stored = image::load_from_memory(&clean.bytes).unwrap();
        assert_eq!(stored.color(), ColorType::L8);
    }

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
        let refused = |bytes: &[u8]| check_image(bytes, &LIMITS).unwrap_err().to_string();
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
            ..LIMITS
        };
        assert!(
            check_image(&png(40, 30), &small)
                .unwrap_err()
                .to_string()
                .contains("larger than")
        );
        let few = ImageLimits {
            max_bytes: 1 << 20,
            max_pixels: 100,
            ..LIMITS
        };
        assert!(
            check_image(&png(40, 30), &few)
                .unwrap_err()
                .to_string()
                .contains("40 × 30")
        );
    }
}
