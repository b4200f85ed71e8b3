import { describe, expect, it } from 'vitest';
import { showMail } from './mail-preview-page';

describe('showMail', () => {
  it('keeps the inline styles through the CSSOM and leaves active content behind', () => {
    const host = document.createElement('div');
    showMail(
      host,
      '<!doctype html><html lang="km"><head><title>x</title><style>p{color:red}</style></head><body style="margin:0"><p style="color:rgb(122, 75, 42)" onclick="alert(1)">ស្វាគមន៍</p><a href="https://shop.example/km/user/order?id=1">open</a><script>alert(2)</script></body></html>',
    );
    const frame = host.firstElementChild as HTMLElement;
    expect(frame.lang).toBe('km');
    const paragraph = frame.querySelector('p')!;
    expect(paragraph.style.color).toBe('rgb(122, 75, 42)');
    expect(paragraph.hasAttribute('onclick')).toBe(false);
    expect(frame.querySelector('script, style')).toBeNull();
    expect(frame.querySelector('a')!.target).toBe('_blank');
  });
});
