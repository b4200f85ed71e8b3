//! The Markdown of information pages, parsed into a small tree that is rendered as elements and
//! text nodes, never as HTML: raw HTML in a page shows as written, and only https:, mailto:, tel:
//! and site-relative links become links. Supported: headings (#, ##, ###), paragraphs with line
//! breaks, - / * / 1. lists, > quotes, --- rules, fenced and indented code, **bold**, *italic* /
//! _italic_, `code` and [text](link "title").
//!
//! The server checks every link destination of a page on save with a CommonMark parser
//! (src/content/markdown.rs). This renderer must never make a link that check did not see, so it
//! follows CommonMark wherever a link could appear or hide: code spans, code blocks and raw HTML
//! (tags, blocks, autolinks) hold no links; a destination ends where CommonMark ends it (balanced
//! parentheses, `<…>`, an optional title); and a destination CommonMark would rewrite (entities,
//! backslash escapes) is shown as text rather than guessed at. Both sides read the same corpus of
//! hostile bodies (tests/fixtures/markdown-links.json). Anything this renderer does not support is
//! shown as text, never as a link.

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'br' };

export type Block =
  | { type: 'heading'; level: 2 | 3 | 4; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] }
  | { type: 'quote'; blocks: Block[] }
  | { type: 'code'; text: string }
  | { type: 'rule' };

