import { accessForRating, MovieAccess, MovieInputSchema, MovieUpdateSchema } from './movies';
import { PageQuerySchema } from './pagination';
import { SeriesInputSchema, SeriesUpdateSchema } from './series';

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

describe("the Add forms' idempotency key", () => {
  const form = {
    title: 'Lagaan',
    description: 'Cricket.',
    genre: 'Drama',
    rating: 8.1,
    posterUrl: 'https://x.in/p.jpg',
    classification: 'UA7',
    descriptors: [],
  };

  it.each([
    ['movie', MovieInputSchema],
    ['series', SeriesInputSchema],
  ] as const)('is optional on a %s Add, and a press key when present', (_, schema) => {
    expect(schema.safeParse(form).success).toBe(true);
    expect(schema.safeParse({ ...form, idempotencyKey: 'a1B2c3D4-e5_f6' }).success).toBe(true);
    for (const idempotencyKey of ['short', 'x'.repeat(65), 'has space', { $gt: '' }, 12345678])
      expect(schema.safeParse({ ...form, idempotencyKey }).success).toBe(false);
  });

  it.each([
    ['movie', MovieUpdateSchema],
    ['series', SeriesUpdateSchema],
  ] as const)('is no part of a %s edit (an edit is idempotent as it is)', (_, schema) => {
    expect(schema.safeParse({ title: 'Lagaan' }).success).toBe(true);
    expect(schema.safeParse({ title: 'Lagaan', idempotencyKey: 'a1B2c3D4-e5_f6' }).success).toBe(false);
  });
});
