import { browserFamily, describeDevice, deviceLabel } from './user-agent';

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
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  samsungAndroid:
    'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
};

describe('describeDevice (Profile → Devices, the new-device mail)', () => {
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

describe('deviceLabel (the screens in use, named by the gateway from the player’s request)', () => {
  it.each([
    [
      'Chrome on Android',
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36',
    ],
    ['Chrome on iPhone', ua.chromeIphone],
    ['Samsung Internet on Android', ua.samsungAndroid],
    ['Firefox on macOS', ua.firefoxMac],
    ['Unknown device', undefined],
  ])('is the device’s name, "%s", as Profile → Devices shows it', (label, userAgent) => {
    expect(deviceLabel(userAgent)).toBe(label);
    expect(deviceLabel(userAgent)).toBe(describeDevice(userAgent).label);
  });
});

describe('browserFamily (QoE by browser, issue 28)', () => {
  const CHROME =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

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
    ['Samsung Internet', ua.samsungAndroid],
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
