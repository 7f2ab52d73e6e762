import { hash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compression from 'compression';
import { LRUCache } from 'lru-cache';
import type { NextFunction, Request, Response } from 'express';
import { acceptedEncoding, type PrecompressedEncoding } from './accept-encoding';

const isStream = (req: Request) => req.path === '/stream' || req.path.startsWith('/stream/');

/**
 * Brotli quality for answers compressed on the fly. A page of 24 titles (15.5 kB of JSON) took 345 µs of CPU at the
 * library's default quality 4 and 159 µs at 3, for 2,417 against 2,491 bytes (issue 15): half the cost for 3 % more
 * bytes. The web app's files are precompressed at the best quality instead.
 */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 3 } };
/** Smaller answers are sent as they are (the `compression` package's default threshold). */
const THRESHOLD_BYTES = 1024;
/** Larger whole answers go through the streaming path: one answer holds the event loop for half a millisecond at most. */
const WHOLE_MAX_BYTES = 128 * 1024;
const ON_THE_FLY = new Set<PrecompressedEncoding>(['br', 'gzip']);
/** Compressed answers kept, in bytes of compressed output: about a thousand pages of titles. */
const COMPRESSED_CACHE_BYTES = 4 * 1024 * 1024;
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/;

const shouldCompress = (req: Request, res: Response) => !isStream(req) && compression.filter(req, res);

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

/**
 * An answer sent whole (`res.send`, so every JSON answer) is compressed in one synchronous call and sent with its
 * length in one write. The streaming path would compress it on the thread pool and send it chunked, in two writes:
 * for a page of 24 titles that cost a browser's request about 30 % more of the gateway's CPU (issue 15). Same
 * rules as the streaming path: a compressible type, not `no-transform`, not already encoded, above the threshold.
 */
const compressWholeAnswers =
  (bodies: CompressedBodies) => (req: Request, res: Response, next: NextFunction) => {
    const encoding =
      req.method === 'HEAD' ? undefined : acceptedEncoding(req.headers['accept-encoding'], ON_THE_FLY);
    if (!encoding) return next();
    // The streaming middleware's `end`, which this wraps: an answer it is given already encoded passes through it.
    const end = res.end as (this: Response, ...args: unknown[]) => Response;
    res.end = function endWhole(this: Response, ...args: unknown[]) {
      const [chunk, chunkEncoding] = args;
      const whole =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof chunkEncoding === 'string' ? (chunkEncoding as BufferEncoding) : 'utf8')
          : Buffer.isBuffer(chunk)
            ? chunk
            : undefined;
      if (
        whole &&
        whole.length >= THRESHOLD_BYTES &&
        whole.length <= WHOLE_MAX_BYTES &&
        !this.headersSent &&
        !this.getHeader('Content-Encoding') &&
        !NO_TRANSFORM.test(String(this.getHeader('Cache-Control') ?? '')) &&
        shouldCompress(req, this)
      ) {
        const body = bodies.compress(whole, encoding);
        this.vary('Accept-Encoding');
        this.setHeader('Content-Encoding', encoding);
        this.setHeader('Content-Length', body.length);
        return end.call(this, body, ...args.filter((arg) => typeof arg === 'function'));
      }
      return end.apply(this, args);
    } as Response['end'];
    next();
  };

/**
 * Compresses what the gateway answers itself (JSON API, OpenAPI document) in brotli or gzip, as the client
 * accepts. Never `/stream`: video bytes do not shrink, and compressing would break Range requests. The web
 * app's files are precompressed at build time (web-app.ts); an answer that already has a Content-Encoding
 * is left alone. Answers sent whole take the one-call path above; streamed ones (and deflate) the package's.
 */
export const compressResponses = () => {
  const streaming = compression({ filter: shouldCompress, brotli: BROTLI });
  const whole = compressWholeAnswers(new CompressedBodies());
  return (req: Request, res: Response, next: NextFunction) =>
    streaming(req, res, (error?: unknown) => (error ? next(error) : whole(req, res, next)));
};
