import { isUnder } from './paths';

describe('isUnder', () => {
  it.each([
    ['/api', '/api', true],
    ['/api/movies', '/api', true],
    ['/api?page=2', '/api', true],
    ['/API/Movies', '/api', true],
    ['/apix', '/api', false],
    ['/ap', '/api', false],
    ['/', '/api', false],
    ['/stream/abc/segment.ts', '/stream', true],
    ['/api/health/live', '/api/health', true],
    ['/api/healthy', '/api/health', false],
  ])('%j under %j: %p', (url, prefix, expected) => {
    expect(isUnder(url, prefix)).toBe(expected);
  });
});
