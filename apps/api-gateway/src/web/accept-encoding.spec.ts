import { acceptedEncoding, type PrecompressedEncoding } from './accept-encoding';

const both = new Set<PrecompressedEncoding>(['br', 'gzip']);

describe('acceptedEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', both, 'br'],
    ['gzip', both, 'gzip'],
    ['br;q=0, gzip', both, 'gzip'],
    ['br;q=0.5, gzip;q=0.8', both, 'gzip'],
    ['BR', both, 'br'],
    ['*', both, 'br'],
    ['*;q=0, gzip', both, 'gzip'],
    ['identity', both, undefined],
    ['', both, undefined],
    [undefined, both, undefined],
    ['br, gzip', new Set<PrecompressedEncoding>(['gzip']), 'gzip'],
  ])('%j with %p available picks %p', (header, available, expected) => {
    expect(acceptedEncoding(header, available)).toBe(expected);
  });
});
