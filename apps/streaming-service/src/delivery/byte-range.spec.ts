import { parseRange } from './byte-range';

const SIZE = 10_000;

describe('parseRange (RFC 9110 §14 / RFC 7233 byte ranges)', () => {
  it.each([
    ['no header', undefined],
    ['another unit', 'items=0-10'],
    ['no unit', '0-10'],
    ['garbage', 'bytes=abc'],
    ['a negative first byte', 'bytes=-5-10'],
    ['last before first (invalid, so ignored)', 'bytes=500-100'],
    ['an empty set', 'bytes='],
    ['only commas', 'bytes=,,'],
    ['several ranges (answered whole: RFC 9110 lets a server ignore Range)', 'bytes=0-10,20-30'],
    ['several ranges, one unsatisfiable', 'bytes=0-10,20000-30000'],
    ['an absurdly long header', `bytes=0-1${',2-3'.repeat(100)}`],
  ])('answers the whole representation for %s', (_, header) => {
    expect(parseRange(header, SIZE)).toEqual({ kind: 'whole' });
  });

  it.each([
    ['a closed range', 'bytes=0-499', 0, 499],
    ['one byte', 'bytes=0-0', 0, 0],
    ['the last byte by position', 'bytes=9999-9999', 9999, 9999],
    ['a middle range', 'bytes=1048-2047', 1048, 2047],
    ['an open-ended range', 'bytes=9500-', 9500, 9999],
    ['an open-ended range from 0', 'bytes=0-', 0, 9999],
    ['a range past the end (clamped)', 'bytes=9000-20000', 9000, 9999],
    ['a last position beyond any integer (clamped)', `bytes=5-${'9'.repeat(40)}`, 5, 9999],
    ['a suffix', 'bytes=-500', 9500, 9999],
    ['a suffix longer than the file (everything)', 'bytes=-20000', 0, 9999],
    ['a case-insensitive unit', 'Bytes=0-9', 0, 9],
    ['spaces around the set', '  bytes=0-9  ', 0, 9],
    ['empty list elements', 'bytes=, 0-9 ,', 0, 9],
  ])('answers %s as 206', (_, header, start, end) => {
    expect(parseRange(header, SIZE)).toEqual({ kind: 'partial', start, end });
  });

  it.each([
    ['a first byte at the size', 'bytes=10000-', SIZE],
    ['a first byte past the size', 'bytes=20000-30000', SIZE],
    ['a huge first byte', `bytes=${'9'.repeat(40)}-`, SIZE],
    ['a zero-length suffix', 'bytes=-0', SIZE],
    ['any range of an empty file', 'bytes=0-', 0],
    ['a suffix of an empty file', 'bytes=-10', 0],
  ])('answers %s as 416', (_, header, size) => {
    expect(parseRange(header, size)).toEqual({ kind: 'unsatisfiable' });
  });
});
