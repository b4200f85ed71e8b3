import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Permission } from '../../../api/types';
import { i18nStore, mergeMessages } from '../../../i18n/i18n-store';
import { jsonResponse } from '../../../testing/products';
import type { SearchTools } from '../tools';
import { SearchPage } from './search-page';

// The page's English texts come with the feature until they are merged into locales/en.json.
const patches = import.meta.glob<{ en?: unknown }>('../locales.patch.json', { eager: true, import: 'default' });
const english = patches['../locales.patch.json']?.en ?? {};

const GROUPS = [
  ['couch', 'sofa', 'โซฟา'],
  ['bed', 'เตียง'],
];
const MISSES = [
  { keyword: 'xyzzy', count: 4 },
  { keyword: 'bean bag', count: 2 },
];

let fetchMock: ReturnType<typeof vi.fn>;
let putAnswer: (body: { groups: string[][] }) => Response;

const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body)) as { groups: string[][] };
const calls = (path: string, method = 'GET') =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).startsWith(path) && ((init as RequestInit | undefined)?.method ?? 'GET') === method);

beforeEach(() => {
  i18nStore.set((state) => {
    const messages = mergeMessages(state.messages, english);
    return { ...state, messages, locales: { ...state.locales, en: messages } };
  });
  putAnswer = (body) => jsonResponse({ status: 'success', groups: body.groups });
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/admin/search/synonyms' && init?.method === 'PUT') return putAnswer(bodyOf(init));
    if (url === '/api/admin/search/synonyms') return jsonResponse({ status: 'success', groups: GROUPS });
    if (url.startsWith('/api/admin/search/misses?')) return jsonResponse({ status: 'success', misses: MISSES });
    return jsonResponse({ status: 'error', error: { code: 'not_found', message: url } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

const tools = (overrides: Partial<SearchTools> = {}): SearchTools => ({
  can: () => true,
  errorText: (error) => String((error as Error).message),
  today: () => '2025-03-10',
  narrow: false,
  ...overrides,
});

const groupInputs = () => screen.getAllByTestId('synonym-row').map((row) => within(row).getByRole('textbox') as HTMLInputElement);
const values = () => groupInputs().map((input) => input.value);
const type = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } });

describe('what shoppers could not find', () => {
  it('lists the misses of the last 30 shop days and turns one into a new group, ready to type its meaning', async () => {
    render(<SearchPage tools={tools()} />);
    const rows = await screen.findAllByTestId('miss-row');
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('xyzzy'), expect.stringContaining('bean bag')]);
    expect(rows[0]!.textContent).toContain('4');
    expect(calls('/api/admin/search/misses').map(([url]) => url)).toEqual(['/api/admin/search/misses?from=2025-02-09&to=2025-03-10']);
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2025-02-09');
    await waitFor(() => expect(values()).toEqual(['couch, sofa, โซฟา', 'bed, เตียง']));

    fireEvent.click(screen.getByRole('button', { name: 'Add synonym for “xyzzy”' }));
    await waitFor(() => expect(values()).toEqual(['xyzzy, ', 'couch, sofa, โซฟา', 'bed, เตียง']));
    const input = groupInputs()[0]!;
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(input.selectionStart).toBe('xyzzy, '.length);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('shows a list on a phone, an empty state, and asks again for another range', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url.startsWith('/api/admin/search/misses?from=2025-03-01')
        ? jsonResponse({ status: 'success', misses: [] })
        : url.startsWith('/api/admin/search/misses?')
          ? jsonResponse({ status: 'success', misses: MISSES })
          : jsonResponse({ status: 'success', groups: GROUPS }),
    );
    render(<SearchPage tools={tools({ narrow: true })} />);
    expect(await screen.findByRole('list', { name: 'What shoppers could not find' })).toBeTruthy();
    expect(screen.getAllByTestId('miss-row')).toHaveLength(2);

    type(screen.getByLabelText('To'), '2025-02-01');
    type(screen.getByLabelText('From'), '2025-03-01');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a start day on or before the end day.');
    type(screen.getByLabelText('To'), '2025-03-05');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByTestId('misses-empty')).textContent).toBe('No search came up empty in these days.');
    expect(calls('/api/admin/search/misses').at(-1)![0]).toBe('/api/admin/search/misses?from=2025-03-01&to=2025-03-05');
  });

  it('is neither shown nor fetched without reports.read, while synonyms stay editable', async () => {
    render(<SearchPage tools={tools({ can: (p: Permission) => p === 'catalog.write' })} />);
    await waitFor(() => expect(values()).toEqual(['couch, sofa, โซฟา', 'bed, เตียง']));
    expect(screen.getByTestId('misses-no-access').textContent).toContain('“See reports”');
    expect(screen.queryByTestId('miss-row')).toBeNull();
    expect(calls('/api/admin/search/misses')).toHaveLength(0);
  });
});

