import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Localized, Product } from '../../../api/types';
import { jsonResponse } from '../../../testing/products';
import { ImageManager } from './image-manager';

const A = '/api/file/images/SF-1/aaaaaaaaaaaaaaaaaaaa.png';
const B = '/api/file/images/SF-1/bbbbbbbbbbbbbbbbbbbb.jpg';
const alt = (en: string, th = ''): Localized => ({ en, th, my: '', km: '', id: '' });

let fetchMock: ReturnType<typeof vi.fn>;
let sent: unknown[];

beforeEach(() => {
  sent = [];
  fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as { images: string[]; imageAlts: Record<string, Localized> };
    sent.push(body);
    return jsonResponse({ status: 'success', product: { code: 'SF-1', images: body.images, imageAlts: body.imageAlts, version: 8 } });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

function setup(alts: Record<string, Localized> = {}) {
  const onChange = vi.fn<(product: Product) => void>();
  render(<ImageManager code="SF-1" images={[A, B]} alts={alts} version={7} onChange={onChange} />);
  return onChange;
}

describe('the image manager', () => {
  it('shows thumbnails in a served size, the main photo and missing alt text', () => {
    setup({ [A]: alt('Front', 'ด้านหน้า') });
    const cards = screen.getAllByTestId('image-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!).getByRole('img');
    expect(first.getAttribute('src')).toBe(`${A}?w=160`);
    expect(first.getAttribute('alt')).toBe('Front');
    expect(within(cards[0]!).getByText('Main')).toBeTruthy();
    expect(within(cards[0]!).getByText('Alt text missing')).toBeTruthy();
    const input = screen.getByTestId('image-input');
    expect(input.getAttribute('accept')).toBe('image/png,image/jpeg,image/webp');
    expect(input.hasAttribute('multiple')).toBe(true);
    expect(screen.getByLabelText('Choose or take photos')).toBe(input);
  });

  it('moves a photo with the arrow buttons and sends the new order with the version', async () => {
    const onChange = setup({ [A]: alt('Front') });
    expect((screen.getByRole('button', { name: 'Move photo 1 earlier' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move photo 1 later' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/admin/products/SF-1/images');
    expect(init.method).toBe('PUT');
    expect(sent[0]).toEqual({ images: [B, A], imageAlts: { [A]: alt('Front') }, version: 7 });
    expect(onChange.mock.calls[0]![0].images).toEqual([B, A]);
  });

  it('removes a photo only after the confirmation', async () => {
    const onChange = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Remove this photo?')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(sent[0]).toEqual({ images: [A], imageAlts: {}, version: 7 });
  });

  it('edits alt text in five languages, marking the missing ones', async () => {
    const onChange = setup();
    fireEvent.click(screen.getAllByRole('button', { name: 'Alt text' })[1]!);
    const form = screen.getByTestId('image-alt');
    expect(within(form).getAllByText('missing')).toHaveLength(5);
    fireEvent.input(within(form).getByLabelText(/English/), { target: { value: ' Teak sideboard ' } });
    expect(within(form).getAllByText('missing')).toHaveLength(4);
    fireEvent.submit(form);
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(sent[0]).toEqual({ images: [A, B], imageAlts: { [B]: alt('Teak sideboard') }, version: 7 });
  });

  it('lists a dropped file refused at once, without sending anything', async () => {
    setup();
    const svg = new File(['<svg><script>alert(1)</script></svg>'], 'logo.svg', { type: 'image/svg+xml' });
    // Dropped on the box (the file picker takes the same way in).
    const drop = new Event('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(drop, 'dataTransfer', { value: { types: ['Files'], files: [svg] } });
    act(() => {
      screen.getByTestId('image-drop').dispatchEvent(drop);
    });
    const problems = await screen.findByTestId('image-problems');
    expect(problems.textContent).toContain('logo.svg');
    expect(problems.textContent).toContain('SVG drawings are not accepted');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
