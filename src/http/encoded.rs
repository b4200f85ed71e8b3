//! Answers that are compressed once and served many times: embedded UI files (compressed at
//! build time), cached catalogue answers and rendered page shells (compressed on first use, per
//! catalogue snapshot). Compressing a 64 KB list answer with brotli on every request cost 97 %
//! of the request's time; serving stored bytes costs a copy of a pointer.
//!
//! Every answer carries a strong ETag of its uncompressed bytes (plus the encoding, since the
//! bytes on the wire differ) and answers `If-None-Match` with 304.

use std::io::Write;
use std::sync::OnceLock;

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::Response;
use sha2::{Digest, Sha256};

/// Brotli quality for answers compressed once per catalogue snapshot. Measured on the old
/// 64 KB list answer (`cargo bench --bench encoding -- FILE`, 2 busy cores): quality 6 made
/// 12.6 KB in ~4 ms; 9 saved 1 % more for 7× the time, 11 saved 8 % for 60× (0.26 s, too long
/// for the first shopper after a catalogue change); 5 and below were larger and not faster.
pub const CACHED_BROTLI_QUALITY: u32 = 6;
/// Gzip level for the same answers (only clients without brotli get them): 6 is within 0.3 %
/// of 9 at the same speed there; 1 was 74 % larger.
pub const CACHED_GZIP_LEVEL: u32 = 6;
/// Brotli quality and gzip level for answers that are seldom asked for twice (searches with
/// their pages and page sizes): at quality 6 brotli's setting-up and hashing were a fifth of a
/// distinct search's CPU at 100 000 products (`perf`, `tests/load/distinct-searches.lua`).
/// Measured on a 50-card Thai search answer (16 KB) with `cargo bench --bench encoding -- FILE`:
/// see [`Effort::Quick`].
pub const QUICK_BROTLI_QUALITY: u32 = 1;
pub const QUICK_GZIP_LEVEL: u32 = 1;
/// Brotli's window for answers of this size: 4 MiB covers every answer we cache.
const BROTLI_WINDOW: u32 = 22;
/// Below this, compression does not pay for its header and a round trip of CPU.
const MIN_COMPRESS_BYTES: usize = 256;

/// What the client accepts, from `Accept-Encoding` (q=0 refuses an encoding).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Brotli,
    Gzip,
    Identity,
}

impl Encoding {
    /// The encoding the request prefers: the highest q-value wins, brotli before gzip on a tie
    /// (smaller for the same work to the client); q=0 refuses.
    pub fn preferred(request: &HeaderMap) -> Encoding {
        Encoding::accepted(request).0
    }

    /// The preferred encoding, and whether gzip is accepted at all.
    fn accepted(request: &HeaderMap) -> (Encoding, bool) {
        let (mut br, mut gzip) = (0.0f32, 0.0f32);
        for value in request.get_all(header::ACCEPT_ENCODING) {
            let Ok(value) = value.to_str() else { continue };
            for item in value.split(',') {
                let mut parts = item.split(';');
                let name = parts.next().unwrap_or("").trim();
                let q = parts
                    .find_map(|p| {
                        let p = p.trim();
                        p.strip_prefix("q=").or(p.strip_prefix("Q="))
                    })
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    .unwrap_or(1.0);
                if name.eq_ignore_ascii_case("br") {
                    br = br.max(q);
                } else if name.eq_ignore_ascii_case("gzip") {
                    gzip = gzip.max(q);
                }
            }
        }
        let preferred = if br > 0.0 && br >= gzip {
            Encoding::Brotli
        } else if gzip > 0.0 {
            Encoding::Gzip
        } else {
            Encoding::Identity
        };
        (preferred, gzip > 0.0)
    }

    fn header(self) -> Option<HeaderValue> {
        match self {
            Encoding::Brotli => Some(HeaderValue::from_static("br")),
            Encoding::Gzip => Some(HeaderValue::from_static("gzip")),
            Encoding::Identity => None,
        }
    }

    fn slot(self) -> usize {
        match self {
            Encoding::Identity => 0,
            Encoding::Brotli => 1,
            Encoding::Gzip => 2,
        }
    }
}

