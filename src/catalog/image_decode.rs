//! Decoding untrusted images within a known number of bytes.
//!
//! A small file can describe a huge amount of memory: a 372 KB PNG of 7000 × 7000 16-bit RGBA
//! pixels decodes to 392 MB, and a 260 KB PNG can carry a colour profile that inflates to
//! 256 MB. So nothing here trusts the file's size. Before any pixel is decoded:
//!
//! 1. The bytes are prepared ([`prepare`]): the first bytes name the format (PNG, JPEG or
//!    WebP); a PNG's ancillary chunks that can be inflated or that nobody needs (`iCCP`,
//!    `tEXt`, `zTXt`, `iTXt`, animation frames, private chunks) are dropped from the bytes the
//!    decoder will see, and the colour profile is inflated here, stopping at [`MAX_ICC`]; a
//!    JPEG's and a WebP's segments are walked to learn whether decoding keeps extra buffers
//!    (progressive JPEG, lossless or animated WebP) and how large their colour profile is.
//! 2. The header is read ([`Header`]): width × height × bytes per pixel of the colour type the
//!    decoder will produce (16-bit channels count double) plus what the decoder keeps beside
//!    it is the cost of decoding. Callers add what they allocate afterwards (re-encoding,
//!    resizing) and refuse or wait (`image_gate`) before [`decode`] allocates anything.
//! 3. [`decode`] runs with `image::Limits` set to that cost, so a decoder that wanted more
//!    than the header promised stops instead of allocating.
//!
//! A colour profile is kept only when it is at most [`MAX_ICC`] bytes and well-formed (its
//! header states its own length and carries the `acsp` signature); otherwise it is dropped and
//! the image is treated as sRGB, which is what browsers assume for an image without one.
//! Budgets and measured figures: `docs/IMAGES.md`.

use std::io::{Cursor, Read};

use image::metadata::Orientation;
use image::{ColorType, DynamicImage, ImageDecoder, ImageFormat, ImageReader};

/// Longest side of an accepted image, whatever the pixel limit.
pub const MAX_SIDE: u32 = 20_000;
/// Largest colour profile kept. Real profiles are small (sRGB 3 KB, Display P3 0.5 KB, the
/// largest common v4 profiles 60 KB); anything bigger is dropped, never inflated further.
pub const MAX_ICC: usize = 256 * 1024;

/// The formats accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Png,
    Jpeg,
    Webp,
}

impl Kind {
    pub fn format(self) -> ImageFormat {
        match self {
            Kind::Png => ImageFormat::Png,
            Kind::Jpeg => ImageFormat::Jpeg,
            Kind::Webp => ImageFormat::WebP,
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Kind::Png => "png",
            Kind::Jpeg => "jpg",
            Kind::Webp => "webp",
        }
    }
}

/// Why an image is refused. The text follows the file's name ("x.png is damaged…").
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImageProblem {
    /// Not an image the shop takes, or damaged.
    #[error("{0}")]
    Invalid(String),
    /// A real image, but too large to process (pixels, side or memory).
    #[error("{0}")]
    TooLarge(String),
}

impl ImageProblem {
    fn invalid(reason: impl Into<String>) -> Self {
        ImageProblem::Invalid(reason.into())
    }

    fn from_decoder(err: &image::ImageError) -> Self {
        use image::ImageError as E;
        match err {
            E::Limits(_) => ImageProblem::TooLarge("is too large to process".into()),
            E::Unsupported(e) => {
                ImageProblem::invalid(format!("uses an image feature that is not supported ({e})"))
            }
            E::IoError(_) | E::Decoding(_) | E::Parameter(_) | E::Encoding(_) => {
                ImageProblem::invalid(format!("is damaged or incomplete ({err})"))
            }
        }
    }
}

