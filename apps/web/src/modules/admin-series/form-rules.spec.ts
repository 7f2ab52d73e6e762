import { MAX_INTRO_SECONDS, SeriesMessages } from '@app/contracts';
import i18next from 'i18next';
import {
  emptyEpisodeForm,
  episodeFormValuesOf,
  validateEpisodeChanges,
  validateNewEpisode,
} from './episode-form';
import {
  nextSeasonNumber,
  seasonFormValuesOf,
  validateNewSeason,
  validateSeasonChanges,
} from './season-form';
import { emptySeriesForm, seriesFormValuesOf, validateSeriesForm } from './series-form';
import { adminSeriesStrings as t } from './strings';
import { aSeason, aSeries, anEpisode } from './testing/admin-series-test-kit';

/** The rules' messages as the English interface shows them. */
const en = i18next.getFixedT('en', 'adminSeries');

const SERIES_ID = '65f0c0ffee0000000000b001';

describe('admin series form rules', () => {
  it('an intro longer than the contract allows says so, not "must end after it starts"', () => {
    const result = validateNewEpisode(en, {
      ...emptyEpisodeForm(1),
      title: 'Long',
      introStart: '0',
      introEnd: String(MAX_INTRO_SECONDS + 1),
    });
    expect(result).toEqual({ errors: { introEnd: t.episodeErrors.introTooLong } });
  });

  it('an intro ending before it starts gives the contract message; half an intro asks for both marks', () => {
    expect(
      validateNewEpisode(en, { ...emptyEpisodeForm(1), title: 'E', introStart: '90', introEnd: '30' }),
    ).toEqual({
      errors: { introEnd: SeriesMessages.introOrder },
    });
    expect(validateNewEpisode(en, { ...emptyEpisodeForm(1), title: 'E', introEnd: '30' })).toEqual({
      errors: { introStart: t.episodeErrors.introBoth },
    });
  });

  it('a new episode leaves out what was left empty', () => {
    expect(validateNewEpisode(en, { ...emptyEpisodeForm(4), title: '  Quiet  ' })).toEqual({
      input: { number: 4, title: 'Quiet' },
    });
    expect(
      validateNewEpisode(en, { ...emptyEpisodeForm(1), number: '', title: '', stillUrl: 'ftp://x' }),
    ).toEqual({
      errors: {
        number: t.episodeErrors.number,
        title: t.episodeErrors.title,
        stillUrl: t.episodeErrors.stillUrl,
      },
    });
  });

  it('an edited episode sends only changes, may empty its overview, but cannot drop its still or runtime', () => {
    const initial = episodeFormValuesOf(
      anEpisode({
        seriesId: SERIES_ID,
        overview: 'Before',
        runtimeMinutes: 40,
        stillUrl: '/generated/still.svg',
        intro: { startSeconds: 3, endSeconds: 33 },
      }),
    );
    // The stored still is an image-service path, not a URL: unchanged, it is neither checked nor sent.
    expect(validateEpisodeChanges(en, { ...initial, overview: '' }, initial)).toEqual({
      input: { overview: '' },
    });
    expect(validateEpisodeChanges(en, { ...initial, stillUrl: '', runtimeMinutes: '' }, initial)).toEqual({
      errors: { stillUrl: t.cannotClear, runtimeMinutes: t.cannotClear },
    });
    expect(validateEpisodeChanges(en, { ...initial, introEnd: '' }, initial)).toEqual({
      errors: { introEnd: t.episodeErrors.introBoth },
    });
    expect(validateEpisodeChanges(en, { ...initial, introEnd: '40' }, initial)).toEqual({
      input: { intro: { startSeconds: 3, endSeconds: 40 } },
    });
  });

  it('seasons: the next free number, a default title, and no way to drop an air date once set', () => {
    expect(nextSeasonNumber([{ number: 1 }, { number: 4 }])).toBe(5);
    expect(validateNewSeason(en, { number: '0', title: '', overview: '', airDate: '' })).toEqual({
      errors: { number: t.seasonErrors.number },
    });
    const initial = seasonFormValuesOf(aSeason({ number: 2, airDate: '2023-01-09T00:00:00.000Z' }));
    expect(initial.airDate).toBe('2023-01-09');
    expect(validateSeasonChanges(en, { ...initial, airDate: '' }, initial)).toEqual({
      errors: { airDate: t.cannotClear },
    });
    expect(validateSeasonChanges(en, { ...initial, title: 'Finale' }, initial)).toEqual({
      input: { title: 'Finale' },
    });
  });

  it('a series keeps an imported genre outside the form list unless the admin picks one', () => {
    const initial = seriesFormValuesOf(aSeries({ genre: 'Sci-Fi', cast: ['A', 'B'] }));
    expect(initial.genre).toBe('');
    expect(validateSeriesForm(en, { ...initial, cast: 'A, B' }, initial)).toEqual({ input: {} });
    expect(validateSeriesForm(en, { ...initial, cast: '' }, initial)).toEqual({ input: { cast: [] } });
    expect(validateSeriesForm(en, emptySeriesForm)).toEqual({
      errors: {
        title: t.errors.title,
        genre: t.errors.genre,
        rating: t.errors.rating,
        posterUrl: t.errors.posterUrl,
        description: t.errors.description,
        classification: t.errors.classification,
      },
    });
  });

  it('a series edit keeps its class and descriptors unless changed, and cannot be left without a class', () => {
    const initial = seriesFormValuesOf(
      aSeries({ classification: 'UA13', descriptors: ['language', 'violence'] }),
    );
    expect(initial).toMatchObject({ classification: 'UA13', descriptors: 'violence,language' });
    expect(validateSeriesForm(en, { ...initial, descriptors: 'violence' }, initial)).toEqual({
      input: { descriptors: ['violence'] },
    });
    expect(validateSeriesForm(en, { ...initial, classification: 'A' }, initial)).toEqual({
      input: { classification: 'A' },
    });
    expect(validateSeriesForm(en, { ...initial, classification: '' }, initial)).toEqual({
      errors: { classification: t.errors.classification },
    });
  });
});
