import { describeDevice } from './device-label';

const ua = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  safariIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};

describe('describeDevice', () => {
  it.each([
    ['Chrome on Windows', ua.chromeWindows],
    ['Safari on iPhone', ua.safariIphone],
    ['Safari on iPad', ua.safariIpad],
    ['Chrome on Android', ua.chromeAndroid],
    ['Firefox on macOS', ua.firefoxMac],
    ['Edge on Windows', ua.edgeWindows],
  ])('names "%s" from its User-Agent', (label, userAgent) => {
    expect(describeDevice(userAgent).label).toBe(label);
  });

  it.each([
    ['none', undefined],
    ['empty', ''],
    ['curl', 'curl/8.5.0'],
    ['10 000 characters of noise', 'x'.repeat(10_000)],
  ])('calls what it cannot read (%s) "Unknown device"', (_, userAgent) => {
    expect(describeDevice(userAgent)).toMatchObject({ label: 'Unknown device', browser: null, os: null });
  });

  it('keeps the same fingerprint across browser updates, and tells other browsers and phones apart', () => {
    const updated = ua.chromeWindows.replace('Chrome/131', 'Chrome/132');
    expect(describeDevice(updated).fingerprint).toBe(describeDevice(ua.chromeWindows).fingerprint);
    const other = ua.chromeAndroid.replace('SM-S918B', 'Pixel 8');
    expect(describeDevice(other).fingerprint).not.toBe(describeDevice(ua.chromeAndroid).fingerprint);
    expect(describeDevice(ua.edgeWindows).fingerprint).not.toBe(describeDevice(ua.chromeWindows).fingerprint);
  });
});
