//! Measures what resized product images weigh at several WebP qualities, to choose
//! `image_variants::WEBP_QUALITY`: `cargo run --example image_sizes [DIR] [--samples OUT]`.
//!
//! DIR defaults to the demo images (`assets/demo/images`). Prints, per quality, the total
//! bytes of the copies at 320, 480 and 640 px, and how many are heavier than their original.
//! With `--samples OUT`, writes a few 480 px copies per quality to OUT as PNG to look at.

use std::path::PathBuf;

use image::DynamicImage;
use kiosk::catalog::image_variants::{encode_webp, resize};

const QUALITIES: &[f32] = &[50.0, 60.0, 70.0, 75.0, 80.0, 85.0, 90.0];
const WIDTHS: &[u32] = &[320, 480, 640];
const SAMPLES: usize = 3;

fn main() {
    let mut dir = PathBuf::from("assets/demo/images");
    let mut samples: Option<PathBuf> = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--samples" {
            samples = args.next().map(PathBuf::from);
        } else {
            dir = PathBuf::from(arg);
        }
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("a directory of images")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "png" || e == "jpg"))
        .collect();
    files.sort();
    let originals: Vec<(Vec<u8>, DynamicImage)> = files
        .iter()
        .map(|f| {
            let bytes = std::fs::read(f).expect("readable");
            let image = image::load_from_memory(&bytes).expect("an image");
            (bytes, image)
        })
        .collect();
    let original_total: usize = originals.iter().map(|(b, _)| b.len()).sum();
    println!(
        "{} images, originals {original_total} bytes",
        originals.len()
    );
    println!("| quality | 320 px | 480 px | 640 px | 480 px heavier than original |");
    println!("|---|---|---|---|---|");
    let lossless = |image: &DynamicImage| {
        let mut bytes = Vec::new();
        image
            .to_rgba8()
            .write_with_encoder(image::codecs::webp::WebPEncoder::new_lossless(&mut bytes))
            .expect("lossless");
        bytes
    };
    row("lossless", &originals, |image| lossless(image));
    for &quality in QUALITIES {
        row(&format!("{quality}"), &originals, |image| {
            encode_webp(image, quality).expect("webp")
        });
        if let Some(out) = &samples {
            std::fs::create_dir_all(out).expect("samples dir");
            for (i, (_, image)) in originals
                .iter()
                .step_by(originals.len() / SAMPLES)
                .enumerate()
            {
                let webp = encode_webp(&resize(image, 480), quality).expect("webp");
                let back = image::load_from_memory(&webp).expect("decodes");
                back.save(out.join(format!("sample{i}-q{quality}.png")))
                    .expect("written");
            }
        }
    }
}

fn row(
    name: &str,
    originals: &[(Vec<u8>, DynamicImage)],
    encode: impl Fn(&DynamicImage) -> Vec<u8>,
) {
    let mut totals = [0usize; 3];
    let mut heavier = 0;
    for (bytes, image) in originals {
        for (i, &w) in WIDTHS.iter().enumerate() {
            let size = encode(&resize(image, w)).len();
            totals[i] += size;
            if w == 480 && size > bytes.len() {
                heavier += 1;
            }
        }
    }
    println!(
        "| {name} | {} | {} | {} | {heavier} |",
        totals[0], totals[1], totals[2]
    );
}
