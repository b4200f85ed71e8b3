import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { UnmatchedNote } from './UnmatchedNote';

describe('UnmatchedNote', () => {
  it('names the words no product held, emphasised, in a status note', () => {
    render(<UnmatchedNote words={['xylophone', 'blue']} />);
    const note = screen.getByRole('status');
    expect(note.textContent).toBe('No results for “xylophone blue”; showing the products that match the rest of your search.');
    expect(note.querySelector('em')?.textContent).toBe('xylophone blue');
  });

  it('draws nothing when every word was found', () => {
    const { container } = render(<UnmatchedNote words={[]} />);
    expect(container.textContent).toBe('');
    render(<UnmatchedNote />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
