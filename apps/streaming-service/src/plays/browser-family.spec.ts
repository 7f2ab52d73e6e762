import { browserFamily } from './browser-family';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

describe('browserFamily (QoE by browser, issue 28)', () => {
  it.each([
    ['Chrome', CHROME],
    [
      'Chrome',
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
    ],
    [
      'Chrome',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
    ],
    ['Firefox', 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0'],
    [
      'Safari',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
    ],
    [
      'Safari',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
    ],
    ['Edge', `${CHROME} Edg/120.0.0.0`],
    [
      'Samsung Internet',
      'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
    ],
    ['Other', `${CHROME} OPR/106.0.0.0`],
    ['Other', 'curl/8.4.0'],
    ['Other', ''],
    ['Other', undefined],
  ])('reads %s from "%s"', (family, userAgent) => {
    expect(browserFamily(userAgent)).toBe(family);
  });

  it('reads no further than a User-Agent may be long', () => {
    expect(browserFamily(`${'x'.repeat(600)} Firefox/121.0`)).toBe('Other');
  });
});
