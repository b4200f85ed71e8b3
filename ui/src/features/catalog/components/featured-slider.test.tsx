import { act, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetRemote } from '../../../lib/use-remote';
import { jsonResponse, makeSummary } from '../../../testing/products';
import { FeaturedSlider, SLIDE_INTERVAL_MS } from './featured-slider';

function mockPopular(ok = true) {
  const products = Array.from({ length: 8 }, (_, i) => makeSummary(`P-${i + 1}`, { compareAtPrice: i === 1 ? null : 2_000_000 }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => (ok ? jsonResponse({ status: 'success', products, total: 8, page: 1, limit: 24 }) : jsonResponse({ status: 'error', error: { code: 'x', message: 'x' } }, 500))),
  );
}

function reducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const current = () => screen.getAllByRole('button', { name: /^Show product/ }).findIndex((dot) => dot.getAttribute('aria-current') === 'true');
/**
 * Lets pending effects run (preact runs them after the next frame, which the fake clock holds
 * back) so they set their timers, then moves the clock on.
 */
async function wait(ms: number) {
  await act(() => {
    vi.advanceTimersByTime(120);
  });
  await act(() => {
    vi.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  forgetRemote();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  reducedMotion(false);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('FeaturedSlider', () => {
  it('features the five most popular reduced products, one slide shown at a time', async () => {
    mockPopular();
    render(<FeaturedSlider />);
    expect(await screen.findByRole('region', { name: 'Featured' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Show product \d of 5$/ })).toHaveLength(5);
    const slides = screen.getAllByRole('group', { hidden: true });
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual(['1 of 5', '2 of 5', '3 of 5', '4 of 5', '5 of 5']);
    expect(slides.filter((slide) => !slide.hidden)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Product P-1' }).getAttribute('href')).toBe('/products/P-1');
    // P-2 is not reduced, so the second slide is P-3.
    expect(slides[1]!.textContent).toContain('Product P-3');
  });

  it('moves on by itself, and the buttons and dots move it by hand', async () => {
    mockPopular();
    render(<FeaturedSlider />);
    await screen.findByRole('region');
    expect(current()).toBe(0);
    await wait(SLIDE_INTERVAL_MS);
    expect(current()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Previous product' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous product' }));
    expect(current()).toBe(4);
    fireEvent.click(screen.getByRole('button', { name: 'Show product 3 of 5' }));
    expect(current()).toBe(2);
  });

  it('pauses while the pointer is over it or focus is inside, and when paused by hand', async () => {
    mockPopular();
    render(<FeaturedSlider />);
    const region = await screen.findByRole('region');
    fireEvent.mouseEnter(region);
    await wait(SLIDE_INTERVAL_MS * 3);
    expect(current()).toBe(0);
    fireEvent.mouseLeave(region);
    await wait(SLIDE_INTERVAL_MS);
    expect(current()).toBe(1);

    const stop = screen.getByRole('button', { name: 'Stop the slide show' });
    fireEvent.focusIn(stop);
    await wait(SLIDE_INTERVAL_MS * 2);
    expect(current()).toBe(1);
    fireEvent.click(stop);
    fireEvent.focusOut(stop);
    expect(screen.getByRole('button', { name: 'Start the slide show' })).toBeTruthy();
    await wait(SLIDE_INTERVAL_MS * 2);
    expect(current()).toBe(1);
    // Screen readers hear the slides once they no longer change by themselves.
    expect(region.querySelector('.slider__viewport')!.getAttribute('aria-live')).toBe('polite');
  });

  it('stands still when the system asks for reduced motion', async () => {
    reducedMotion(true);
    mockPopular();
    render(<FeaturedSlider />);
    await screen.findByRole('region');
    expect(screen.getByRole('button', { name: 'Start the slide show' })).toBeTruthy();
    await wait(SLIDE_INTERVAL_MS * 3);
    expect(current()).toBe(0);
  });

  it('shows what it was given instead when the products cannot be loaded', async () => {
    mockPopular(false);
    render(<FeaturedSlider fallback={<p>Illustration</p>} />);
    expect(await screen.findByText('Illustration')).toBeTruthy();
  });
});
