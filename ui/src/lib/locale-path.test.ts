import { describe, expect, it } from 'vitest';
import { localeBase, localizePath, splitLocalePath, switchLocalePath, withoutTrailingSlash } from './locale-path';

describe('splitLocalePath', () => {
  it('reads the language prefix', () => {
    expect(splitLocalePath('/th/about')).toEqual({ locale: 'th', path: '/about' });
    expect(splitLocalePath('/my')).toEqual({ locale: 'my', path: '/' });
    expect(splitLocalePath('/km/')).toEqual({ locale: 'km', path: '/' });
    expect(splitLocalePath('/id/room/living')).toEqual({ locale: 'id', path: '/room/living' });
  });

  it('treats paths without a known prefix as English', () => {
    expect(splitLocalePath('/')).toEqual({ locale: 'en', path: '/' });
    expect(splitLocalePath('/about')).toEqual({ locale: 'en', path: '/about' });
    expect(splitLocalePath('/xx/about')).toEqual({ locale: 'en', path: '/xx/about' });
    expect(splitLocalePath('/thai')).toEqual({ locale: 'en', path: '/thai' });
    expect(splitLocalePath('/idea')).toEqual({ locale: 'en', path: '/idea' });
  });
});

describe('localizePath', () => {
  it('adds no prefix for English and the language prefix otherwise', () => {
    expect(localeBase('en')).toBe('');
    expect(localeBase('km')).toBe('/km');
    expect(localizePath('en', '/about')).toBe('/about');
    expect(localizePath('th', '/about')).toBe('/th/about');
    expect(localizePath('th', '/')).toBe('/th');
    expect(localizePath('en', '/')).toBe('/');
  });
});

describe('switchLocalePath', () => {
  it('adds a prefix and keeps the query and hash', () => {
    expect(switchLocalePath({ pathname: '/search', search: '?keyword=sofa', hash: '#top' }, 'th')).toBe(
      '/th/search?keyword=sofa#top',
    );
    expect(switchLocalePath({ pathname: '/', search: '' }, 'id')).toBe('/id');
  });

  it('removes the prefix when switching to English', () => {
    expect(switchLocalePath({ pathname: '/th/about', search: '?a=1' }, 'en')).toBe('/about?a=1');
    expect(switchLocalePath({ pathname: '/th' }, 'en')).toBe('/');
  });

  it('replaces one prefix by another', () => {
    expect(switchLocalePath({ pathname: '/th/room/living', search: '?page=2' }, 'my')).toBe('/my/room/living?page=2');
    expect(switchLocalePath({ pathname: '/km' }, 'id')).toBe('/id');
  });
});

describe('withoutTrailingSlash', () => {
  it('drops a trailing slash but keeps the root, query and hash', () => {
    expect(withoutTrailingSlash('/th/')).toBe('/th');
    expect(withoutTrailingSlash('/th/?keyword=a')).toBe('/th?keyword=a');
    expect(withoutTrailingSlash('/about/#x')).toBe('/about#x');
    expect(withoutTrailingSlash('/')).toBe('/');
    expect(withoutTrailingSlash('/?a=1')).toBe('/?a=1');
    expect(withoutTrailingSlash('/room/living')).toBe('/room/living');
  });
});
