import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../../api/types';
import { jsonResponse } from '../../../testing/products';
import type { ProductTools } from '../tools';
import { ProductPage } from './product-page';

const product: Product = {
  code: 'SB-1',
  name: { en: 'Teak sideboard', th: 'ตู้ไม้สัก', my: '', km: '', id: '' },
  description: { en: '', th: '', my: '', km: '', id: '' },
  price: 1_290_000,
  compareAtPrice: null,
  images: [],
  imageAlts: {},
  rooms: [],
  categories: [],
  dimensions: { width: 0, depth: 0, height: 0 },
  material: '',
  colour: '',
  stock: 4,
  active: true,
  popularity: 0,
  createdAt: '2026-11-24',
  version: 2,
};

const tools: ProductTools = {
  can: () => true,
  label: (_group, key) => key,
  labelKeys: () => ['teak'],
  errorText: String,
  time: (ms) => String(ms),
  today: () => '2026-11-24',
  narrow: false,
};

let fetchMock: ReturnType<typeof vi.fn>;
let saveAnswer: Response;

beforeEach(() => {
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/app/room/list') return jsonResponse({ status: 'success', rooms: [] });
    if (url === '/api/app/category/tree') return jsonResponse({ status: 'success', categories: [] });
    if (init?.method === 'PUT') return saveAnswer;
    return jsonResponse({ status: 'success', product, ledger: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

describe('the product form', () => {
  it('shows the server problems at their fields', async () => {
    saveAnswer = jsonResponse(
      {
        status: 'error',
        error: { code: 'invalid_product', message: '2 problem(s)' },
        problems: [
          { field: 'price', message: '-5 must be a positive amount in satang' },
          { field: 'name.en', message: 'an English name is required' },
        ],
      },
      400,
    );
    render(<ProductPage code="SB-1" tools={tools} />);
    const price = await screen.findByLabelText('Price (฿, VAT included)');
    fireEvent.input(price, { target: { value: '-0.05' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('-5 must be a positive amount in satang')).toBeTruthy();
    expect(screen.getAllByText('an English name is required').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Price (฿, VAT included)').getAttribute('aria-invalid')).toBe('true');
    const body = JSON.parse(String((fetchMock.mock.calls.find((c) => (c[1] as RequestInit | undefined)?.method === 'PUT')![1] as RequestInit).body));
    expect(body.price).toBe(-5);
    expect(body.version).toBe(2);
    // Editing the field takes its problem away.
    fireEvent.input(screen.getByLabelText('Price (฿, VAT included)'), { target: { value: '129' } });
    await waitFor(() => expect(screen.queryByText('-5 must be a positive amount in satang')).toBeNull());
  });

  it('says someone else changed the product, names what differs, and loads their version', async () => {
    const theirs = { ...product, price: 1_399_000, version: 3 };
    saveAnswer = jsonResponse({ status: 'error', error: { code: 'version_conflict', message: 'changed' }, product: theirs }, 409);
    render(<ProductPage code="SB-1" tools={tools} />);
    fireEvent.input(await screen.findByLabelText('Name (Thai)'), { target: { value: 'ตู้ไม้สักใหม่' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const notice = await screen.findByTestId('version-conflict');
    expect(notice.textContent).toContain('Someone else changed this product while you were editing.');
    expect(notice.textContent).toContain('Changed by them: Price');
    fireEvent.click(screen.getByRole('button', { name: 'Load their version (drop my changes)' }));
    await waitFor(() => expect(screen.queryByTestId('version-conflict')).toBeNull());
    expect((screen.getByLabelText('Price (฿, VAT included)') as HTMLInputElement).value).toBe('13990');
    expect((screen.getByLabelText('Name (Thai)') as HTMLInputElement).value).toBe('ตู้ไม้สัก');
  });
});

describe('the options and variants section', () => {
  const bed: Product = {
    ...product,
    code: 'BD-1',
    options: [{ kind: 'size', name: { en: 'Size', th: 'ขนาด', my: '', km: '', id: '' }, values: [{ en: '5 ft', th: '5 ฟุต', my: '', km: '', id: '', key: '5ft' }] }],
    variants: [{ code: 'BD-1-5FT', values: [0], price: 1_290_000, compareAtPrice: null, stock: 2, active: true, images: [] }],
  };

  for (const narrow of [false, true]) {
    it(`adds a size, generates its variant and saves it with its opening stock (${narrow ? 'cards' : 'table'})`, async () => {
      fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
        if (url === '/api/app/room/list') return jsonResponse({ status: 'success', rooms: [] });
        if (url === '/api/app/category/tree') return jsonResponse({ status: 'success', categories: [] });
        if (init?.method === 'PUT') {
          return jsonResponse(
            { status: 'error', error: { code: 'invalid_product', message: '1 problem(s)' }, problems: [{ field: 'variants[1].code', message: 'BD-1-6-FT is used by another product or its variant' }] },
            400,
          );
        }
        return jsonResponse({ status: 'success', product: bed, ledger: [], ledgers: { 'BD-1-5FT': [] } });
      });
      render(<ProductPage code="BD-1" tools={{ ...tools, narrow }} />);
      fireEvent.click(await screen.findByRole('button', { name: 'Add a value' }));
      fireEvent.input(screen.getAllByLabelText('Value (English)')[1]!, { target: { value: '6 ft' } });
      fireEvent.input(screen.getAllByLabelText('Value (Thai)')[1]!, { target: { value: '6 ฟุต' } });
      fireEvent.click(screen.getByRole('button', { name: 'Generate combinations' }));
      const rows = await screen.findAllByTestId('variant-row');
      expect(rows).toHaveLength(2);
      const codes = screen.getAllByLabelText('Code') as HTMLInputElement[];
      expect(codes.map((c) => c.value)).toContain('BD-1-6-FT');
      fireEvent.input(screen.getByLabelText('Opening stock'), { target: { value: '5' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      // The server's problem shows at the new row's code, in the staff's words.
      expect((await screen.findAllByText('This code is already used by another product or variant.')).length).toBeGreaterThan(0);
      const put = fetchMock.mock.calls.find((c) => (c[1] as RequestInit | undefined)?.method === 'PUT')!;
      const body = JSON.parse(String((put[1] as RequestInit).body));
      expect(body.options[0].values[1]).toMatchObject({ en: '6 ft', th: '6 ฟุต', key: '6-ft' });
      expect(body.variants[1]).toMatchObject({ code: 'BD-1-6-FT', values: [1], price: 1_290_000, stock: 5, active: true });
      expect(body.variants[0]).toMatchObject({ code: 'BD-1-5FT', stock: 2 });
      expect(body.price).toBe(1_290_000);
    });
  }
});
