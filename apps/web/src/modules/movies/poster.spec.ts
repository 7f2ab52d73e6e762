import { PLACEHOLDER_POSTER, posterSrc } from './poster';

describe('posterSrc (SPEC 2 poster rule)', () => {
  it('uses an absolute URL as is', () => {
    expect(posterSrc('https://img.example.com/p/abc.jpg', '/images')).toBe(
      'https://img.example.com/p/abc.jpg',
    );
    expect(posterSrc('http://img.example.com/abc.jpg', '/images')).toBe('http://img.example.com/abc.jpg');
  });

  it('resolves a path against the image service at width 500', () => {
    expect(posterSrc('/generated/42.svg', '/images')).toBe('/images/w500/generated/42.svg');
    expect(posterSrc('/abc.jpg', 'https://image.tmdb.org/t/p/')).toBe(
      'https://image.tmdb.org/t/p/w500/abc.jpg',
    );
  });

  it.each(['', 'poster.jpg', 'data:image/png;base64,xyz', null, undefined])(
    'gives the placeholder for %p',
    (value) => {
      expect(posterSrc(value, '/images')).toBe(PLACEHOLDER_POSTER);
    },
  );
});