describe('the synonym groups', () => {
  it('are saved all at once: edited, added and removed rows, empty ones left out', async () => {
    putAnswer = () => jsonResponse({ status: 'success', groups: [['lamp', 'โคมไฟ'], ['bed', 'เตียง', 'katil']] });
    render(<SearchPage tools={tools()} />);
    await waitFor(() => expect(values()).toHaveLength(2));

    type(groupInputs()[1]!, ' bed ,เตียง, katil,');
    fireEvent.click(screen.getByRole('button', { name: 'Add group' }));
    await waitFor(() => expect(document.activeElement).toBe(groupInputs()[0]));
    type(groupInputs()[0]!, 'lamp,  โคมไฟ');
    fireEvent.click(screen.getByRole('button', { name: 'Add group' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove group 3' }));
    expect(values()).toEqual(['', 'lamp,  โคมไฟ', ' bed ,เตียง, katil,']);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('/api/admin/search/synonyms', 'PUT')).toHaveLength(1));
    expect(bodyOf(calls('/api/admin/search/synonyms', 'PUT')[0]![1] as RequestInit)).toEqual({
      groups: [
        ['lamp', 'โคมไฟ'],
        ['bed', 'เตียง', 'katil'],
      ],
    });
    expect((await screen.findByText(/Synonyms saved/)).textContent).toBe('Synonyms saved (2 groups). The next search uses them.');
    expect(values()).toEqual(['lamp, โคมไฟ', 'bed, เตียง, katil']);
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it("show the server's problems at the rows they name and keep the unsaved edits", async () => {
    const long = 'x'.repeat(61);
    putAnswer = () =>
      jsonResponse(
        {
          status: 'error',
          error: { code: 'invalid_input', message: 'groups[2][1]: at most 60 characters\ngroups[0]: a group needs at least two different terms' },
        },
        400,
      );
    render(<SearchPage tools={tools()} />);
    await waitFor(() => expect(values()).toHaveLength(2));
    type(groupInputs()[1]!, `bed, ${long}`);
    fireEvent.click(screen.getByRole('button', { name: 'Add group' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add group' }));
    type(groupInputs()[0]!, 'lamp');
    // Rows: lamp, (empty), couch…, bed…: the empty row is not sent, so the bed row is groups[2].
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls('/api/admin/search/synonyms', 'PUT')).toHaveLength(1));
    expect(bodyOf(calls('/api/admin/search/synonyms', 'PUT')[0]![1] as RequestInit).groups).toEqual([['lamp'], ['couch', 'sofa', 'โซฟา'], ['bed', long]]);
    expect((await screen.findByRole('alert')).textContent).toBe('Nothing was saved. Fix the groups marked below; your changes are kept.');

    const problems = screen.getAllByTestId('synonym-row').map((row) => within(row).queryByTestId('synonym-problems')?.textContent ?? null);
    expect(problems).toEqual(['A group needs at least two different words or phrases.', null, null, `“${long}”: Too long: at most 60 characters.`]);
    expect(groupInputs()[3]!.getAttribute('aria-invalid')).toBe('true');
    expect(values()).toEqual(['lamp', '', 'couch, sofa, โซฟา', `bed, ${long}`]);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();

    // Fixing a row clears its marks; the others stay.
    type(groupInputs()[3]!, 'bed, เตียง, katil');
    expect(within(screen.getAllByTestId('synonym-row')[3]!).queryByTestId('synonym-problems')).toBeNull();
    expect(within(screen.getAllByTestId('synonym-row')[0]!).getByTestId('synonym-problems')).toBeTruthy();
  });

  it('are found by any of their terms', async () => {
    render(<SearchPage tools={tools()} />);
    await waitFor(() => expect(values()).toHaveLength(2));
    expect(screen.getByText('Groups: 2')).toBeTruthy();
    type(screen.getByLabelText('Find a group'), 'โซ');
    expect(values()).toEqual(['couch, sofa, โซฟา']);
    expect(screen.getByText('1 of 2 groups')).toBeTruthy();
    type(screen.getByLabelText('Find a group'), 'wardrobe');
    expect(screen.getByText('No group has a word containing “wardrobe”.')).toBeTruthy();
    // A new group is never hidden by the filter.
    fireEvent.click(screen.getByRole('button', { name: 'Add group' }));
    expect(values()).toEqual(['', 'couch, sofa, โซฟา', 'bed, เตียง']);
  });

  it('are read-only without catalog.write: neither fetched nor offered from a miss', async () => {
    render(<SearchPage tools={tools({ can: (p: Permission) => p === 'reports.read' })} />);
    expect(await screen.findAllByTestId('miss-row')).toHaveLength(2);
    expect(screen.getByTestId('synonyms-read-only').textContent).toContain('“catalog.write”');
    expect(screen.queryByRole('button', { name: /Add synonym/ })).toBeNull();
    expect(screen.queryByTestId('synonym-row')).toBeNull();
    expect(calls('/api/admin/search/synonyms')).toHaveLength(0);
  });
});
