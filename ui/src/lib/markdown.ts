//! The Markdown of information pages, parsed into a small tree that is rendered as elements and
//! text nodes, never as HTML: raw HTML in a page shows as written, and only https:, mailto:, tel:
//! and site-relative links become links (the server refuses other link targets on save; this is
//! the second wall). Supported: headings (#, ##, ###), paragraphs with line breaks, - / * / 1.
//! lists, > quotes, --- rules, **bold**, *italic* / _italic_, `code` and [text](link).

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
  | { type: 'quote'; children: Inline[] }
  | { type: 'rule' };

/** A link target a page may use, normalised; null for anything else (javascript:, data:, //host…). */
export function safeHref(target: string): string | null {
  const href = target.trim().replace(/^<|>$/g, '');
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

/** Inline Markdown of one line or paragraph (line breaks become `br`). */
export function parseInline(text: string, depth = 0): Inline[] {
  const out: Inline[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\\' && i + 1 < text.length && /[\\`*_[\]()#>+\-.!]/.test(text[i + 1]!)) {
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
      const end = text.indexOf('`', i + 1);
      if (end > i + 1) {
        out.push({ type: 'code', text: text.slice(i + 1, end) });
        i = end + 1;
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
      const close = closing(text, ']', i + 1);
      if (close > 0 && text[close + 1] === '(') {
        const end = text.indexOf(')', close + 2);
        if (end > 0) {
          const label = text.slice(i + 1, close);
          const href = safeHref(text.slice(close + 2, end));
          const children = depth < 4 ? parseInline(label, depth + 1) : [{ type: 'text' as const, text: label }];
          if (href) out.push({ type: 'link', href, children });
          else children.forEach((child) => (child.type === 'text' ? pushText(out, child.text) : out.push(child)));
          i = end + 1;
          continue;
        }
      }
    }
    pushText(out, ch);
    i += 1;
  }
  return out;
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}\d{1,9}[.)]\s+(.*)$/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;

/** A page body (Markdown) as blocks. */
export function parseMarkdown(source: string): Block[] {
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
      blocks.push({ type: 'quote', children: parseInline(quoted.join('\n').trim()) });
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
