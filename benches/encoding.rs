//! How long compressing an answer once takes, and how small it gets, per brotli quality and
//! gzip level (chooses `CACHED_BROTLI_QUALITY`/`CACHED_GZIP_LEVEL` in src/http/encoded.rs and
//! the on-the-fly level in src/http/layers.rs). Run with `cargo bench --bench encoding [FILE]`;
//! without FILE it measures a product list answer shaped like the shop's (24 cards).

use std::time::Instant;

use kiosk::http::encoded::{brotli_at, gzip_at};

fn sample() -> Vec<u8> {
    let mut out = String::from("{\"status\":\"success\",\"products\":[");
    for i in 0..24 {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&format!(
            "{{\"code\":\"SF-{:04}\",\"name\":\"Nara {} Seat Fabric Sofa Lanna {}\",\"price\":{},\"compareAtPrice\":{},\"image\":\"/api/file/images/demo/SF-{:04}-1.png\",\"rooms\":[\"living\"],\"categories\":[\"sofas\",\"sofas-fabric\"],\"stock\":{},\"active\":true}}",
            1000 + i, i % 4 + 1, i, 1_290_000 + i * 10_000, 1_590_000 + i * 10_000, 1000 + i, i * 3 % 17
        ));
    }
    out.push_str("],\"total\":144,\"page\":1,\"limit\":24}");
    out.into_bytes()
}

fn time<F: FnMut() -> Vec<u8>>(mut f: F) -> (usize, f64) {
    let runs = 20;
    let mut size = 0;
    let start = Instant::now();
    for _ in 0..runs {
        size = std::hint::black_box(f()).len();
    }
    (size, start.elapsed().as_secs_f64() * 1000.0 / runs as f64)
}

fn main() {
    let raw = match std::env::args().nth(1).filter(|a| !a.starts_with('-')) {
        Some(path) => std::fs::read(&path).expect("readable file"),
        None => sample(),
    };
    println!("raw: {} bytes", raw.len());
    for quality in [0, 1, 4, 5, 6, 7, 8, 9, 10, 11] {
        let (size, ms) = time(|| brotli_at(&raw, quality));
        println!("brotli q{quality:<2} {size:>8} bytes {ms:>8.3} ms");
    }
    for level in [1, 3, 6, 9] {
        let (size, ms) = time(|| gzip_at(&raw, level));
        println!("gzip   {level:<3} {size:>8} bytes {ms:>8.3} ms");
    }
}
