/** The encodings the web build is precompressed in, best first. */
const PREFERENCE = ['br', 'gzip'] as const;
export type PrecompressedEncoding = (typeof PREFERENCE)[number];

/**
 * The best of `available` that an `Accept-Encoding` header allows (RFC 9110 12.5.3): brotli before gzip,
 * a `q=0` refuses an encoding, `*` stands for any encoding not named. Undefined means send the file as it is.
 */
export const acceptedEncoding = (
  header: string | undefined,
  available: ReadonlySet<PrecompressedEncoding>,
): PrecompressedEncoding | undefined => {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params
      .map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1])
      .find((value) => value !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (encoding: string) => weights.get(encoding) ?? weights.get('*') ?? 0;
  return PREFERENCE.filter((encoding) => available.has(encoding) && weight(encoding) > 0).sort(
    (a, b) => weight(b) - weight(a),
  )[0];
};