/// What a request asks of a stored answer: the encoding it accepts and the ETags it already
/// has. An extractor that reads them without copying the request's headers (a `HeaderMap`
/// extractor clones them all).
pub struct Wanted {
    encoding: Encoding,
    /// Gzip is accepted (quick answers prefer it, see [`Effort::Quick`]).
    gzip: bool,
    if_none_match: Vec<HeaderValue>,
}

impl Wanted {
    pub fn of(request: &HeaderMap) -> Wanted {
        let (encoding, gzip) = Encoding::accepted(request);
        Wanted {
            encoding,
            gzip,
            if_none_match: request
                .get_all(header::IF_NONE_MATCH)
                .iter()
                .cloned()
                .collect(),
        }
    }
}

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Wanted {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Wanted, Self::Rejection> {
        Ok(Wanted::of(&parts.headers))
    }
}

/// How hard to compress an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effort {
    /// Answers served many times (lists, products, files): small, worth the CPU once.
    Thorough,
    /// Answers made per search: fast levels, and gzip when the browser takes it (each thread
    /// keeps its deflate state; brotli's fast levels allocate ~600 KB of tables per answer,
    /// which the shipped `MIMALLOC_PURGE_DELAY=0` hands back and faults in again every time).
    Quick,
}

/// One answer's bytes, with its compressed forms made at most once each.
pub struct Encoded {
    raw: Bytes,
    effort: Effort,
    /// The hash of `raw`, without quotes or the encoding suffix.
    tag: String,
    /// The ETag header for each encoding (identity, brotli, gzip), made once.
    etags: [Option<HeaderValue>; 3],
    content_type: HeaderValue,
    /// `None` inside: compressing did not make it smaller, send `raw`.
    brotli: OnceLock<Option<Bytes>>,
    gzip: OnceLock<Option<Bytes>>,
}

impl Encoded {
    /// An answer compressed on first request of each encoding.
    pub fn new(raw: Bytes, content_type: HeaderValue) -> Encoded {
        let tag = hex::encode(&Sha256::digest(&raw)[..16]);
        Encoded::with_tag(raw, tag, content_type)
    }

    /// `tag`: a hash of `raw` computed elsewhere (an embedded file's build-time hash).
    pub fn with_tag(raw: Bytes, tag: String, content_type: HeaderValue) -> Encoded {
        let etag = |suffix: &str| HeaderValue::from_str(&format!("\"{tag}{suffix}\"")).ok();
        Encoded {
            raw,
            effort: Effort::Thorough,
            etags: [etag(""), etag("-br"), etag("-gz")],
            tag,
            content_type,
            brotli: OnceLock::new(),
            gzip: OnceLock::new(),
        }
    }

    /// Compressed with `effort` when first asked for.
    pub fn with_effort(self, effort: Effort) -> Encoded {
        Encoded { effort, ..self }
    }

    /// Compressed forms made at build time; a missing one is made on first request.
    pub fn precompressed(self, brotli: Option<Bytes>, gzip: Option<Bytes>) -> Encoded {
        if let Some(bytes) = brotli {
            let _ = self.brotli.set(Some(bytes));
        }
        if let Some(bytes) = gzip {
            let _ = self.gzip.set(Some(bytes));
        }
        self
    }

    pub fn raw(&self) -> &Bytes {
        &self.raw
    }

    /// The bytes for `encoding`, compressing them now if this is the first request for it;
    /// `Identity` when compressing would not help.
    fn body(&self, encoding: Encoding) -> (Encoding, Bytes) {
        if self.raw.len() < MIN_COMPRESS_BYTES {
            return (Encoding::Identity, self.raw.clone());
        }
        let (quality, level) = match self.effort {
            Effort::Thorough => (CACHED_BROTLI_QUALITY, CACHED_GZIP_LEVEL),
            Effort::Quick => (QUICK_BROTLI_QUALITY, QUICK_GZIP_LEVEL),
        };
        let stored = match encoding {
            Encoding::Brotli => self
                .brotli
                .get_or_init(|| smaller(&self.raw, brotli_at(&self.raw, quality))),
            Encoding::Gzip => self.gzip.get_or_init(|| {
                let compressed = match self.effort {
                    Effort::Thorough => gzip_at(&self.raw, level),
                    Effort::Quick => gzip_quick(&self.raw),
                };
                smaller(&self.raw, compressed)
            }),
            Encoding::Identity => return (Encoding::Identity, self.raw.clone()),
        };
        match stored {
            Some(bytes) => (encoding, bytes.clone()),
            None => (Encoding::Identity, self.raw.clone()),
        }
    }

