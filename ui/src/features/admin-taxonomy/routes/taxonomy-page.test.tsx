import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/products';
import type { TaxonomyTools } from '../tools';
import { CategoriesPage, RoomsPage } from './taxonomy-page';

const title = (en: string) => ({ en, th: '', my: '', km: '', id: '' });
const room = (key: string, order: number, products: number) => ({ key, title: title(key), pageName: null, image: null, icon: null, order, products });

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/admin/rooms' && !init?.method?.match(/POST/)) {
      return jsonResponse({ status: 'success', rooms: [room('living', 0, 3), room('bedroom', 1, 0), room('garden', 2, 0)] });
    }
    if (url === '/api/admin/rooms/order') return jsonResponse({ status: 'success', rooms: [] });
    if (url === '/api/admin/rooms/living' && init?.method === 'DELETE') {
      return jsonResponse({ status: 'error', error: { code: 'in_use', message: '3 products are still in the room living' } }, 409);
    }
    if (url === '/api/admin/categories') {
      return jsonResponse({
        status: 'success',
        categories: [
          { key: 'seating', title: title('Seating'), pageName: null, parent: null, order: 0, products: 0 },
          { key: 'sofas', title: title('Sofas'), pageName: null, parent: 'seating', order: 0, products: 4 },
        ],
      });
    }
    return jsonResponse({ status: 'error', error: { code: 'not_found', message: url } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

const tools = (narrow: boolean): TaxonomyTools => ({ errorText: String, narrow });

describe('the rooms editor', () => {
  it('moves a room with the arrow buttons on a phone (no dragging) and saves the new order', async () => {
    render(<RoomsPage tools={tools(true)} />);
    const rows = await screen.findAllByTestId('taxonomy-row');
    expect(rows.map((row) => row.dataset.key)).toEqual(['living', 'bedroom', 'garden']);
    expect(rows[0]!.getAttribute('draggable')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Move garden up' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/admin/rooms/order', expect.objectContaining({ method: 'POST' })));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/admin/rooms/order')!;
    expect(JSON.parse(String((call[1] as RequestInit).body))).toEqual({ keys: ['living', 'garden', 'bedroom'] });
    await waitFor(() => expect(screen.getAllByTestId('taxonomy-row').map((row) => row.dataset.key)).toEqual(['living', 'garden', 'bedroom']));
  });

  it('lets rows be dragged on a desktop and says why a used room cannot be deleted', async () => {
    window.confirm = vi.fn(() => true);
    render(<RoomsPage tools={tools(false)} />);
    const rows = await screen.findAllByTestId('taxonomy-row');
    expect(rows[0]!.getAttribute('draggable')).toBe('true');
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' })[0]!);
    expect((await screen.findByRole('alert')).textContent).toContain('still has 3 products');
  });
});

describe('the category tree', () => {
  it('nests children under their parent', async () => {
    render(<CategoriesPage tools={tools(false)} />);
    const rows = await screen.findAllByTestId('taxonomy-row');
    expect(rows.map((row) => row.dataset.key)).toEqual(['seating', 'sofas']);
    expect(rows[1]!.style.marginInlineStart).toBe('1.5rem');
  });
});
