const browsers: Array<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const systems: Array<[RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/Linux/, 'Linux'],
];

const first = (list: Array<[RegExp, string]>, userAgent: string) =>
  list.find(([pattern]) => pattern.test(userAgent))?.[1];

/** How the other screens of the account see this one: 'Chrome on Android'. Undefined when nothing is recognised. */
export const deviceLabel = (userAgent: string): string | undefined => {
  const browser = first(browsers, userAgent);
  const system = first(systems, userAgent);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system;
};
