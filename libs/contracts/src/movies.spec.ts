import { accessForRating, MovieAccess } from './movies';
import { PageQuerySchema } from './pagination';

describe('accessForRating (DECISIONS 5)', () => {
  it.each([
    [8, MovieAccess.Premium],
    [9.3, MovieAccess.Premium],
    [7.9, MovieAccess.Free],
    [0, MovieAccess.Free],
    [null, MovieAccess.Free],
  ])('rating %p is %p', (rating, access) => {
    expect(accessForRating(rating)).toBe(access);
  });
});

describe('PageQuerySchema', () => {
  it('coerces query strings and applies defaults', () => {
    expect(PageQuerySchema.parse({ page: '3' })).toEqual({ page: 3, pageSize: 24 });
  });

  it.each([{ page: '0' }, { pageSize: '101' }, { page: 'x' }, { page: { $gt: '' } }, { extra: '1' }])(
    'rejects %p',
    (query) => {
      expect(PageQuerySchema.safeParse(query).success).toBe(false);
    },
  );
});
