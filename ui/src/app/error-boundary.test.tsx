import { render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { websitedata, type WebsiteData } from '../lib/website-data';
import { ErrorBoundary } from './error-boundary';
import { cleanHref } from './location-hook';

function Boom(): never {
  throw new Error('the shelf collapsed');
}

function renderBoom() {
  const memory = memoryLocation({ path: '/th' });
  return render(
    <Router hook={memory.hook} base="/th" hrefs={cleanHref}>
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>
    </Router>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('error boundary', () => {
  it("shows 'An error occurred' with the details and a link home", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderBoom();
    expect(screen.getByRole('heading', { level: 1, name: 'An error occurred' })).toBeTruthy();
    expect(screen.getByText('the shelf collapsed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Please click to go to Kiosk furniture online shop' }).getAttribute('href')).toBe('/th');
  });

  it('falls back to a bare page when the error page itself fails', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const saved = websitedata.get();
    // A broken shop setting makes the clean layout's logo throw while the error page renders.
    websitedata.set({ ...saved, shop: undefined } as unknown as WebsiteData);
    try {
      renderBoom();
      expect(screen.getByRole('heading', { level: 1, name: 'An error occurred while showing the error page' })).toBeTruthy();
      expect(screen.getByText(/the shelf collapsed/)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Please click to go to Kiosk furniture online shop' }).getAttribute('href')).toBe('/');
    } finally {
      websitedata.set(saved);
    }
  });
});
