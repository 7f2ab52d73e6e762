import { tmdbClassification } from './tmdb-fields';

const rated = (entries: Record<string, string[]>) =>
  Object.entries(entries).map(([country, certifications]) => ({ country, certifications }));

describe('tmdbClassification (issue 25: India first, else the US)', () => {
  it.each([
    [{ US: ['PG-13'] }, 'UA13'],
    [{ US: ['G'] }, 'U'],
    [{ US: ['PG'] }, 'UA7'],
    [{ US: ['R'] }, 'A'],
    [{ US: ['NC-17'] }, 'A'],
    [{ US: ['TV-Y'] }, 'U'],
    [{ US: ['TV-PG'] }, 'UA7'],
    [{ US: ['TV-14'] }, 'UA16'],
    [{ US: ['TV-MA'] }, 'A'],
    [{ IN: ['UA 7+'] }, 'UA7'],
    [{ IN: ['U/A 16+'] }, 'UA16'],
    [{ IN: ['UA'] }, 'UA13'],
    [{ IN: ['S'] }, 'A'],
  ])('%p is %p', (entries, classification) => {
    expect(tmdbClassification(rated(entries))).toBe(classification);
  });

  it("takes India's certificate over the US one, in whatever order TMDB lists them", () => {
    expect(tmdbClassification(rated({ US: ['R'], IN: ['U'] }))).toBe('U');
  });

  it('falls back to the US when India has none or an empty one, skipping empty releases', () => {
    expect(tmdbClassification(rated({ IN: [''], US: ['', 'PG'] }))).toBe('UA7');
  });

  it('is unrated (U/A 16+) with only other countries, unknown or no certifications', () => {
    expect(tmdbClassification(rated({ GB: ['15'], DE: ['16'] }))).toBe('UA16');
    expect(tmdbClassification(rated({ US: ['NR'] }))).toBe('UA16');
    expect(tmdbClassification([])).toBe('UA16');
  });
});
