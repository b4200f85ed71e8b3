import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { galleryKeyTarget, ProductGallery } from './product-gallery';
import { lightboxKeyAction } from './product-gallery-lightbox';

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

  it('shows a single photo with no buttons but the one that enlarges it', () => {
    render(<ProductGallery images={IMAGES.slice(0, 1)} name="Nara sofa" />);
    expect(screen.queryAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Enlarge photo: Nara sofa']);
    expect(mainImage().getAttribute('alt')).toBe('Nara sofa');
  });
});

describe('the full-screen viewer', () => {
  const dialog = () => screen.findByRole('dialog', { name: 'Photos of Nara sofa' });
  const shownAlt = (root: HTMLElement) => root.querySelector('.lightbox__image')?.getAttribute('alt');

  it('opens on the photo shown, moves with the arrow keys and closes with Escape, focus back on the photo', async () => {
    const app = document.createElement('div');
    app.id = 'app';
    document.body.append(app);
    render(<ProductGallery images={IMAGES} name="Nara sofa" />, { container: app });
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    const opener = screen.getByRole('button', { name: 'Enlarge photo: Nara sofa, photo 2 of 3' });
    opener.focus();
    fireEvent.click(opener);
    const viewer = await dialog();
    expect(viewer.getAttribute('aria-modal')).toBe('true');
    expect(shownAlt(viewer)).toBe('Nara sofa, photo 2 of 3');
    // Focus moves into the viewer and the page behind is inert.
    await waitFor(() => expect(viewer.contains(document.activeElement)).toBe(true));
    expect(app.hasAttribute('inert')).toBe(true);
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(shownAlt(viewer)).toBe('Nara sofa, photo 3 of 3');
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(shownAlt(viewer)).toBe('Nara sofa, photo 1 of 3');
    fireEvent.keyDown(viewer, { key: 'ArrowLeft' });
    expect(shownAlt(viewer)).toBe('Nara sofa, photo 3 of 3');
    fireEvent.keyDown(viewer, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.hasAttribute('inert')).toBe(false);
    // The gallery follows to the photo seen last, and focus is back on it.
    const back = screen.getByRole('button', { name: 'Enlarge photo: Nara sofa, photo 3 of 3' });
    await waitFor(() => expect(document.activeElement).toBe(back));
    app.remove();
  });

  it('keeps Tab inside the viewer and zooms with its button', async () => {
    render(<ProductGallery images={IMAGES} name="Nara sofa" />);
    fireEvent.click(screen.getByRole('button', { name: 'Enlarge photo: Nara sofa, photo 1 of 3' }));
    const viewer = await dialog();
    const buttons = [...viewer.querySelectorAll('button')];
    const first = buttons[0]!;
    const last = buttons[buttons.length - 1]!;
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    const zoom = screen.getByRole('button', { name: 'Zoom in' });
    fireEvent.click(zoom);
    expect(screen.getByRole('button', { name: 'Zoom out' }).getAttribute('aria-pressed')).toBe('true');
    expect(viewer.querySelector('.lightbox__stage')?.classList.contains('is-zoomed')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('the full-screen viewer on a touch screen', () => {
  it('swipes to the next and previous photo, but not while zoomed in', async () => {
    render(<ProductGallery images={IMAGES} name="Nara sofa" />);
    fireEvent.click(screen.getByRole('button', { name: 'Enlarge photo: Nara sofa, photo 1 of 3' }));
    const viewer = await screen.findByRole('dialog');
    const stage = viewer.querySelector('.lightbox__stage') as HTMLElement;
    const swipe = (from: number, to: number) => {
      fireEvent.touchStart(stage, { touches: [{ clientX: from, clientY: 100 }] });
      fireEvent.touchEnd(stage, { changedTouches: [{ clientX: to, clientY: 100 }] });
    };
    const alt = () => viewer.querySelector('.lightbox__image')?.getAttribute('alt');
    swipe(300, 100);
    expect(alt()).toBe('Nara sofa, photo 2 of 3');
    swipe(100, 300);
    expect(alt()).toBe('Nara sofa, photo 1 of 3');
    swipe(100, 120);
    expect(alt()).toBe('Nara sofa, photo 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    swipe(300, 100);
    expect(alt()).toBe('Nara sofa, photo 1 of 3');
  });
});

describe('lightboxKeyAction', () => {
  it('closes on Escape and moves only when there is somewhere to go', () => {
    expect(lightboxKeyAction('Escape', 1)).toBe('close');
    expect(lightboxKeyAction('ArrowRight', 3)).toBe('next');
    expect(lightboxKeyAction('ArrowLeft', 3)).toBe('previous');
    expect(lightboxKeyAction('End', 3)).toBe('last');
    expect(lightboxKeyAction('ArrowRight', 1)).toBeNull();
    expect(lightboxKeyAction('Enter', 3)).toBeNull();
  });
});
