import { formatRating } from './rating';

describe('formatRating', () => {
  it.each([
    [7.45, '7.5/10'],
    [8, '8.0/10'],
    [0, '0.0/10'],
    [null, 'N/A'],
  ])('%p → %p', (rating, text) => {
    expect(formatRating(rating)).toBe(text);
  });
});
