import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/products';
import { rawOrder } from '../../../testing/orders';
import { parseOrder } from '../order';
import { ReviewForm } from './review-form';

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  fetchMock = vi.fn(async () => jsonResponse({ status: 'success', order: rawOrder({ review: { rating: 5, comment: 'Lovely', at: 3 } }), coin: 140 }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

function renderForm() {
  const onReviewed = vi.fn();
  render(<ReviewForm order={parseOrder(rawOrder())} onReviewed={onReviewed} />);
  return onReviewed;
}

describe('ReviewForm', () => {
  it('offers the rating as one radio group of five stars with a legend', () => {
    renderForm();
    const group = screen.getByRole('group', { name: 'Your rating' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(5);
    expect(new Set(radios.map((radio) => radio.getAttribute('name'))).size).toBe(1);
    expect(screen.getByLabelText('1 star')).toBe(radios[0]);
    expect(screen.getByLabelText('5 stars')).toBe(radios[4]);
    expect(screen.getByLabelText(/Comment/).tagName).toBe('TEXTAREA');
  });

  it('asks for a rating before sending anything', async () => {
    const onReviewed = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Send review' }));
    const message = await screen.findByText('Please choose a rating from 1 to 5 stars.');
    const group = screen.getByRole('group', { name: 'Your rating' });
    expect(group.getAttribute('aria-describedby')).toBe(message.closest('[id]')!.id);
    expect(screen.getByLabelText('3 stars').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onReviewed).not.toHaveBeenCalled();
    // Choosing a star clears the problem.
    fireEvent.click(screen.getByLabelText('3 stars'));
    expect(screen.queryByText('Please choose a rating from 1 to 5 stars.')).toBeNull();
  });

  it('refuses a comment over 1000 characters, and counts what is typed', async () => {
    renderForm();
    fireEvent.click(screen.getByLabelText('4 stars'));
    const comment = screen.getByLabelText(/Comment/);
    fireEvent.input(comment, { target: { value: 'x'.repeat(1001) } });
    expect(screen.getByText('1,001 of 1,000 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send review' }));
    expect(await screen.findByText('Please keep the comment to 1,000 characters or fewer.')).toBeTruthy();
    expect(comment.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the rating and the trimmed comment once, then hands over the answer', async () => {
    const onReviewed = renderForm();
    fireEvent.click(screen.getByLabelText('5 stars'));
    fireEvent.input(screen.getByLabelText(/Comment/), { target: { value: '  Lovely  ' } });
    const button = screen.getByRole('button', { name: 'Send review' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(onReviewed).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/app/order/review/12');
    expect(JSON.parse(String(init.body))).toEqual({ rating: 5, comment: 'Lovely' });
    expect(onReviewed.mock.calls[0]![0]).toMatchObject({ coin: 140, order: { review: { rating: 5 } } });
  });

  it('says so when the order was already reviewed elsewhere', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ status: 'error', error: { code: 'already_reviewed', message: 'already' } }, 409));
    renderForm();
    fireEvent.click(screen.getByLabelText('2 stars'));
    fireEvent.click(screen.getByRole('button', { name: 'Send review' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This order has already been rated.');
  });
});