/// What the first bytes say the file is; the reason it is refused otherwise.
pub fn sniff(bytes: &[u8]) -> Result<Kind, ImageProblem> {
    if bytes.is_empty() {
        return Err(ImageProblem::invalid("is empty"));
    }
    if bytes.starts_with(PNG_SIGNATURE) {
        return Ok(Kind::Png);
    }
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        return Ok(Kind::Jpeg);
    }
    if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        return Ok(Kind::Webp);
    }
    Err(ImageProblem::invalid(not_an_image(bytes)))
}

/// The reason a file that is no PNG, JPEG or WebP is refused, as helpful as its bytes allow.
fn not_an_image(bytes: &[u8]) -> &'static str {
    if bytes.starts_with(b"MZ") || bytes.starts_with(b"\x7fELF") || bytes.starts_with(b"#!") {
        return "is not an image: it is a program (only PNG, JPEG or WebP images are accepted)";
    }
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(2048)]).to_ascii_lowercase();
    if head.contains("<svg") {
        return "is an SVG drawing: SVG is not accepted because it can carry scripts; upload a PNG, JPEG or WebP image";
    }
    if bytes.len() >= 12 && &bytes[4..8] == b"ftyp" {
        let brand = String::from_utf8_lossy(&bytes[8..12]).to_ascii_lowercase();
        if brand.starts_with("hei") || brand.starts_with("mif") || brand.starts_with("hev") {
            return "is a HEIC photo, which browsers cannot show; export it as JPEG (on an iPhone: Settings → Camera → Formats → Most Compatible)";
        }
    }
    if bytes.starts_with(b"GIF8") {
        return "is a GIF; upload a PNG, JPEG or WebP image";
    }
    "is not a PNG, JPEG or WebP image"
}

/// An image's bytes made safe to hand to a decoder, with what was learnt on the way.
#[derive(Debug, Clone)]
pub struct Prepared {
    pub kind: Kind,
    /// What the decoder reads: for a PNG, the file without its dropped chunks.
    bytes: Vec<u8>,
    /// A PNG's colour profile, inflated here (at most [`MAX_ICC`] bytes) and checked.
    png_icc: Option<Vec<u8>>,
    /// Size of a JPEG's or WebP's colour profile as stored (they are not compressed).
    stored_icc_len: usize,
    /// Bytes per pixel the decoder keeps beside its output (progressive JPEG coefficients,
    /// lossless WebP's 32-bit pixels).
    decoder_bytes_per_pixel: u64,
}

/// Recognises the format and prepares the bytes (see the module documentation).
pub fn prepare(bytes: Vec<u8>) -> Result<Prepared, ImageProblem> {
    let kind = sniff(&bytes)?;
    match kind {
        Kind::Png => {
            let (clean, icc) = strip_png(&bytes)?;
            Ok(Prepared {
                kind,
                bytes: clean,
                png_icc: icc,
                stored_icc_len: 0,
                decoder_bytes_per_pixel: 0,
            })
        }
        Kind::Jpeg => {
            let scan = scan_jpeg(&bytes)?;
            Ok(Prepared {
                kind,
                bytes,
                png_icc: None,
                stored_icc_len: scan.icc_len,
                // Progressive JPEGs keep every coefficient (16 bits per component per pixel)
                // until the last scan: up to 4 components.
                decoder_bytes_per_pixel: if scan.progressive { 8 } else { 0 },
            })
        }
        Kind::Webp => {
            let scan = scan_webp(&bytes)?;
            Ok(Prepared {
                kind,
                bytes,
                png_icc: None,
                stored_icc_len: scan.icc_len,
                // Lossless and animated WebP work on 32-bit pixels (and a canvas); lossy
                // WebP on YUV planes.
                decoder_bytes_per_pixel: if scan.lossless_or_animated { 8 } else { 2 },
            })
        }
    }
}

/// What the header says decoding will produce and cost.
#[derive(Debug, Clone, Copy)]
pub struct Header {
    pub width: u32,
    pub height: u32,
    /// The colour type the decoder produces.
    pub color: ColorType,
    pub orientation: Orientation,
    decoder_bytes_per_pixel: u64,
}

impl Header {
    pub fn pixels(&self) -> u64 {
        u64::from(self.width) * u64::from(self.height)
    }

