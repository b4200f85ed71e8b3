import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { providers } from '../features/user/components/social-sign-in';
import { coin, orderForReview, userinfo } from '../features/user/user-store';
import { i18nStore } from '../i18n/i18n-store';
import { pageStatus } from '../lib/page-status';
import { App } from './app';

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

const USER = { id: 7, username: 'som', name: 'Somsri', role: 'user', provider: 'local', userInfo: { id: 7, coin: 120, addInfo: [], vatInfo: null } };
const error = (status: number, code: string, message = code, headers: Record<string, string> = {}) =>
  Response.json({ status: 'error', error: { code, message } }, { status, headers });

function mockApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const handler = routes[key];
    if (handler) return handler(init);
    if (url === '/api/auth/providers') return Response.json({ status: 'success', providers: [] });
    if (url === '/api/app/room/list') return Response.json({ status: 'success', rooms: [] });
    if (url === '/api/app/category/tree') return Response.json({ status: 'success', categories: [] });
    if (url.startsWith('/api/file/pages/get/')) return Response.json({ status: 'success', page: { name: 'about', title: { en: 'About us' }, body: { en: 'Hi' } } });
    return error(404, 'not_found', url);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function visit(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

function signIn() {
  window.localStorage.setItem('kiosk.token', 'tok');
  userinfo.set({ status: 'signedIn', user: USER });
  coin.set(120);
}

beforeEach(() => {
  pageStatus.set(null);
  userinfo.set({ status: 'signedOut', user: null });
  orderForReview.set(0);
  providers.store.set({ status: 'idle', data: null, error: null });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.lang = 'en';
});

describe('pages that need a signed-in user', () => {
  it('send an anonymous visitor to login, remembering the wanted page', async () => {
    mockApi({});
    visit('/user/password');
    await waitFor(() => expect(window.location.pathname).toBe('/user/login'));
    expect(window.localStorage.getItem('kiosk.redirect')).toBe('/user/password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
  });

  it('keep the language prefix', async () => {
    mockApi({});
    visit('/th/mobile/account');
    await waitFor(() => expect(window.location.pathname).toBe('/th/user/login'));
    expect(window.localStorage.getItem('kiosk.redirect')).toBe('/th/mobile/account');
  });

  it('answer 403 "You are not connected" when the user could not be loaded', async () => {
    mockApi({});
    window.localStorage.setItem('kiosk.token', 'tok');
    userinfo.set({ status: 'failed', user: null });
    visit('/mobile/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'You are not connected' })).toBeTruthy();
    expect(window.location.pathname).toBe('/mobile/account');
  });

  it('send a signed-in user away from login and register', async () => {
    mockApi({});
    signIn();
    visit('/th/user/register');
    await waitFor(() => expect(window.location.pathname).toBe('/th'));
  });
});

describe('login', () => {
  it('shows the translated invalid-credentials message and keeps the visitor on the page', async () => {
    mockApi({ 'POST /api/auth/login': () => error(401, 'invalid_credentials') });
    visit('/user/login');
    fireEvent.input(await screen.findByLabelText('Username or email'), { target: { value: 'som' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('The username or password is not correct.'));
    expect(window.location.pathname).toBe('/user/login');
  });

  it('shows the required-field errors next to the fields, tied by aria-describedby', async () => {
    const fetchMock = mockApi({});
    visit('/user/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    const username = screen.getByLabelText('Username or email');
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = username.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy.split(' ')[0]!)!.textContent).toBe('Please fill in this field.');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/login')).toBe(false);
  });

  it('says how long to wait after too many attempts', async () => {
    mockApi({ 'POST /api/auth/login': () => error(429, 'too_many_attempts', 'wait', { 'Retry-After': '30' }) });
    visit('/user/login');
    fireEvent.input(await screen.findByLabelText('Username or email'), { target: { value: 'som' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'whatever-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Please try again in 30 seconds.'));
    expect((screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says "1 second" when one second is left, and lets the shopper try again afterwards', async () => {
    mockApi({ 'POST /api/auth/login': () => error(429, 'too_many_attempts', 'wait', { 'Retry-After': '1' }) });
    visit('/user/login');
    fireEvent.input(await screen.findByLabelText('Username or email'), { target: { value: 'som' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'whatever-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Please try again in 1 second.'));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement).disabled).toBe(false), { timeout: 2500 });
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('signs in once however often the button is pressed, then returns to the remembered page', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = mockApi({
      'POST /api/auth/login': () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/auth/user': () => Response.json({ status: 'success', data: USER }),
    });
    window.localStorage.setItem('kiosk.redirect', '/about');
    visit('/user/login');
    fireEvent.input(await screen.findByLabelText('Username or email'), { target: { value: 'som' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'teak-sofa-42' } });
    const form = screen.getByRole('button', { name: 'Log in' }).closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Please wait…' }) as HTMLButtonElement).disabled).toBe(true));
    await act(async () => answer(Response.json({ status: 'success', token: 'new.token.here' })));
    await waitFor(() => expect(window.location.pathname).toBe('/about'));
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/login')).toHaveLength(1);
    expect(window.localStorage.getItem('kiosk.token')).toBe('new.token.here');
    expect(userinfo.get().status).toBe('signedIn');
    expect(screen.getByTestId('header-user').textContent).toContain('Somsri');
    expect(screen.getByTestId('header-coin').textContent).toContain('120');
  });

  it('offers only the configured social providers, each starting at the server with a safe next', async () => {
    mockApi({ 'GET /api/auth/providers': () => Response.json({ status: 'success', providers: ['google', 'twitter'] }) });
    window.localStorage.setItem('kiosk.redirect', '/th/about');
    i18nStore.set((s) => ({ ...s, locale: 'th', locales: { ...s.locales, th: s.messages } }));
    visit('/th/user/login');
    const main = screen.getByRole('main');
    const google = await within(main).findByRole('link', { name: /Google/ });
    expect(google.getAttribute('href')).toBe('/api/auth/oauth/google/start?next=%2Fth%2Fabout');
    expect(within(main).queryByRole('link', { name: /Facebook/ })).toBeNull();
  });
});

describe('register', () => {
  it('shows the password rule and the server errors next to their fields', async () => {
    mockApi({ 'POST /api/auth/register': () => error(409, 'username_taken') });
    visit('/user/register');
    const password = await screen.findByLabelText('Password');
    expect(screen.getByText('At least 8 characters')).toBeTruthy();
    expect(screen.getByText('Not a common password')).toBeTruthy();
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    fireEvent.input(screen.getByLabelText('Your name'), { target: { value: 'Nok' } });
    fireEvent.input(screen.getByLabelText('Username or email'), { target: { value: 'nok' } });
    fireEvent.input(password, { target: { value: 'teak-sofa-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    const username = screen.getByLabelText('Username or email');
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('This username is already taken. Please choose another one.').closest('[id]')!.id).toBe(
      username.getAttribute('aria-describedby')!.split(' ')[0],
    );
  });
});

describe('account pages', () => {
  it('changes the password and keeps the fresh token', async () => {
    mockApi({ 'POST /api/auth/password': () => Response.json({ status: 'success', token: 'fresh.token.x' }) });
    signIn();
    visit('/user/password');
    fireEvent.input(await screen.findByLabelText('Current password'), { target: { value: 'teak-sofa-42' } });
    fireEvent.input(screen.getByLabelText('New password'), { target: { value: 'oak-table-77' } });
    fireEvent.input(screen.getByLabelText('Repeat the new password'), { target: { value: 'oak-table-77' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(window.localStorage.getItem('kiosk.token')).toBe('fresh.token.x'));
    expect(await screen.findByText('Your password has been changed. Other devices have been signed out.', { selector: 'span' })).toBeTruthy();
  });

  it('shows the account tab with name, provider, coins and links', async () => {
    mockApi({});
    signIn();
    visit('/mobile/account');
    const main = screen.getByRole('main');
    expect(await within(main).findByText('Somsri')).toBeTruthy();
    expect(within(main).getByText('Signed in with username and password')).toBeTruthy();
    expect(within(main).getByRole('link', { name: 'Change password' })).toBeTruthy();
    fireEvent.click(within(main).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(userinfo.get().status).toBe('signedOut');
  });

  it('hides Change password for social accounts', async () => {
    mockApi({});
    signIn();
    userinfo.set({ status: 'signedIn', user: { ...USER, provider: 'google' } });
    visit('/mobile/account');
    const main = screen.getByRole('main');
    expect(await within(main).findByText('Signed in with Google')).toBeTruthy();
    expect(within(main).queryByRole('link', { name: 'Change password' })).toBeNull();
  });
});
