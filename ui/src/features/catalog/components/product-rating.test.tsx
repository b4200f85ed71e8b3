import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { ProductRating, starFill } from './product-rating';

describe('ProductRating', () => {
  it('reads as one sentence and shows stars filled to the average with the count', () => {
    const { container } = render(<ProductRating product={{ code: 'SF-1001', rating: { average: 4.3, count: 12 } }} />);
    const rating = screen.getByRole('img', { name: 'Rated 4.3 out of 5 from 12 reviews' });
    expect(rating.textContent).toContain('4.3');
    expect(rating.textContent).toContain('(12 reviews)');
    expect((container.querySelector('.product-rating__fill') as HTMLElement).style.width).toBe('86%');
  });

  it('says "1 review" for one, and a whole average with its decimal', () => {
    render(<ProductRating product={{ code: 'SF-1001', rating: { average: 5, count: 1 } }} />);
    expect(screen.getByRole('img', { name: 'Rated 5.0 out of 5 from 1 review' }).textContent).toContain('(1 review)');
  });

  it('shows nothing without reviews or while only a summary is known', () => {
    const { container } = render(
      <>
        <ProductRating product={{ code: 'SF-1001' }} />
        <ProductRating product={null} />
        <ProductRating product={{ code: 'SF-1001', rating: { average: 0, count: 0 } }} />
      </>,
    );
    expect(container.textContent).toBe('');
  });
});

describe('starFill', () => {
  it('is the share of five stars, within 0–100', () => {
    expect(starFill(4.5)).toBe(90);
    expect(starFill(0)).toBe(0);
    expect(starFill(7)).toBe(100);
  });
});