    /// 200 with the best encoding the request accepts, or 304 when its `If-None-Match` names
    /// this answer (in any encoding: the content is the same).
    pub fn respond(&self, request: &HeaderMap, cache_control: HeaderValue) -> Response {
        self.respond_to(&Wanted::of(request), StatusCode::OK, cache_control)
    }

    pub fn respond_with_status(
        &self,
        status: StatusCode,
        request: &HeaderMap,
        cache_control: HeaderValue,
    ) -> Response {
        self.respond_to(&Wanted::of(request), status, cache_control)
    }

    pub fn respond_to(
        &self,
        wanted: &Wanted,
        status: StatusCode,
        cache_control: HeaderValue,
    ) -> Response {
        let encoding = match (self.effort, wanted.encoding) {
            (Effort::Quick, Encoding::Brotli) if wanted.gzip => Encoding::Gzip,
            (_, encoding) => encoding,
        };
        let (encoding, bytes) = self.body(encoding);
        let mut response = if status == StatusCode::OK && self.named_by(wanted) {
            let mut response = Response::new(Body::empty());
            *response.status_mut() = StatusCode::NOT_MODIFIED;
            response
        } else {
            let mut response = Response::new(Body::from(bytes));
            *response.status_mut() = status;
            let headers = response.headers_mut();
            headers.insert(header::CONTENT_TYPE, self.content_type.clone());
            if let Some(value) = encoding.header() {
                headers.insert(header::CONTENT_ENCODING, value);
            }
            response
        };
        let headers = response.headers_mut();
        headers.insert(header::CACHE_CONTROL, cache_control);
        headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
        if let Some(value) = &self.etags[encoding.slot()] {
            headers.insert(header::ETAG, value.clone());
        }
        response
    }

    /// Whether `If-None-Match` lists this answer's tag in any of its encodings (or `*`).
    fn named_by(&self, wanted: &Wanted) -> bool {
        wanted
            .if_none_match
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .any(|candidate| {
                let candidate = candidate.trim();
                let candidate = candidate.strip_prefix("W/").unwrap_or(candidate);
                candidate == "*"
                    || candidate
                        .strip_prefix('"')
                        .and_then(|c| c.strip_suffix('"'))
                        .and_then(|c| c.strip_prefix(self.tag.as_str()))
                        .is_some_and(|rest| ["", "-br", "-gz"].contains(&rest))
            })
    }
}

fn smaller(raw: &[u8], compressed: Vec<u8>) -> Option<Bytes> {
    (compressed.len() < raw.len()).then(|| Bytes::from(compressed))
}

pub fn brotli(raw: &[u8]) -> Vec<u8> {
    brotli_at(raw, CACHED_BROTLI_QUALITY)
}

pub fn brotli_at(raw: &[u8], quality: u32) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len() / 4);
    {
        let mut writer = brotli::CompressorWriter::new(&mut out, 4096, quality, BROTLI_WINDOW);
        // Writing to a Vec cannot fail.
        let _ = writer.write_all(raw);
    }
    out
}

pub fn gzip(raw: &[u8]) -> Vec<u8> {
    gzip_at(raw, CACHED_GZIP_LEVEL)
}

