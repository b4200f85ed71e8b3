import { render, screen } from '@testing-library/preact';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyWithReload } from './lazy-with-reload';

afterEach(() => vi.restoreAllMocks());

const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/room-page-x.js'));

describe('lazyWithReload', () => {
  it('shows the app’s offline message in place of a page whose code cannot be fetched offline', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    const Page = lazyWithReload<object>(failing, async () => true);
    render(
      <Suspense fallback={null}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText('This page is not available offline')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Connect to the internet and try again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });

  it('loads the page when its code arrives', async () => {
    const Page = lazyWithReload<object>(async () => ({ default: () => <p>Living room</p> }), async () => true);
    render(
      <Suspense fallback={null}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText('Living room')).toBeTruthy();
  });
});
