import { hash } from 'node:crypto';
import { pipeline, Readable } from 'node:stream';
import {
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createDeflate,
  createGzip,
  gzipSync,
} from 'node:zlib';
import compressible from 'compressible';
import type { onSendHookHandler } from 'fastify';
import { LRUCache } from 'lru-cache';
import { acceptedEncoding, type ContentEncoding } from './accept-encoding';
import { isUnder } from './paths';

/**
 * Brotli quality for answers compressed on the fly. A page of 24 titles (15.5 kB of JSON) took 345 µs of CPU at the
 * library's default quality 4 and 159 µs at 3, for 2,417 against 2,491 bytes (issue 15): half the cost for 3 % more
 * bytes. The web app's files are precompressed at the best quality instead.
 */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 3 } };
/** Smaller answers are sent as they are (the threshold of the `compression` package the gateway used before). */
const THRESHOLD_BYTES = 1024;
/** Larger whole answers go through the streaming path: one answer holds the event loop for half a millisecond at most. */
const WHOLE_MAX_BYTES = 128 * 1024;
const ON_THE_FLY = new Set<ContentEncoding>(['br', 'gzip', 'deflate']);
/** Compressed answers kept, in bytes of compressed output: about a thousand pages of titles. */
const COMPRESSED_CACHE_BYTES = 4 * 1024 * 1024;
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/;

/**
 * The compressed form of each answer body recently sent, by encoding and the body's SHA-256 (issue 29 §3): the
 * same page of titles goes to many viewers, and hashing it costs a tenth of compressing it (15.5 kB: about 12 µs
 * against 75-160 µs for brotli at quality 3). Keyed by content, so an answer is only ever reused for a body
 * byte-for-byte the same; bounded by the bytes it holds.
 */
export class CompressedBodies {
  private readonly entries: LRUCache<string, Buffer>;

  constructor(maxBytes = COMPRESSED_CACHE_BYTES) {
    this.entries = new LRUCache<string, Buffer>({
      maxSize: maxBytes,
      sizeCalculation: (body) => body.length || 1,
    });
  }

  compress(whole: Buffer, encoding: 'br' | 'gzip'): Buffer {
    const key = `${encoding}:${hash('sha256', whole, 'base64')}`;
    const kept = this.entries.get(key);
    if (kept) return kept;
    const body = encoding === 'br' ? brotliCompressSync(whole, BROTLI) : gzipSync(whole);
    this.entries.set(key, body);
    return body;
  }
}

const compressingStream = (encoding: ContentEncoding) =>
  encoding === 'br' ? createBrotliCompress(BROTLI) : encoding === 'gzip' ? createGzip() : createDeflate();

/**
 * Compresses what the gateway answers itself (JSON API, OpenAPI document, Swagger UI, the web app's files the build
 * did not precompress) in brotli, gzip or deflate, as the client accepts: a compressible type, not `no-transform`,
 * not already encoded, above the threshold. Never `/stream` (its proxy answers before this hook): video bytes do not
 * shrink, and compressing would break Range requests.
 * - An answer sent whole in brotli or gzip (every JSON answer up to 128 kB) is compressed in one synchronous call,
 *   from the cache above, and sent with its length in one write. The streaming path would compress it on the
 *   thread pool and send it chunked, in two writes: for a page of 24 titles that cost a browser's request about
 *   30 % more of the gateway's CPU (issue 15).
 * - Larger answers, streams and deflate are compressed as they are sent, chunked.
 */
export const compressResponses = (): onSendHookHandler => {
  const bodies = new CompressedBodies();
  return (request, reply, payload, done) => {
    if (
      payload === null ||
      payload === undefined ||
      request.method === 'HEAD' ||
      reply.statusCode === 204 ||
      reply.statusCode === 304 ||
      isUnder(request.url, '/stream') ||
      reply.hasHeader('content-encoding') ||
      !compressible(String(reply.getHeader('content-type') ?? '').split(';')[0] ?? '') ||
      NO_TRANSFORM.test(String(reply.getHeader('cache-control') ?? ''))
    )
      return done(null, payload);
    const text = typeof payload === 'string';
    // Anything else Fastify itself refuses after this hook.
    if (!text && !Buffer.isBuffer(payload) && !(payload instanceof Readable)) return done(null, payload);
    const length = text
      ? Buffer.byteLength(payload)
      : Buffer.isBuffer(payload)
        ? payload.length
        : Number(reply.getHeader('content-length') ?? Infinity);
    if (length < THRESHOLD_BYTES) return done(null, payload);
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/accept-encoding/i.test(vary))
      reply.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = acceptedEncoding(request.headers['accept-encoding'], ON_THE_FLY);
    if (!encoding) return done(null, payload);
    // A small answer is copied into bytes only now that it is to be compressed.
    const whole = text ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : undefined;
    reply.header('Content-Encoding', encoding);
    if (whole && whole.length <= WHOLE_MAX_BYTES && encoding !== 'deflate') {
      const body = bodies.compress(whole, encoding);
      reply.header('Content-Length', body.length);
      return done(null, body);
    }
    reply.removeHeader('content-length');
    const source = whole ? Readable.from([whole]) : (payload as Readable);
    // A source that fails (a file read) destroys the compressed stream too, which ends the answer.
    return done(
      null,
      pipeline(source, compressingStream(encoding), () => undefined),
    );
  };
};
