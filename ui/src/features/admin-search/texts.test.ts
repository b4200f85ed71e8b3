//! The page's texts exist in all five languages: every `admin.search.*` key the page uses (and the
//! menu's name) is translated, with the same `{placeholders}` as English.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROBLEM_KINDS } from './search-rules';

const LANGS = ['en', 'th', 'my', 'km', 'id'] as const;
function messages(lang: (typeof LANGS)[number]): unknown {
  const file = path.resolve(__dirname, `../../../../locales/${lang}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as unknown;
}

function lookup(messages: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), messages);
}

/** The keys the page's source passes to t(), and one per problem kind it words. */
function usedKeys(): string[] {
  const source = readFileSync(path.resolve(__dirname, 'routes/search-page.tsx'), 'utf8');
  const keys = new Set([...source.matchAll(/\bt\('(admin\.search\.[\w.]+)'/g)].map((match) => match[1] ?? ''));
  for (const kind of PROBLEM_KINDS) keys.add(`admin.search.problems.${kind}`);
  keys.add('admin.menu.search');
  return [...keys].sort();
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the search page texts', () => {
  const keys = usedKeys();

  it('are found in the page source', () => {
    expect(keys.length).toBeGreaterThan(30);
    expect(keys).toContain('admin.search.synonyms.saved');
  });

  for (const lang of LANGS) {
    it(`exist in ${lang} with the placeholders of English`, () => {
      const english = messages('en');
      const own = messages(lang);
      for (const key of keys) {
        const text = lookup(own, key);
        expect(typeof text === 'string' && text.trim() !== '', `${lang}: ${key}`).toBe(true);
        expect(placeholders(text as string), `${lang}: ${key}`).toEqual(placeholders(lookup(english, key) as string));
      }
    });
  }
});
