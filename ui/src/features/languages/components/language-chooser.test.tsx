import { render, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { LanguageChooser } from './language-chooser';

describe('LanguageChooser', () => {
  it('flags name each language for assistive technology without drawing any text', () => {
    const { container } = render(<LanguageChooser />);
    const nav = screen.getByRole('navigation', { name: 'Language' });
    // Drawn text would make the browser fetch a Thai and a Khmer font on every page.
    expect(nav.textContent).toBe('');
    const thai = within(nav).getByRole('link', { name: 'ไทย' });
    expect(thai.getAttribute('lang')).toBe('th');
    expect(within(nav).getByRole('link', { name: 'ខ្មែរ' }).getAttribute('lang')).toBe('km');
    expect(container.querySelectorAll('.language-chooser__name')).toHaveLength(0);
  });

  it('the list writes each name in its own language, marked with it', () => {
    render(<LanguageChooser variant="list" />);
    const nav = screen.getByRole('navigation', { name: 'Language' });
    const names = [...nav.querySelectorAll('.language-chooser__name')].map((name) => [name.textContent, name.closest('a')?.getAttribute('lang')]);
    expect(names).toEqual([
      ['ไทย', 'th'],
      ['Bahasa Melayu', 'ms'],
      ['ខ្មែរ', 'km'],
      ['English', 'en'],
      ['Bahasa Indonesia', 'id'],
    ]);
    expect(within(nav).getByRole('link', { name: 'ไทย' })).toBeTruthy();
  });
});
