import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding, type PrecompressedEncoding } from './accept-encoding';
import { isUnder } from './paths';

/** Paths the gateway answers itself; everything else that is a GET is a route of the single-page app. */
const SERVER_PREFIXES = ['/api', '/images', '/stream', '/metrics', '/auth/google'];

const SUFFIX: Record<PrecompressedEncoding, string> = { br: '.br', gzip: '.gz' };

/** Every file of the build, by URL path, with the compressed variants the build wrote beside it (`.br`, `.gz`). */
const precompressedFiles = (dir: string): Map<string, Set<PrecompressedEncoding>> => {
  const found = new Map<string, Set<PrecompressedEncoding>>();
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  const names = new Set(files.map((entry) => path.join(entry.parentPath, entry.name)));
  for (const file of names) {
    const encodings = (Object.keys(SUFFIX) as PrecompressedEncoding[]).filter((encoding) =>
      names.has(`${file}${SUFFIX[encoding]}`),
    );
    if (encodings.length)
      found.set(`/${path.relative(dir, file).split(path.sep).join('/')}`, new Set(encodings));
  }
  return found;
};

const cacheControlFor = (urlPath: string) =>
  urlPath.startsWith('/assets/')
    ? 'public, max-age=31536000, immutable'
    : urlPath === '/index.html'
      ? 'no-cache'
      : 'public, max-age=3600';

const isServerPath = (url: string) => SERVER_PREFIXES.some((prefix) => isUnder(url, prefix));

/** Sends the web app's file if `request` asks for one; false when the request is not the web app's to answer. */
export type WebApp = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/**
 * Serves the built web app from the gateway's not-found handler, so no API request pays for it: GET and HEAD paths
 * no route serves and the gateway does not answer itself; unknown paths get index.html so client-side routes survive
 * a reload. A file the build also wrote as `.br`/`.gz` is sent in the best encoding the client accepts, with
 * `Vary: Accept-Encoding` so caches keep the variants apart. A stray file in the build never shadows a server path.
 * Files go out through `@fastify/send` (ETag, Last-Modified, 304, ranges, no dotfiles, never outside the root),
 * read from disk on each request, so a rebuilt app is served without a restart.
 */
export const webApp = (dir: string): WebApp => {
  const root = path.resolve(dir);
  if (!existsSync(path.join(root, 'index.html'))) throw new Error(`WEB_DIST_DIR has no index.html: ${dir}`);
  const precompressed = precompressedFiles(root);

  /** `urlPath` (URL-encoded) from the root, with the caching the path calls for; false when it is no file to send. */
  const sendFile = async (
    request: FastifyRequest,
    reply: FastifyReply,
    urlPath: string,
    options: { encoding?: PrecompressedEncoding; cacheControl: string },
  ): Promise<boolean> => {
    const file = options.encoding ? `${urlPath}${SUFFIX[options.encoding]}` : urlPath;
    const sent = await send(request.raw, file, {
      root,
      index: false,
      cacheControl: false,
      contentType: !options.encoding,
    });
    if (sent.type === 'error' || sent.type === 'directory') return false;
    reply.code(sent.statusCode).headers(sent.headers).header('Cache-Control', options.cacheControl);
    if (options.encoding) {
      // The type of the original file, not of `.br`/`.gz`.
      const type = send.mime.getType(urlPath) ?? 'application/octet-stream';
      reply.header('Content-Type', send.isUtf8MimeType(type) ? `${type}; charset=utf-8` : type);
      reply.header('Content-Encoding', options.encoding);
    }
    void reply.send(sent.stream);
    return true;
  };

  /** The precompressed variant of `urlPath` when there is one the client accepts, else the file as it is. */
  const sendBest = (request: FastifyRequest, reply: FastifyReply, urlPath: string) => {
    const cacheControl = cacheControlFor(urlPath);
    const variants = precompressed.get(urlPath);
    if (!variants) return sendFile(request, reply, urlPath, { cacheControl });
    reply.header('Vary', 'Accept-Encoding');
    const encoding = acceptedEncoding(request.headers['accept-encoding'], variants);
    return sendFile(request, reply, urlPath, { encoding, cacheControl });
  };

  return async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isServerPath(urlPath)) return false;
    // Not a file of the build (missing, a directory, a dotfile, a malformed path, out of the root): a client-side
    // route, as serve-static's fall-through had it.
    if (urlPath !== '/' && (await sendBest(request, reply, urlPath))) return true;
    if (await sendBest(request, reply, '/index.html')) return true;
    throw new Error(`index.html of the web app could not be sent from ${root}`);
  };
};