    /// Bytes of the decoded pixels: width × height × bytes per pixel of the decoded colour
    /// type (16-bit channels count double).
    pub fn decoded_bytes(&self) -> u64 {
        self.pixels()
            .saturating_mul(u64::from(self.color.bytes_per_pixel()))
    }

    /// Bytes decoding holds at its peak: the pixels and the decoder's own buffers.
    pub fn decode_cost(&self) -> u64 {
        self.decoded_bytes().saturating_add(
            self.pixels()
                .saturating_mul(self.decoder_bytes_per_pixel)
                .saturating_add(DECODER_SLACK),
        )
    }

    /// `7000 × 7000 pixels, 16-bit RGBA`, for messages.
    pub fn describe(&self) -> String {
        let bits = u32::from(self.color.bytes_per_pixel()) * 8
            / u32::from(self.color.channel_count().max(1));
        let channels = match self.color.channel_count() {
            1 => "grey",
            2 => "grey with transparency",
            3 => "RGB",
            _ => "RGBA",
        };
        format!(
            "{} × {} pixels, {bits}-bit {channels}",
            self.width, self.height
        )
    }
}

#[cfg(test)]
impl Header {
    /// A header as a decoder would report it, for cost tests.
    pub(crate) fn for_tests(width: u32, height: u32, color: ColorType) -> Header {
        Header {
            width,
            height,
            color,
            orientation: Orientation::NoTransforms,
            decoder_bytes_per_pixel: 0,
        }
    }
}

/// Row buffers, tables and the compressed stream's window: a decoder's small change.
const DECODER_SLACK: u64 = 4 * 1024 * 1024;

/// A reader of the prepared bytes whose decoder may allocate at most `max_alloc` bytes and,
/// when `sides` is given, refuses larger images.
fn reader(prepared: &Prepared, max_alloc: u64, sides: Option<u32>) -> ImageReader<Cursor<&[u8]>> {
    let mut limits = image::Limits::default();
    limits.max_image_width = sides;
    limits.max_image_height = sides;
    limits.max_alloc = Some(max_alloc);
    let mut reader =
        ImageReader::with_format(Cursor::new(&prepared.bytes[..]), prepared.kind.format());
    reader.limits(limits);
    reader
}

/// Reads the header only: nothing the size of the image is allocated.
pub fn header(prepared: &Prepared) -> Result<Header, ImageProblem> {
    // The header phase holds the (prepared) file and small chunks only.
    let header_alloc = (prepared.bytes.len() as u64).saturating_add(DECODER_SLACK);
    // No side limit yet: the caller reports the size in its own words.
    let mut decoder = reader(prepared, header_alloc, None)
        .into_decoder()
        .map_err(|e| ImageProblem::from_decoder(&e))?;
    let (width, height) = decoder.dimensions();
    if width == 0 || height == 0 {
        return Err(ImageProblem::invalid("has no pixels"));
    }
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    Ok(Header {
        width,
        height,
        color: decoder.color_type(),
        orientation,
        decoder_bytes_per_pixel: prepared.decoder_bytes_per_pixel,
    })
}

/// A decoded image and the colour profile worth keeping.
pub struct Decoded {
    pub image: DynamicImage,
    pub icc: Option<Vec<u8>>,
}

/// Decodes the whole image, allowing the decoder no more than the header's decode cost.
pub fn decode(prepared: &Prepared, header: &Header) -> Result<Decoded, ImageProblem> {
    let mut decoder = reader(prepared, header.decode_cost(), Some(MAX_SIDE))
        .into_decoder()
        .map_err(|e| ImageProblem::from_decoder(&e))?;
    let icc = match prepared.kind {
        Kind::Png => prepared.png_icc.clone(),
        // Stored as they are in the file (no inflation): read only when small.
        Kind::Jpeg | Kind::Webp if prepared.stored_icc_len <= MAX_ICC => {
            decoder.icc_profile().ok().flatten().filter(|p| sane_icc(p))
        }
        Kind::Jpeg | Kind::Webp => None,
    };
    let image = DynamicImage::from_decoder(decoder).map_err(|e| ImageProblem::from_decoder(&e))?;
    Ok(Decoded { image, icc })
}

