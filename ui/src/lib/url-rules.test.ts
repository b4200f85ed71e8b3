import { describe, expect, it } from 'vitest';
import { catalogSlug, isExternalLink, isSafeRedirect, safeContactHref } from './url-rules';

describe('isSafeRedirect (docs/STOREFRONT.md §5)', () => {
  it.each([
    '/',
    '/cart',
    '/th/room/living-room',
    '/search?keyword=sofa',
    '/search?keyword=sofa&page=2#results',
    '/products/SF-10_a.b~c%20d',
    '/order#pay',
  ])('accepts the relative path %s', (target) => {
    expect(isSafeRedirect(target)).toBe(true);
  });

  it.each([
    '//evil.example.com',
    '//evil.example.com/path',
    '/\\evil.example.com',
    'https://evil.example.com/',
    'javascript:alert(1)',
    'data:text/html,x',
    'cart',
    '',
    '/a b',
    '/path<script>',
    '/x?q="y"',
    '/ok\n/evil',
  ])('refuses %j', (target) => {
    expect(isSafeRedirect(target)).toBe(false);
  });

  it('refuses values that are not strings', () => {
    expect(isSafeRedirect(null)).toBe(false);
    expect(isSafeRedirect(undefined)).toBe(false);
    expect(isSafeRedirect(42)).toBe(false);
  });
});

describe('isExternalLink', () => {
  it.each(['https://www.facebook.com/kioskfurniture', 'http://example.com', 'HTTPS://EXAMPLE.COM', '//cdn.example.com/x', 'www.example.com', 'mailto:shop@example.com', 'tel:+6621234567'])(
    'treats %s as external',
    (path) => expect(isExternalLink(path)).toBe(true),
  );

  it.each(['/', '/about', '/room/living', '/info/how-to-order', 'about', '/search?keyword=http://x'])('treats %s as internal', (path) =>
    expect(isExternalLink(path)).toBe(false),
  );
});

describe('catalogSlug', () => {
  it('uses the page name, else the key, lowercased and trimmed', () => {
    expect(catalogSlug({ key: 'living', pageName: ' Living-Room ' })).toBe('living-room');
    expect(catalogSlug({ key: 'Bedroom ' })).toBe('bedroom');
    expect(catalogSlug({ key: 'Office', pageName: '   ' })).toBe('office');
    expect(catalogSlug({ key: 'Dining', pageName: null })).toBe('dining');
  });
});

describe('safeContactHref', () => {
  it('keeps web and chat links and makes tel numbers dialable', () => {
    expect(safeContactHref('facebook', 'https://facebook.com/kiosk')).toBe('https://facebook.com/kiosk');
    expect(safeContactHref('viber', 'viber://chat?number=%2B66812345678')).toBe('viber://chat?number=%2B66812345678');
    expect(safeContactHref('tel', '02-123-4567')).toBe('tel:021234567');
    expect(safeContactHref('tel', 'tel:+6621234567')).toBe('tel:+6621234567');
  });

  it('drops unsafe schemes and empty values', () => {
    expect(safeContactHref('line', 'javascript:alert(1)')).toBeNull();
    expect(safeContactHref('youtube', '  ')).toBeNull();
  });
});
