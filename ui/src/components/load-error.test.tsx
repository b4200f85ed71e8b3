import { fireEvent, render, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { LoadError } from './load-error';

describe('LoadError', () => {
  it('says the request failed and retries on the button', () => {
    const onRetry = vi.fn();
    render(<LoadError onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert.className).toBe('load-error');
    expect(alert.querySelector('p')?.textContent).toBe('The request failed. Please try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows the message a staff page gives in place of the generic one', () => {
    render(<LoadError message="You may not read the activity log." onRetry={() => {}} />);
    expect(screen.getByRole('alert').querySelector('p')?.textContent).toBe('You may not read the activity log.');
    expect(screen.getByRole('button').textContent).toBe('Try again');
  });

  it('keeps an empty message empty rather than falling back', () => {
    render(<LoadError message="" onRetry={() => {}} />);
    expect(screen.getByRole('alert').querySelector('p')?.textContent).toBe('');
  });
});
