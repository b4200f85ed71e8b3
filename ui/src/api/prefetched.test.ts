import { afterEach, describe, expect, it } from 'vitest';
import { apiGet } from './client';
import { DATA_ELEMENT_ID, hasPrefetched, normalUrl, readPrefetched, takePrefetched } from './prefetched';

function pageWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = DATA_ELEMENT_ID;
  script.textContent = json;
  doc.body.append(script);
  return doc;
}

describe('prefetched answers', () => {
  afterEach(() => readPrefetched(document.implementation.createHTMLDocument('none')));

  it('writes URLs in the server’s normal form: parameters sorted, form-encoded', () => {
    expect(normalUrl('/api/app/product/list?room=living&limit=24&lang=th')).toBe('/api/app/product/list?lang=th&limit=24&room=living');
    expect(normalUrl('/api/app/search?keyword=%E0%B9%82%E0%B8%8B%E0%B8%9F%E0%B8%B2%20x&limit=24&lang=th')).toBe(
      '/api/app/search?keyword=%E0%B9%82%E0%B8%8B%E0%B8%9F%E0%B8%B2+x&lang=th&limit=24',
    );
    expect(normalUrl('/api/app/room/list')).toBe('/api/app/room/list');
  });

  it('gives each answer once, whatever order the app writes its parameters in', () => {
    readPrefetched(pageWith('{"/api/app/product/list?lang=th&limit=24&room=living":{"status":"success","products":[]}}'));
    expect(hasPrefetched('/api/app/product/list?room=living&limit=24&lang=th')).toBe(true);
    expect(takePrefetched('/api/app/product/list?room=living&limit=24&lang=th')).toEqual({ status: 'success', products: [] });
    expect(takePrefetched('/api/app/product/list?room=living&limit=24&lang=th')).toBeUndefined();
  });

  it('ignores a malformed block', () => {
    readPrefetched(pageWith('{not json'));
    expect(takePrefetched('/api/app/room/list')).toBeUndefined();
    readPrefetched(pageWith('[1,2]'));
    expect(takePrefetched('/api/app/room/list')).toBeUndefined();
  });

  it('lets apiGet answer from the page without a request', async () => {
    readPrefetched(pageWith('{"/api/app/room/list":{"status":"success","rooms":[{"key":"living"}]}}'));
    const calls: string[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = ((url: string) => {
      calls.push(url);
      return Promise.resolve(new Response('{"status":"success","rooms":[]}', { status: 200 }));
    }) as typeof fetch;
    try {
      expect(await apiGet('/api/app/room/list')).toEqual({ status: 'success', rooms: [{ key: 'living' }] });
      expect(calls).toEqual([]);
      expect(await apiGet('/api/app/room/list')).toEqual({ status: 'success', rooms: [] });
      expect(calls).toEqual(['/api/app/room/list']);
    } finally {
      globalThis.fetch = original;
    }
  });
});
