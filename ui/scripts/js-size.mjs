// Measures the storefront's JavaScript budget (docs/PERFORMANCE.md: ≤ 40 KB gzipped on first load)
// from the built files in dist/: the entry script of index.html and every chunk it imports
// statically (the browser needs all of them before the first page renders), then, for each lazy
// page, what opening it adds on top. Run `npm run build` first; exits 1 when the first load is over
// budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const BUDGET_KB = 40;

const read = (file) => readFileSync(path.join(dist, file));
const gz = (file) => gzipSync(read(file), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Chunks a chunk imports statically (`import … from "./x.js"` / `import "./x.js"`). */
function staticImports(file) {
  const code = read(file).toString();
  const found = new Set();
  for (const match of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w${},*\s]+from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
    found.add(path.posix.join(path.posix.dirname(file), match[1]));
  }
  return [...found];
}

/** Chunks loaded by `import("./x.js")` (vite may also list them in a preload map). */
function dynamicImports(file) {
  const code = read(file).toString();
  return [...new Set([...code.matchAll(/import\(\s*["'`](\.\/[^"'`]+\.js)["'`]\s*\)/g)].map((m) => path.posix.join(path.posix.dirname(file), m[1])))];
}

function closure(files, seen = new Set()) {
  for (const file of files) {
    if (seen.has(file)) continue;
    seen.add(file);
    closure(staticImports(file), seen);
  }
  return seen;
}

const html = read('index.html').toString();
const entry = /<script[^>]+src="\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
if (!entry) throw new Error('no entry script in dist/index.html');
const first = closure([entry]);
const firstBytes = [...first].reduce((sum, file) => sum + gz(file), 0);
console.log(`First load (entry + static imports, gzip -9): ${kb(firstBytes)} of ${BUDGET_KB} KB`);
for (const file of first) console.log(`  ${file.padEnd(48)} ${kb(gz(file))}`);

const lazy = new Set([...first].flatMap(dynamicImports));
const rows = [];
for (const chunk of lazy) {
  if (first.has(chunk)) continue;
  const extra = [...closure([chunk])].filter((file) => !first.has(file));
  rows.push([path.posix.basename(chunk).replace(/-[\w-]{8}\.js$/, ''), extra.reduce((sum, file) => sum + gz(file), 0)]);
}
console.log('Lazy pages (added on top of the first load when opened):');
for (const [name, bytes] of rows.sort((a, b) => a[0].localeCompare(b[0]))) console.log(`  ${name.padEnd(48)} +${kb(bytes)}`);
if (firstBytes > BUDGET_KB * 1024) {
  console.error(`Over budget by ${kb(firstBytes - BUDGET_KB * 1024)}`);
  process.exit(1);
}