/// A well-formed ICC profile: its header states its own length and carries `acsp`.
fn sane_icc(profile: &[u8]) -> bool {
    profile.len() >= 128
        && profile.len() <= MAX_ICC
        && u32::from_be_bytes([profile[0], profile[1], profile[2], profile[3]]) as usize
            == profile.len()
        && &profile[36..40] == b"acsp"
}

// ------------------------------------------------------------------------------------ PNG

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// Chunks a decoder is given: the critical ones and those that change how pixels look.
/// `eXIf` stays for its orientation (it is stored raw, never inflated, and not kept in what
/// is stored). Everything else ancillary is dropped before any decoder sees it.
const PNG_KEPT: &[&[u8; 4]] = &[
    b"IHDR", b"PLTE", b"IDAT", b"IEND", b"tRNS", b"gAMA", b"cHRM", b"sRGB", b"sBIT", b"cICP",
    b"pHYs", b"eXIf",
];

/// The PNG without its dropped chunks, and its colour profile when small and well-formed.
fn strip_png(bytes: &[u8]) -> Result<(Vec<u8>, Option<Vec<u8>>), ImageProblem> {
    let damaged = || ImageProblem::invalid("is damaged or incomplete (a PNG chunk is cut short)");
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(PNG_SIGNATURE);
    let mut icc = None;
    let mut seen_icc = false;
    let mut pos = PNG_SIGNATURE.len();
    loop {
        let head = bytes.get(pos..pos + 8).ok_or_else(damaged)?;
        let length = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as usize;
        let kind: [u8; 4] = [head[4], head[5], head[6], head[7]];
        let end = pos
            .checked_add(12)
            .and_then(|p| p.checked_add(length))
            .filter(|&end| end <= bytes.len())
            .ok_or_else(damaged)?;
        let critical = kind[0].is_ascii_uppercase();
        if &kind == b"iCCP" {
            if !seen_icc {
                seen_icc = true;
                icc = inflate_icc(&bytes[pos + 8..pos + 8 + length]);
            }
        } else if critical || PNG_KEPT.contains(&&kind) {
            out.extend_from_slice(&bytes[pos..end]);
        }
        pos = end;
        if &kind == b"IEND" {
            return Ok((out, icc));
        }
    }
}

/// An `iCCP` chunk's profile (`name\0`, method 0, zlib stream), inflated to at most
/// [`MAX_ICC`] + 1 bytes: a larger or malformed profile is dropped.
fn inflate_icc(data: &[u8]) -> Option<Vec<u8>> {
    let name_end = data.iter().take(80).position(|&b| b == 0)?;
    let (&method, stream) = data[name_end + 1..].split_first()?;
    if method != 0 {
        return None;
    }
    let mut profile = Vec::new();
    flate2::read::ZlibDecoder::new(stream)
        .take(MAX_ICC as u64 + 1)
        .read_to_end(&mut profile)
        .ok()?;
    sane_icc(&profile).then_some(profile)
}

// ----------------------------------------------------------------------------------- JPEG

struct JpegScan {
    progressive: bool,
    icc_len: usize,
}

