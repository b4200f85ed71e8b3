// Compresses the built files once, at build time, at the strongest settings (brotli 11, gzip 9),
// next to the originals (`x.js.br`, `x.js.gz`). The server embeds them and sends the one the
// browser accepts, so no request pays for compression (docs/PERFORMANCE.md, issue 16). A compressed
// form is written only when it is smaller; fonts and pictures that are compressed already are left.
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.ico', '.map', '.ttf']);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

let raw = 0;
let br = 0;
let count = 0;
for (const file of [...files(dist)]) {
  if (file.endsWith('.br') || file.endsWith('.gz')) {
    unlinkSync(file);
    continue;
  }
  if (!COMPRESSIBLE.has(path.extname(file))) continue;
  const data = readFileSync(file);
  const brotli = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gzip = gzipSync(data, { level: 9 });
  if (brotli.length < data.length) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < data.length) writeFileSync(`${file}.gz`, gzip);
  raw += data.length;
  br += Math.min(brotli.length, data.length);
  count += 1;
}
console.log(`precompressed ${count} files: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli`);