thread_local! {
    /// Each thread's buffer for serialising answers, kept between answers.
    static JSON_BUFFER: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A buffer grown past this is let go after use (answers are rarely larger).
const JSON_BUFFER_KEPT: usize = 1024 * 1024;

/// `value` as JSON in one allocation of its exact size: serialising into a new `Vec` grew it
/// by doubling, and with `MIMALLOC_PURGE_DELAY=0` the pages freed on the way were handed back
/// and faulted in again on every answer.
pub fn json_bytes<T: serde::Serialize + ?Sized>(value: &T) -> serde_json::Result<Bytes> {
    JSON_BUFFER.with_borrow_mut(|buffer| {
        buffer.clear();
        let written =
            serde_json::to_writer(&mut *buffer, value).map(|()| Bytes::copy_from_slice(buffer));
        if buffer.capacity() > JSON_BUFFER_KEPT {
            *buffer = Vec::new();
        }
        written
    })
}

thread_local! {
    /// Each thread's deflate state for quick answers, reset and used again: a new one per
    /// answer allocated (and, with `MIMALLOC_PURGE_DELAY=0`, faulted in) a few hundred KB.
    static QUICK_DEFLATE: std::cell::RefCell<flate2::Compress> = std::cell::RefCell::new(
        flate2::Compress::new(flate2::Compression::new(QUICK_GZIP_LEVEL), false),
    );
}

/// `raw` as a gzip member at [`QUICK_GZIP_LEVEL`], deflated with the thread's kept state.
fn gzip_quick(raw: &[u8]) -> Vec<u8> {
    // Header: deflate, no name or time, unknown OS (RFC 1952 §2.3).
    const HEADER: [u8; 10] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];
    QUICK_DEFLATE.with_borrow_mut(|deflate| {
        deflate.reset();
        let mut out = Vec::with_capacity(raw.len() / 4 + 64);
        out.extend_from_slice(&HEADER);
        let start = deflate.total_in();
        loop {
            if out.len() == out.capacity() {
                out.reserve(out.capacity().max(256));
            }
            let consumed = usize::try_from(deflate.total_in() - start).unwrap_or(raw.len());
            match deflate.compress_vec(&raw[consumed..], &mut out, flate2::FlushCompress::Finish) {
                Ok(flate2::Status::StreamEnd) => break,
                Ok(_) => {}
                // Deflating into a Vec cannot fail; if it ever does, this is no smaller than
                // `raw`, which then goes out uncompressed.
                Err(_) => return raw.to_vec(),
            }
        }
        let mut crc = flate2::Crc::new();
        crc.update(raw);
        out.extend_from_slice(&crc.sum().to_le_bytes());
        out.extend_from_slice(&(raw.len() as u32).to_le_bytes());
        out
    })
}