/// Walks a JPEG's segments up to the first scan: whether it is progressive (SOF2, SOF6,
/// SOF10, SOF14) and how many bytes its ICC profile segments (APP2 `ICC_PROFILE`) hold.
fn scan_jpeg(bytes: &[u8]) -> Result<JpegScan, ImageProblem> {
    let damaged =
        || ImageProblem::invalid("is damaged or incomplete (a JPEG segment is cut short)");
    let mut scan = JpegScan {
        progressive: false,
        icc_len: 0,
    };
    let mut pos = 2;
    loop {
        // Markers are 0xFF, any number of fill bytes 0xFF, then the marker code.
        if *bytes.get(pos).ok_or_else(damaged)? != 0xFF {
            // Bytes between segments: some writers leave them and decoders skip them. The
            // layout is unknown from here, so decoding is costed as progressive.
            scan.progressive = true;
            return Ok(scan);
        }
        while bytes.get(pos) == Some(&0xFF) {
            pos += 1;
        }
        let marker = *bytes.get(pos).ok_or_else(damaged)?;
        pos += 1;
        match marker {
            0xD8 | 0x01 | 0xD0..=0xD7 => continue,
            0xD9 | 0xDA => return Ok(scan),
            _ => {}
        }
        let length = bytes
            .get(pos..pos + 2)
            .map(|b| usize::from(u16::from_be_bytes([b[0], b[1]])))
            .filter(|&l| l >= 2 && pos + l <= bytes.len())
            .ok_or_else(damaged)?;
        let data = &bytes[pos + 2..pos + length];
        if matches!(marker, 0xC2 | 0xC6 | 0xCA | 0xCE) {
            scan.progressive = true;
        }
        if marker == 0xE2 && data.starts_with(b"ICC_PROFILE\0") {
            scan.icc_len += data.len().saturating_sub(14);
        }
        pos += length;
    }
}

// ----------------------------------------------------------------------------------- WebP

struct WebpScan {
    lossless_or_animated: bool,
    icc_len: usize,
}

