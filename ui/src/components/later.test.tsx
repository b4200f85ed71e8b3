import { render, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { deferBelowTheFold, Later } from './later';

function Page() {
  return (
    <div>
      <h1>Sofas</h1>
      <Later>
        <footer>Footer</footer>
      </Later>
      <Later>
        <p>Related</p>
      </Later>
    </div>
  );
}

describe('Later', () => {
  it('renders its children at once outside the first render', () => {
    const { container } = render(<Page />);
    expect(container.textContent).toBe('SofasFooterRelated');
  });

  it('in the first render, shows the rest of the page first and its parts in later tasks', async () => {
    deferBelowTheFold();
    const { container } = render(<Page />);
    expect(container.textContent).toBe('Sofas');
    await waitFor(() => expect(container.textContent).toBe('SofasFooterRelated'));
    // Only the first render defers: a page rendered afterwards is whole at once.
    const { container: next } = render(<Page />);
    expect(next.textContent).toBe('SofasFooterRelated');
  });
});
