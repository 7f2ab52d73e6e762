// What to send for a `Range` header (RFC 9110 §14, formerly RFC 7233) on a representation of `size` bytes:
// - `whole`: no Range, or one we ignore (another unit, bad syntax, several ranges) → 200 with everything;
// - `partial`: one satisfiable range, `end` inclusive and clamped to the last byte → 206;
// - `unsatisfiable`: a valid range that selects nothing → 416 with `Content-Range: bytes */size`.
export type RangeAnswer =
  { kind: 'whole' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const WHOLE: RangeAnswer = { kind: 'whole' };
const UNSATISFIABLE: RangeAnswer = { kind: 'unsatisfiable' };
const BYTES_UNIT = /^bytes=/i;
const FROM_TO = /^(\d+)-(\d*)$/;
const SUFFIX = /^-(\d+)$/;
/** Far longer than any real header; a longer one is ignored rather than parsed. */
const MAX_HEADER_LENGTH = 256;

export const parseRange = (header: string | undefined, size: number): RangeAnswer => {
  if (header === undefined) return WHOLE;
  const value = header.trim();
  if (value.length > MAX_HEADER_LENGTH || !BYTES_UNIT.test(value)) return WHOLE;
  // The list rule allows empty elements and spaces around commas.
  const specs = value
    .slice('bytes='.length)
    .split(',')
    .map((spec) => spec.trim())
    .filter((spec) => spec !== '');
  // Several ranges: answered with the whole representation (200), which RFC 9110 §14.2 allows ("a server MAY
  // ignore the Range header field"). Players and browsers ask for one range; multipart/byteranges is not served.
  if (specs.length !== 1) return WHOLE;
  const [spec] = specs;

  const suffix = SUFFIX.exec(spec);
  if (suffix) {
    const length = Number(suffix[1]);
    if (length === 0 || size === 0) return UNSATISFIABLE;
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const fromTo = FROM_TO.exec(spec);
  if (!fromTo) return WHOLE;
  const start = Number(fromTo[1]);
  const last = fromTo[2] === '' ? null : Number(fromTo[2]);
  // `last < first` is invalid syntax, not an unsatisfiable range: ignored.
  if (last !== null && last < start) return WHOLE;
  if (start >= size) return UNSATISFIABLE;
  return { kind: 'partial', start, end: Math.min(last ?? size - 1, size - 1) };
};