/// Walks a WebP's RIFF chunks: each must lie inside the file (a chunk declaring more bytes
/// than there are would make a decoder allocate what it declares).
fn scan_webp(bytes: &[u8]) -> Result<WebpScan, ImageProblem> {
    let damaged = || ImageProblem::invalid("is damaged or incomplete (a WebP chunk is cut short)");
    let mut scan = WebpScan {
        lossless_or_animated: false,
        icc_len: 0,
    };
    let mut pos = 12;
    while pos < bytes.len() {
        let head = bytes.get(pos..pos + 8).ok_or_else(damaged)?;
        let fourcc = &head[..4];
        let size = u32::from_le_bytes([head[4], head[5], head[6], head[7]]) as usize;
        let end = (pos + 8)
            .checked_add(size)
            .filter(|&end| end <= bytes.len())
            .ok_or_else(damaged)?;
        match fourcc {
            b"VP8L" | b"ANIM" | b"ANMF" => scan.lossless_or_animated = true,
            b"ICCP" => scan.icc_len = size,
            _ => {}
        }
        pos = end + (size & 1);
    }
    Ok(scan)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
        let mut out = (data.len() as u32).to_be_bytes().to_vec();
        let mut body = kind.to_vec();
        body.extend_from_slice(data);
        out.extend_from_slice(&body);
        let mut crc = flate2::Crc::new();
        crc.update(&body);
        out.extend_from_slice(&crc.sum().to_be_bytes());
        out
    }

    /// A real small PNG with `extra` chunks inserted after IHDR.
    fn png_with(extra: &[Vec<u8>]) -> Vec<u8> {
        let image =
            image::RgbImage::from_fn(16, 8, |x, y| image::Rgb([x as u8 * 9, y as u8 * 20, 7]));
        let mut plain = Vec::new();
        image
            .write_to(&mut Cursor::new(&mut plain), ImageFormat::Png)
            .unwrap();
        let mut out = plain[..33].to_vec();
        for c in extra {
            out.extend_from_slice(c);
        }
        out.extend_from_slice(&plain[33..]);
        out
    }

    fn iccp(profile_len: usize) -> Vec<u8> {
        let mut profile = vec![0u8; profile_len];
        profile[..4].copy_from_slice(&(profile_len as u32).to_be_bytes());
        profile[36..40].copy_from_slice(b"acsp");
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
        z.write_all(&profile).unwrap();
        let mut data = b"bomb\0\0".to_vec();
        data.extend(z.finish().unwrap());
        chunk(b"iCCP", &data)
    }

    #[test]
    fn a_huge_colour_profile_is_dropped_without_being_inflated() {
        // 64 MB of profile in a chunk of about 64 KB: never inflated past MAX_ICC.
        let bomb = png_with(&[iccp(64 * 1024 * 1024)]);
        assert!(bomb.len() < 200 * 1024, "{}", bomb.len());
        let prepared = prepare(bomb).unwrap();
        assert!(prepared.png_icc.is_none());
        assert!(!prepared.bytes.windows(4).any(|w| w == b"iCCP"));
        let header = header(&prepared).unwrap();
        let decoded = decode(&prepared, &header).unwrap();
        assert_eq!((decoded.image.width(), decoded.icc), (16, None));
    }

    #[test]
    fn a_small_sane_profile_is_kept_and_text_is_dropped() {
        let text = chunk(b"zTXt", b"Comment\0\0x\x9c\x03\x00\x00\x00\x00\x01");
        let prepared = prepare(png_with(&[iccp(3144), text])).unwrap();
        assert_eq!(prepared.png_icc.as_ref().map(Vec::len), Some(3144));
        assert!(!prepared.bytes.windows(4).any(|w| w == b"zTXt"));
        let header = header(&prepared).unwrap();
        assert_eq!(
            decode(&prepared, &header).unwrap().icc.map(|p| p.len()),
            Some(3144)
        );
    }

    #[test]
    fn the_cost_counts_bytes_per_pixel_of_the_decoded_type() {
        let header = Header {
            width: 7000,
            height: 7000,
            color: ColorType::Rgba16,
            orientation: Orientation::NoTransforms,
            decoder_bytes_per_pixel: 0,
        };
        assert_eq!(header.decoded_bytes(), 7000 * 7000 * 8);
        assert_eq!(header.describe(), "7000 × 7000 pixels, 16-bit RGBA");
        let grey = Header {
            color: ColorType::L16,
            ..header
        };
        assert_eq!(grey.decoded_bytes(), 7000 * 7000 * 2);
    }

    #[test]
    fn decoders_that_keep_extra_buffers_are_costed_for_them() {
        // SOI, APP2 ICC_PROFILE (20 bytes of profile), SOF2 (progressive), SOS.
        let mut jpeg = vec![0xFF, 0xD8, 0xFF, 0xE2, 0x00, 0x24];
        jpeg.extend_from_slice(b"ICC_PROFILE\0\x01\x01");
        jpeg.extend_from_slice(&[0u8; 20]);
        jpeg.extend_from_slice(&[0xFF, 0xC2, 0x00, 0x0B, 8, 0, 16, 0, 16, 1, 1, 0x11, 0]);
        jpeg.extend_from_slice(&[0xFF, 0xDA, 0x00, 0x08, 1, 1, 0, 0, 63, 0]);
        let scan = scan_jpeg(&jpeg).unwrap();
        assert!(scan.progressive);
        assert_eq!(scan.icc_len, 20);
        let baseline: Vec<u8> = jpeg
            .iter()
            .map(|&b| if b == 0xC2 { 0xC0 } else { b })
            .collect();
        assert!(!scan_jpeg(&baseline).unwrap().progressive);

        let mut webp = b"RIFF\0\0\0\0WEBPVP8L".to_vec();
        webp.extend_from_slice(&4u32.to_le_bytes());
        webp.extend_from_slice(&[0x2F, 0, 0, 0]);
        assert!(scan_webp(&webp).unwrap().lossless_or_animated);
    }

    #[test]
    fn chunks_that_claim_more_than_the_file_are_damaged() {
        let mut png = png_with(&[]);
        png.truncate(40);
        assert!(matches!(prepare(png), Err(ImageProblem::Invalid(_))));
        let mut webp = b"RIFF\0\0\0\0WEBPICCP".to_vec();
        webp.extend_from_slice(&u32::MAX.to_le_bytes());
        assert!(matches!(prepare(webp), Err(ImageProblem::Invalid(_))));
        let jpeg = vec![0xFF, 0xD8, 0xFF, 0xE2, 0xFF, 0xFF, 0];
        assert!(matches!(prepare(jpeg), Err(ImageProblem::Invalid(_))));
    }
}