pub fn gzip_at(raw: &[u8], level: u32) -> Vec<u8> {
    let mut writer = flate2::write::GzEncoder::new(
        Vec::with_capacity(raw.len() / 3),
        flate2::Compression::new(level),
    );
    let _ = writer.write_all(raw);
    writer.finish().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn request(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for (name, value) in pairs {
            headers.append(name.clone(), HeaderValue::from_str(value).unwrap());
        }
        headers
    }

    #[test]
    fn the_best_accepted_encoding_wins_and_q0_refuses() {
        let pick = |v: &str| Encoding::preferred(&request(&[(header::ACCEPT_ENCODING, v)]));
        assert_eq!(pick("gzip, deflate, br, zstd"), Encoding::Brotli);
        assert_eq!(pick("gzip"), Encoding::Gzip);
        assert_eq!(pick("br;q=0, gzip;q=0.5"), Encoding::Gzip);
        assert_eq!(
            pick("br;q=0.9, gzip"),
            Encoding::Gzip,
            "gzip is preferred here"
        );
        assert_eq!(pick("gzip;q=0.5, br;q=0.5"), Encoding::Brotli);
        assert_eq!(pick("identity"), Encoding::Identity);
        assert_eq!(Encoding::preferred(&HeaderMap::new()), Encoding::Identity);
    }

    #[test]
    fn compressed_forms_decode_to_the_raw_bytes_and_keep_one_tag() {
        let raw = Bytes::from("{\"products\":[".repeat(200));
        let answer = Encoded::new(raw.clone(), HeaderValue::from_static("application/json"));
        let br = answer.respond(
            &request(&[(header::ACCEPT_ENCODING, "gzip, br")]),
            HeaderValue::from_static("no-cache"),
        );
        assert_eq!(br.headers()[header::CONTENT_ENCODING], "br");
        assert_eq!(br.headers()[header::VARY], "Accept-Encoding");
        let (Encoding::Brotli, bytes) = answer.body(Encoding::Brotli) else {
            panic!("brotli expected")
        };
        let mut decoded = Vec::new();
        brotli::Decompressor::new(&bytes[..], 4096)
            .read_to_end(&mut decoded)
            .unwrap();
        assert_eq!(decoded, raw);
        let (Encoding::Gzip, bytes) = answer.body(Encoding::Gzip) else {
            panic!("gzip expected")
        };
        let mut decoded = Vec::new();
        flate2::read::GzDecoder::new(&bytes[..])
            .read_to_end(&mut decoded)
            .unwrap();
        assert_eq!(decoded, raw);

        let tag = br.headers()[header::ETAG].to_str().unwrap().to_string();
        assert!(tag.ends_with("-br\""), "{tag}");
        let plain_tag = tag.replace("-br", "");
        for sent in [tag.as_str(), plain_tag.as_str(), "\"x\", W/\"zzz\", *"] {
            let again = answer.respond(
                &request(&[(header::IF_NONE_MATCH, sent)]),
                HeaderValue::from_static("no-cache"),
            );
            assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{sent}");
            assert!(again.headers().contains_key(header::ETAG));
        }
        let other = answer.respond(
            &request(&[(header::IF_NONE_MATCH, "\"something-else\"")]),
            HeaderValue::from_static("no-cache"),
        );
        assert_eq!(other.status(), StatusCode::OK);
        assert!(!other.headers().contains_key(header::CONTENT_ENCODING));
    }

    #[test]
    fn quick_answers_are_compressed_at_the_fast_levels_and_still_decode() {
        let raw = Bytes::from(
            (0..400)
                .map(|i| {
                    format!(
                        "{{\"code\":\"SF-{i}\",\"name\":\"โซฟา {}\"}},",
                        i * 7919 % 1000
                    )
                })
                .collect::<String>(),
        );
        let json = || HeaderValue::from_static("application/json");
        let quick = Encoded::new(raw.clone(), json()).with_effort(Effort::Quick);
        let thorough = Encoded::new(raw.clone(), json());
        let (Encoding::Brotli, fast) = quick.body(Encoding::Brotli) else {
            panic!("brotli expected")
        };
        assert_eq!(fast[..], brotli_at(&raw, QUICK_BROTLI_QUALITY)[..]);
        let (Encoding::Brotli, small) = thorough.body(Encoding::Brotli) else {
            panic!("brotli expected")
        };
        assert_eq!(small[..], brotli_at(&raw, CACHED_BROTLI_QUALITY)[..]);
        assert_ne!(fast, small);
        let mut decoded = Vec::new();
        brotli::Decompressor::new(&fast[..], 4096)
            .read_to_end(&mut decoded)
            .unwrap();
        assert_eq!(decoded, raw);
        // Twice: the thread's deflate state is reset and used again.
        for _ in 0..2 {
            let fresh = Encoded::new(raw.clone(), json()).with_effort(Effort::Quick);
            let (Encoding::Gzip, fast) = fresh.body(Encoding::Gzip) else {
                panic!("gzip expected")
            };
            let mut decoded = Vec::new();
            flate2::read::GzDecoder::new(&fast[..])
                .read_to_end(&mut decoded)
                .unwrap();
            assert_eq!(decoded, raw);
            assert!(fast.len() < raw.len() / 3, "{}", fast.len());
        }
        // A quick answer goes out gzip-compressed when the browser takes gzip (deflating reuses
        // its state; brotli's fast levels allocate theirs), brotli when that is all it takes.
        let encoding_for = |accept: &str| {
            quick
                .respond(
                    &request(&[(header::ACCEPT_ENCODING, accept)]),
                    HeaderValue::from_static("no-cache"),
                )
                .headers()[header::CONTENT_ENCODING]
                .clone()
        };
        assert_eq!(encoding_for("gzip, deflate, br, zstd"), "gzip");
        assert_eq!(encoding_for("br"), "br");
        let thorough_for = thorough.respond(
            &request(&[(header::ACCEPT_ENCODING, "gzip, br")]),
            HeaderValue::from_static("no-cache"),
        );
        assert_eq!(thorough_for.headers()[header::CONTENT_ENCODING], "br");
    }

    #[test]
    fn tiny_or_incompressible_answers_go_out_as_they_are() {
        let tiny = Encoded::new(
            Bytes::from_static(b"{}"),
            HeaderValue::from_static("application/json"),
        );
        assert_eq!(tiny.body(Encoding::Brotli).0, Encoding::Identity);
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let noise: Vec<u8> = (0..4096)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state >> 56) as u8
            })
            .collect();
        let noise = Encoded::new(
            Bytes::from(noise),
            HeaderValue::from_static("application/octet-stream"),
        );
        assert_eq!(noise.body(Encoding::Gzip).0, Encoding::Identity);
    }
}
