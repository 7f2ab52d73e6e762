import {
  Classification,
  classificationAccessibleLabel,
  ClassificationLabel,
  classificationLine,
  classificationOfCertification,
  classificationsUpTo,
  compareClassification,
  CLASSIFICATION_ORDER,
  withinCeiling,
} from './classification';
import { ContentDescriptorsSchema, MovieInputSchema, MovieSchema, MovieUpdateSchema } from './movies';
import { SeriesInputSchema, SeriesSchema } from './series';

describe('Classification (issue 25, DECISIONS 37)', () => {
  it('orders the five classes mildest first, with their labels', () => {
    expect(CLASSIFICATION_ORDER.map((c) => ClassificationLabel[c])).toEqual([
      'U',
      'U/A 7+',
      'U/A 13+',
      'U/A 16+',
      'A',
    ]);
    expect(compareClassification(Classification.UA7, Classification.UA13)).toBeLessThan(0);
    expect(compareClassification(Classification.A, Classification.UA16)).toBeGreaterThan(0);
    expect(compareClassification(Classification.U, Classification.U)).toBe(0);
  });

  it('lists the classes a ceiling admits (what a kids profile may see)', () => {
    expect(classificationsUpTo(Classification.UA7)).toEqual(['U', 'UA7']);
    expect(classificationsUpTo(Classification.U)).toEqual(['U']);
    expect(classificationsUpTo(Classification.A)).toEqual([...CLASSIFICATION_ORDER]);
  });

  it('says whether a ceiling admits a class (no ceiling: no viewer, every class)', () => {
    expect(withinCeiling(Classification.UA7, Classification.UA7)).toBe(true);
    expect(withinCeiling(Classification.UA13, Classification.UA7)).toBe(false);
    expect(withinCeiling(Classification.A, Classification.UA16)).toBe(false);
    expect(withinCeiling(Classification.A, undefined)).toBe(true);
  });

  it('says the class and descriptors as the pages and the badge do', () => {
    expect(classificationLine(Classification.UA13, ['violence', 'language'])).toBe(
      'U/A 13+ · Violence, Language',
    );
    expect(classificationLine(Classification.U, [])).toBe('U');
    expect(classificationAccessibleLabel(Classification.UA16)).toBe('Rated U/A 16+');
  });

  it.each([
    ['G', 'U'],
    ['PG', 'UA7'],
    ['PG-13', 'UA13'],
    ['R', 'A'],
    ['NC-17', 'A'],
    [' pg-13 ', 'UA13'],
    ['UA 16+', 'UA16'],
    ['Not Rated', null],
    ['', null],
    [null, null],
    ['toString', null],
  ])('maps the certification %p to %p', (certification, classification) => {
    expect(classificationOfCertification(certification)).toBe(classification);
  });
});

describe('classification in the title contracts', () => {
  const form = {
    title: 'Lagaan',
    description: 'Cricket.',
    genre: 'Drama',
    rating: 8.1,
    posterUrl: 'https://x.in/p.jpg',
    classification: 'UA7',
    descriptors: ['language'],
  };

  it.each([
    ['movie', MovieInputSchema],
    ['series', SeriesInputSchema],
  ] as const)('a %s Add requires a class and descriptors (none is an empty list)', (_, schema) => {
    expect(schema.safeParse(form).success).toBe(true);
    expect(schema.safeParse({ ...form, descriptors: [] }).success).toBe(true);
    const { classification: _c, ...unclassified } = form;
    const missing = schema.safeParse(unclassified);
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]).toMatchObject({
      path: ['classification'],
      message: 'Classification is required (U, U/A 7+, U/A 13+, U/A 16+ or A)',
    });
    const { descriptors: _d, ...undescribed } = form;
    expect(schema.safeParse(undescribed).success).toBe(false);
    const unknown = schema.safeParse({ ...form, classification: 'PG-13' });
    expect(unknown.error?.issues[0].message).toBe('Classification must be U, U/A 7+, U/A 13+, U/A 16+ or A');
    expect(schema.safeParse({ ...form, classification: 'U/A 7+' }).success).toBe(false);
  });

  it('an edit may leave both out, but cannot clear the class', () => {
    expect(MovieUpdateSchema.safeParse({ title: 'Lagaan' }).success).toBe(true);
    expect(MovieUpdateSchema.safeParse({ classification: 'A', descriptors: [] }).success).toBe(true);
    expect(MovieUpdateSchema.safeParse({ classification: null }).success).toBe(false);
    expect(MovieUpdateSchema.safeParse({ classification: '' }).success).toBe(false);
  });

  it('refuses unknown or repeated descriptors', () => {
    expect(ContentDescriptorsSchema.safeParse(['gore']).success).toBe(false);
    expect(ContentDescriptorsSchema.safeParse(['violence', 'violence']).success).toBe(false);
    expect(ContentDescriptorsSchema.safeParse({ $in: ['violence'] }).success).toBe(false);
  });

  it('every movie and series reply carries both', () => {
    expect(MovieSchema.shape.classification.safeParse(undefined).success).toBe(false);
    expect(SeriesSchema.shape.descriptors.safeParse(undefined).success).toBe(false);
  });
});
