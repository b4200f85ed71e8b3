import { describe, expect, it } from 'vitest';
import corpus from '../../../tests/fixtures/markdown-links.json';
import { blockLinks, inlineText, parseInline, parseMarkdown, safeHref } from './markdown';

describe('page Markdown', () => {
  it('reads headings, paragraphs with line breaks, lists, quotes and rules', () => {
    const blocks = parseMarkdown('# เกี่ยวกับเรา\n\nบรรทัดหนึ่ง\nบรรทัดสอง\n\n- โซฟา\n- เตียง\n\n1. one\n2. two\n\n> quoted\n\n---');
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'list', 'list', 'quote', 'rule']);
    expect(blocks[0]).toMatchObject({ type: 'heading', level: 2 });
    expect(blocks[1]).toEqual({
      type: 'paragraph',
      children: [{ type: 'text', text: 'บรรทัดหนึ่ง' }, { type: 'br' }, { type: 'text', text: 'บรรทัดสอง' }],
    });
    expect(blocks[2]).toMatchObject({ type: 'list', ordered: false });
    expect(blocks[3]).toMatchObject({ type: 'list', ordered: true });
  });

  it('reads bold, italic, code and links', () => {
    expect(parseInline('**ไม้สัก** and *oak* `SF-1001` [ร้าน](/about)')).toEqual([
      { type: 'strong', children: [{ type: 'text', text: 'ไม้สัก' }] },
      { type: 'text', text: ' and ' },
      { type: 'em', children: [{ type: 'text', text: 'oak' }] },
      { type: 'text', text: ' ' },
      { type: 'code', text: 'SF-1001' },
      { type: 'text', text: ' ' },
      { type: 'link', href: '/about', children: [{ type: 'text', text: 'ร้าน' }] },
    ]);
  });

  it('never makes a link of javascript:, data: or another host without https', () => {
    for (const target of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'data:text/html,x', '//evil.example', 'http://x.example', 'vbscript:x', '/\\evil.example']) {
      expect(safeHref(target), target).toBeNull();
    }
    const nodes = parseInline('[click](javascript:alert(1))');
    expect(nodes.some((node) => node.type === 'link')).toBe(false);
    expect(inlineText(nodes)).toContain('click');
    expect(safeHref('https://line.me/R/ti/p/@kiosk')).toBe('https://line.me/R/ti/p/@kiosk');
    expect(safeHref('mailto:shop@example.com')).toBe('mailto:shop@example.com');
    expect(safeHref('tel:021234567')).toBe('tel:021234567');
  });

  it('keeps raw HTML as text', () => {
    const blocks = parseMarkdown('<script>alert(1)</script>');
    expect(blocks).toEqual([{ type: 'paragraph', children: [{ type: 'text', text: '<script>alert(1)</script>' }] }]);
  });

  it('leaves unclosed markers and escapes as written', () => {
    expect(inlineText(parseInline('5 * 3 = 15, a_b_c and \\*not em\\*'))).toBe('5 * 3 = 15, a_b_c and *not em*');
  });
});

type Case = { name: string; body: string; destinations: string[]; refused: boolean };

describe('the shared corpus of hostile page bodies (tests/fixtures/markdown-links.json)', () => {
  it('never links a destination the server did not see, nor an unsafe one', () => {
    // The server's CommonMark check reads the same file (src/content/markdown.rs).
    const cases = corpus as Case[];
    expect(cases.length).toBeGreaterThanOrEqual(20);
    for (const item of cases) {
      const links = blockLinks(parseMarkdown(item.body));
      for (const href of links) {
        expect(safeHref(href), `${item.name}: ${href}`).toBe(href);
        // A refused body is never stored, so only an accepted one reaches shoppers; its links must
        // all be destinations the server's parser saw.
        if (!item.refused) expect(item.destinations, `${item.name}: ${href}`).toContain(href);
      }
    }
  });

  it('links what CommonMark links in the common cases', () => {
    expect(blockLinks(parseMarkdown('[x](/a "title") [y](/a(b)c) [z](<https://example.com/z>)'))).toEqual(['/a', '/a(b)c', 'https://example.com/z']);
    expect(blockLinks(parseMarkdown('> see [returns](/info/returns)'))).toEqual(['/info/returns']);
    expect(blockLinks(parseMarkdown('```\n[x](https://example.com)\n```\n\n    [y](/y)\n\n`[z](/z)`'))).toEqual([]);
  });
});
