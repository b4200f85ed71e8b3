import { render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { MarkdownView } from './markdown-view';

describe('MarkdownView', () => {
  it('renders elements and never runs or injects HTML', () => {
    const { container } = render(
      <MarkdownView source={'## หัวข้อ\n\n<img src=x onerror=alert(1)> <script>alert(1)</script>\n\n[bad](javascript:alert(1)) [good](https://example.com)'} />,
    );
    expect(container.querySelector('h3')?.textContent).toBe('หัวข้อ');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com']);
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows code and raw HTML as text, and quotes as blocks, with links only where CommonMark has them', () => {
    const { container } = render(
      <MarkdownView source={'```\n[a](https://example.com/a)\n```\n\n> quoted [b](/b)\n>\n> ```\n> [c](/c)\n> ```\n\n<div>\n[d](/d)\n</div>'} />,
    );
    expect(container.querySelector('pre code')?.textContent).toBe('[a](https://example.com/a)');
    expect(container.querySelector('blockquote pre')).not.toBeNull();
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['/b']);
    expect(container.textContent).toContain('[d](/d)');
  });
});
