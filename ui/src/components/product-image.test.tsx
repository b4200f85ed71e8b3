import { render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { ProductImage } from './product-image';

const SRC = '/api/file/images/demo/SF-1001-1.png?v=3f2a9c0b1d4e';

function image(props: Partial<Parameters<typeof ProductImage>[0]> = {}): HTMLImageElement {
  const { container } = render(<ProductImage src={SRC} alt="Sofa" sizes="(max-width: 700px) 50vw, 280px" {...props} />);
  return container.querySelector('img') as HTMLImageElement;
}

describe('ProductImage', () => {
  it('loads lazily by default, with versioned copies in the srcset', () => {
    const img = image();
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('fetchpriority')).toBeNull();
    expect(img.getAttribute('srcset')).toContain(`${SRC}&w=480 480w`);
    expect(img.getAttribute('sizes')).toBe('(max-width: 700px) 50vw, 280px');
    expect(img.getAttribute('src')).toBe(`${SRC}&w=480`);
  });

  it('loads the first row eagerly without jumping the queue', () => {
    const img = image({ eager: true });
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBeNull();
  });

  it('puts the page’s largest image first in the queue', () => {
    const img = image({ priority: true, fallbackWidth: 960 });
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('src')).toBe(`${SRC}&w=960`);
  });
});
