import { fireEvent, render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { galleryKeyTarget, ProductGallery } from './product-gallery';

const IMAGES = ['/api/file/images/demo/A-1.png', '/api/file/images/demo/A-2.png', '/api/file/images/demo/A-3.png'];

describe('galleryKeyTarget', () => {
  it('moves round the photos with the arrows, to the ends with Home and End', () => {
    expect(galleryKeyTarget('ArrowRight', 0, 3)).toBe(1);
    expect(galleryKeyTarget('ArrowRight', 2, 3)).toBe(0);
    expect(galleryKeyTarget('ArrowLeft', 0, 3)).toBe(2);
    expect(galleryKeyTarget('Home', 2, 3)).toBe(0);
    expect(galleryKeyTarget('End', 0, 3)).toBe(2);
    expect(galleryKeyTarget('Enter', 0, 3)).toBeNull();
    expect(galleryKeyTarget('ArrowRight', 0, 1)).toBeNull();
  });
});

describe('ProductGallery', () => {
  const mainImage = () => screen.getAllByRole('img').find((img) => img.classList.contains('gallery__image')) as HTMLImageElement;

  it('shows the chosen photo large, from a srcset of resized variants', () => {
    render(<ProductGallery images={IMAGES} name="Nara sofa" />);
    expect(mainImage().getAttribute('alt')).toBe('Nara sofa, photo 1 of 3');
    expect(mainImage().getAttribute('srcset')).toContain('/api/file/images/demo/A-1.png?w=640 640w');
    expect(mainImage().getAttribute('width')).toBe('800');
    expect(mainImage().getAttribute('height')).toBe('600');
    fireEvent.click(screen.getByRole('button', { name: 'Show photo 3 of 3' }));
    expect(mainImage().getAttribute('alt')).toBe('Nara sofa, photo 3 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(mainImage().getAttribute('alt')).toBe('Nara sofa, photo 1 of 3');
  });

  it('moves between thumbnails with the arrow keys and keeps focus on the chosen one', () => {
    render(<ProductGallery images={IMAGES} name="Nara sofa" />);
    const first = screen.getByRole('button', { name: 'Show photo 1 of 3' });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowLeft' });
    const last = screen.getByRole('button', { name: 'Show photo 3 of 3' });
    expect(document.activeElement).toBe(last);
    expect(last.getAttribute('aria-current')).toBe('true');
    expect(screen.getByText('Photo 3 of 3')).toBeTruthy();
  });

  it("uses the staff's alt text in the shopper's language when there is one", () => {
    const alts = { [IMAGES[1]!]: { en: 'Nara sofa, side view with the cushions off', th: '' } };
    render(<ProductGallery images={IMAGES} name="Nara sofa" alts={alts} />);
    expect(mainImage().getAttribute('alt')).toBe('Nara sofa, photo 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Show photo 2 of 3' }));
    expect(mainImage().getAttribute('alt')).toBe('Nara sofa, side view with the cushions off');
  });

  it('shows a single photo without buttons', () => {
    render(<ProductGallery images={IMAGES.slice(0, 1)} name="Nara sofa" />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(mainImage().getAttribute('alt')).toBe('Nara sofa');
  });
});
