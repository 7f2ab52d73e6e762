/** The encodings the gateway sends, best first: the web build is precompressed in the first two. */
const PREFERENCE = ['br', 'gzip', 'deflate'] as const;
export type ContentEncoding = (typeof PREFERENCE)[number];
export type PrecompressedEncoding = Exclude<ContentEncoding, 'deflate'>;

/**
 * The best of `available` that an `Accept-Encoding` header allows (RFC 9110 12.5.3): brotli before gzip,
 * a `q=0` refuses an encoding, `*` stands for any encoding not named. Undefined means send the file as it is.
 */
export const acceptedEncoding = <Encoding extends ContentEncoding>(
  header: string | undefined,
  available: ReadonlySet<Encoding>,
): Encoding | undefined => {
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
  return PREFERENCE.filter(
    (encoding): encoding is Encoding => available.has(encoding as Encoding) && weight(encoding) > 0,
  ).sort((a, b) => weight(b) - weight(a))[0];
};