/** A link target a page may use, normalised; null for anything else (javascript:, data:, //host…). */
export function safeHref(target: string): string | null {
  const href = target.trim();
  if (/^(https:\/\/|mailto:|tel:)/i.test(href)) return /[\s"'<>`]/.test(href) ? null : href;
  if ((href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\')) || href.startsWith('#')) return href;
  return null;
}

function pushText(out: Inline[], text: string) {
  if (!text) return;
  const last = out[out.length - 1];
  if (last?.type === 'text') last.text += text;
  else out.push({ type: 'text', text });
}

const PUNCTUATION = /[!-/:-@[-`{-~]/;

/** The length of the run of `ch` starting at `at`. */
function runLength(text: string, at: number, ch: string): number {
  let end = at;
  while (text[end] === ch) end += 1;
  return end - at;
}

/** The end (exclusive) of the code span opening at `at`, or -1 when its backticks never close. */
function codeSpanEnd(text: string, at: number): number {
  const open = runLength(text, at, '`');
  for (let i = at + open; i < text.length; ) {
    if (text[i] !== '`') {
      i += 1;
      continue;
    }
    const run = runLength(text, i, '`');
    if (run === open) return i + run;
    i += run;
  }
  return -1;
}

const ATTRIBUTE = String.raw`\s+[A-Za-z_:][A-Za-z0-9_.:-]*(?:\s*=\s*(?:[^\s"'=<>\x60]+|'[^']*'|"[^"]*"))?`;
const OPEN_TAG = new RegExp(String.raw`^<[A-Za-z][A-Za-z0-9-]*(?:${ATTRIBUTE})*\s*\/?>`);
const CLOSING_TAG = /^<\/[A-Za-z][A-Za-z0-9-]*\s*>/;
const RAW_INLINE = [
  OPEN_TAG,
  CLOSING_TAG,
  /^<!--[\s\S]*?-->/,
  /^<\?[\s\S]*?\?>/,
  /^<![A-Za-z][^>]*>/,
  /^<!\[CDATA\[[\s\S]*?\]\]>/,
  /^<[A-Za-z][A-Za-z0-9.+-]{1,31}:[^\s<>]*>/, // autolink: shown as text
  /^<[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*>/,
];

/** The length of the raw HTML or autolink at `at` (CommonMark keeps links out of them), or 0. */
function rawInlineLength(text: string, at: number): number {
  const rest = text.slice(at);
  for (const pattern of RAW_INLINE) {
    const match = pattern.exec(rest);
    if (match) return match[0].length;
  }
  return 0;
}

/** The `]` closing the link text that opens at `from - 1`; -1 when there is none. Code spans and
 * raw HTML bind tighter than brackets, as in CommonMark. */
function closingBracket(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length; i += 1) {
    const ch = text[i]!;
    if (ch === '\\') {
      i += 1;
    } else if (ch === '`') {
      const end = codeSpanEnd(text, i);
      if (end > 0) i = end - 1;
      else i += runLength(text, i, '`') - 1;
    } else if (ch === '<') {
      const length = rawInlineLength(text, i);
      if (length) i += length - 1;
    } else if (ch === '[') {
      depth += 1;
    } else if (ch === ']') {
      if (depth === 0) return i;
      depth -= 1;
    }
  }
  return -1;
}

/** A link's `(destination "title")` read from `text` at `at` (just after `(`), as CommonMark reads
 * it: the destination and the index after the closing `)`, or null when it is not one. */
export function readDestination(text: string, at: number): { destination: string; end: number } | null {
  let i = at;
  const skipSpace = () => {
    while (i < text.length && /[ \t\n]/.test(text[i]!)) i += 1;
  };
  skipSpace();
  let destination: string;
  if (text[i] === '<') {
    const close = text.slice(i + 1).search(/[<>\n]/);
    if (close < 0 || text[i + 1 + close] !== '>') return null;
    destination = text.slice(i + 1, i + 1 + close);
    i += close + 2;
  } else {
    const start = i;
    let depth = 0;
    while (i < text.length) {
      const ch = text[i]!;
      if (ch === '\\' && i + 1 < text.length && PUNCTUATION.test(text[i + 1]!)) {
        i += 2;
        continue;
      }
      if (/\s/.test(ch) || ch.charCodeAt(0) < 0x20 || ch === '\u007f') break;
      if (ch === '(') depth += 1;
      if (ch === ')') {
        if (depth === 0) break;
        depth -= 1;
      }
      i += 1;
    }
    if (depth !== 0) return null;
    destination = text.slice(start, i);
  }
  const beforeTitle = i;
  skipSpace();
  const opener = text[i];
  if (i > beforeTitle && (opener === '"' || opener === "'" || opener === '(')) {
    const closer = opener === '(' ? ')' : opener;
    let j = i + 1;
    while (j < text.length && text[j] !== closer) j += text[j] === '\\' ? 2 : 1;
    if (j >= text.length) return null;
    i = j + 1;
    skipSpace();
  }
  if (text[i] !== ')') return null;
  return { destination, end: i + 1 };
}

/** A destination CommonMark would rewrite (an entity or a backslash escape in it): its meaning is
 * the server's reading, so it is not linked here. */
const REWRITTEN = /\\|&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/;

/** Inline Markdown of one line or paragraph (line breaks become `br`). */
export function parseInline(text: string, depth = 0): Inline[] {
  const out: Inline[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\\' && i + 1 < text.length && PUNCTUATION.test(text[i + 1]!)) {
      pushText(out, text[i + 1]!);
      i += 2;
      continue;
    }
    if (ch === '\n') {
      out.push({ type: 'br' });
      i += 1;
      continue;
    }
    if (ch === '`') {
      const run = runLength(text, i, '`');
      const end = codeSpanEnd(text, i);
      if (end > 0) {
        out.push({ type: 'code', text: text.slice(i + run, end - run) });
        i = end;
      } else {
        pushText(out, text.slice(i, i + run));
        i += run;
      }
      continue;
    }
    if (ch === '<') {
      const length = rawInlineLength(text, i);
      if (length) {
        pushText(out, text.slice(i, i + length));
        i += length;
        continue;
      }
    }
    if (depth < 4 && (text.startsWith('**', i) || text.startsWith('__', i))) {
      const marker = text.slice(i, i + 2);
      const end = closing(text, marker, i + 2);
      if (end > 0) {
        out.push({ type: 'strong', children: parseInline(text.slice(i + 2, end), depth + 1) });
        i = end + 2;
        continue;
      }
    }
    // `_` inside a word (snake_case, file_name) is a letter, not emphasis.
    const wordBefore = ch === '_' && i > 0 && /[\p{L}\p{N}]/u.test(text[i - 1]!);
    if (depth < 4 && (ch === '*' || ch === '_') && !wordBefore && text[i + 1] !== ' ' && text[i + 1] !== ch) {
      const end = closing(text, ch, i + 1);
      const wordAfter = ch === '_' && end > 0 && /[\p{L}\p{N}]/u.test(text[end + 1] ?? '');
      if (end > 0 && text[end - 1] !== ' ' && !wordAfter) {
        out.push({ type: 'em', children: parseInline(text.slice(i + 1, end), depth + 1) });
        i = end + 1;
        continue;
      }
    }
    if (ch === '[') {
      const close = closingBracket(text, i + 1);
      const target = close > 0 && text[close + 1] === '(' ? readDestination(text, close + 2) : null;
      if (target) {
        const label = text.slice(i + 1, close);
        const href = REWRITTEN.test(target.destination) ? null : safeHref(target.destination);
        const children = depth < 4 ? parseInline(label, depth + 1) : [{ type: 'text' as const, text: label }];
        if (href) out.push({ type: 'link', href, children });
        else children.forEach((child) => (child.type === 'text' ? pushText(out, child.text) : out.push(child)));
        i = target.end;
        continue;
      }
    }
    pushText(out, ch);
    i += 1;
  }
  return out;
}

/** The closing `marker` at or after `from` that is not escaped; -1 when there is none. */
function closing(text: string, marker: string, from: number): number {
  for (let i = from; i <= text.length - marker.length; i += 1) {
    if (text[i] === '\\') {
      i += 1;
      continue;
    }
    if (text.startsWith(marker, i) && i > from) return i;
  }
  return -1;
}

const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}\d{1,9}[.)]\s+(.*)$/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const INDENTED = /^(?: {4}|\t)/;

const HTML_BLOCK_NAMES =
  'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h1|h2|h3|h4|h5|h6|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul';

/** CommonMark's HTML blocks: how one starts, how it ends (`null`: at a blank line), and whether it
 * may interrupt a paragraph. Their lines are raw HTML: shown as text, never read for links. */
const HTML_BLOCKS: { start: RegExp; end: RegExp | null; interrupts: boolean }[] = [
  { start: /^ {0,3}<(?:script|pre|style|textarea)(?:\s|>|$)/i, end: /<\/(?:script|pre|style|textarea)>/i, interrupts: true },
  { start: /^ {0,3}<!--/, end: /-->/, interrupts: true },
  { start: /^ {0,3}<\?/, end: /\?>/, interrupts: true },
  { start: /^ {0,3}<![A-Za-z]/, end: />/, interrupts: true },
  { start: /^ {0,3}<!\[CDATA\[/, end: /\]\]>/, interrupts: true },
  { start: new RegExp(String.raw`^ {0,3}<\/?(?:${HTML_BLOCK_NAMES})(?:\s|\/?>|$)`, 'i'), end: null, interrupts: true },
  {
    start: new RegExp(String.raw`^ {0,3}(?:<[A-Za-z][A-Za-z0-9-]*(?:${ATTRIBUTE})*\s*\/?>|<\/[A-Za-z][A-Za-z0-9-]*\s*>)\s*$`),
    end: null,
    interrupts: false,
  },
];

/** The lines of the HTML block starting at line `n`, or 0 when none starts there. */
function htmlBlockLength(lines: string[], n: number, inParagraph: boolean): number {
  const kind = HTML_BLOCKS.find((block) => block.start.test(lines[n]!) && (block.interrupts || !inParagraph));
  if (!kind) return 0;
  let end = n;
  if (kind.end) {
    while (end < lines.length && !kind.end.test(lines[end]!)) end += 1;
    return Math.min(end, lines.length - 1) - n + 1;
  }
  while (end < lines.length && lines[end]!.trim()) end += 1;
  return end - n;
}

/** A page body (Markdown) as blocks. */
export function parseMarkdown(source: string, depth = 0): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', children: parseInline(paragraph.join('\n').trim()) });
    paragraph = [];
  };
  for (let n = 0; n < lines.length; n += 1) {
    const line = lines[n]!;
    if (!line.trim()) {
      flush();
      continue;
    }
    if (!paragraph.length && INDENTED.test(line)) {
      const code: string[] = [];
      while (n < lines.length && (INDENTED.test(lines[n]!) || !lines[n]!.trim())) {
        code.push(lines[n]!.replace(INDENTED, ''));
        n += 1;
      }
      n -= 1;
      blocks.push({ type: 'code', text: code.join('\n').trimEnd() });
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence && !(fence[1]![0] === '`' && fence[2]!.includes('`'))) {
      flush();
      const marker = fence[1]!;
      const closer = new RegExp(String.raw`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}\s*$`);
      const code: string[] = [];
      n += 1;
      while (n < lines.length && !closer.test(lines[n]!)) {
        code.push(lines[n]!);
        n += 1;
      }
      blocks.push({ type: 'code', text: code.join('\n') });
      continue;
    }
    const html = htmlBlockLength(lines, n, paragraph.length > 0);
    if (html) {
      flush();
      blocks.push({ type: 'paragraph', children: [{ type: 'text', text: lines.slice(n, n + html).join('\n').trim() }] });
      n += html - 1;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      const level = Math.min(4, heading[1]!.length + 1) as 2 | 3 | 4;
      blocks.push({ type: 'heading', level, children: parseInline(heading[2]!) });
      continue;
    }
    if (RULE.test(line)) {
      flush();
      blocks.push({ type: 'rule' });
      continue;
    }
    const listMatch = BULLET.exec(line) ?? NUMBERED.exec(line);
    if (listMatch) {
      flush();
      const ordered = !BULLET.test(line);
      const pattern = ordered ? NUMBERED : BULLET;
      const items: Inline[][] = [];
      while (n < lines.length) {
        const item = pattern.exec(lines[n]!);
        if (!item) break;
        items.push(parseInline(item[1]!.trim()));
        n += 1;
      }
      n -= 1;
      blocks.push({ type: 'list', ordered, items });
      continue;
    }
    if (QUOTE.test(line)) {
      flush();
      const quoted: string[] = [];
      while (n < lines.length && QUOTE.test(lines[n]!)) {
        quoted.push(QUOTE.exec(lines[n]!)![1]!);
        n += 1;
      }
      n -= 1;
      // A quote holds blocks of its own (code, HTML, quotes), read the same way; deep nesting is text.
      blocks.push({
        type: 'quote',
        blocks: depth < 8 ? parseMarkdown(quoted.join('\n'), depth + 1) : [{ type: 'paragraph', children: [{ type: 'text', text: quoted.join('\n') }] }],
      });
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return blocks;
}

/** The plain text of inline nodes (titles, previews, tests). */
export function inlineText(nodes: Inline[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'text' || node.type === 'code') return node.text;
      if (node.type === 'br') return '\n';
      return inlineText(node.children);
    })
    .join('');
}

/** Every link of a page's blocks, in order (tests, link checks). */
export function blockLinks(blocks: Block[]): string[] {
  const fromInline = (nodes: Inline[]): string[] =>
    nodes.flatMap((node) => {
      if (node.type === 'link') return [node.href, ...fromInline(node.children)];
      if (node.type === 'strong' || node.type === 'em') return fromInline(node.children);
      return [];
    });
  return blocks.flatMap((block) => {
    switch (block.type) {
      case 'heading':
      case 'paragraph':
        return fromInline(block.children);
      case 'list':
        return block.items.flatMap(fromInline);
      case 'quote':
        return blockLinks(block.blocks);
      default:
        return [];
    }
  });
}
