#!/usr/bin/env node
// Lighthouse mobile scores of the storefront (issue 17): starts the release binary on a free
// port with a fresh demo shop, runs Lighthouse (from npm, `npx lighthouse@12`) with Debian's
// Chromium three times per page and prints the medians as a table. Not part of the test command:
// scores depend on the machine; the closing note records them.
//
// Usage: node ui/scripts/lighthouse.mjs [runs=3]     (after `cargo build --release`)
//        KIOSK_BIN=path/to/kiosk  LIGHTHOUSE_URL=http://host:port (use a running shop instead)
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const runs = Number(process.argv[2] ?? 3);
const PAGES = [
  '/',
  '/th',
  '/th/room/living',
  '/th/category/sofas',
  '/products/SF-1001',
  `/th/search?keyword=${encodeURIComponent('โซฟา')}`,
  '/cart',
];
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync';

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
    server.on('error', fail);
  });
}

async function waitForHealth(base) {
  for (let i = 0; i < 100; i++) {
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${base} did not answer /api/health`);
}

async function startShop() {
  if (process.env.LIGHTHOUSE_URL) return { base: process.env.LIGHTHOUSE_URL, stop: () => undefined };
  const bin = process.env.KIOSK_BIN ?? join(root, 'target/release/kiosk');
  const data = mkdtempSync(join(tmpdir(), 'kiosk-lighthouse-'));
  const port = await freePort();
  const child = spawn(bin, ['serve', '--data-dir', join(data, 'data'), '--listen', `127.0.0.1:${port}`], { stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base);
  return {
    base,
    stop: () => {
      child.kill();
      rmSync(data, { recursive: true, force: true });
    },
  };
}

/** One Lighthouse run; a failed one (Lighthouse sometimes loses its trace: NO_NAVSTART) is tried twice more. */
function lighthouse(url, out, retries = 2) {
  const result = spawnSync(
    'npx',
    ['--yes', 'lighthouse@12', url, '--quiet', '--chrome-path=/usr/bin/chromium', `--chrome-flags=${CHROME_FLAGS}`,
      '--only-categories=performance,accessibility', '--output=json', `--output-path=${out}`],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (result.status !== 0) {
    if (retries > 0) return lighthouse(url, out, retries - 1);
    throw new Error(`lighthouse failed for ${url}`);
  }
  return JSON.parse(readFileSync(out, 'utf8'));
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const shop = await startShop();
const scratch = mkdtempSync(join(tmpdir(), 'kiosk-lighthouse-out-'));
const rows = [];
try {
  // One visit first: image variants are made on their first request, as after a deploy.
  for (const page of PAGES) await fetch(shop.base + page).then((r) => r.text());
  for (const page of PAGES) {
    const samples = [];
    for (let run = 0; run < runs; run++) {
      const report = lighthouse(shop.base + page, join(scratch, `run.json`));
      samples.push({
        performance: Math.round(report.categories.performance.score * 100),
        accessibility: Math.round(report.categories.accessibility.score * 100),
        lcp: report.audits['largest-contentful-paint'].numericValue,
        tbt: report.audits['total-blocking-time'].numericValue,
        cls: report.audits['cumulative-layout-shift'].numericValue,
        bytes: report.audits['total-byte-weight'].numericValue,
      });
    }
    const pick = (key) => median(samples.map((s) => s[key]));
    rows.push([page, pick('performance'), pick('accessibility'), `${(pick('lcp') / 1000).toFixed(1)} s`, `${Math.round(pick('tbt'))} ms`,
      pick('cls').toFixed(3), `${Math.round(pick('bytes') / 1024)} KB`]);
    console.error(`${page}: ${samples.map((s) => s.performance).join(', ')}`);
  }
} finally {
  shop.stop();
  rmSync(scratch, { recursive: true, force: true });
}

console.log(`| page | performance | accessibility | LCP | TBT | CLS | bytes |`);
console.log(`|---|---|---|---|---|---|---|`);
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
