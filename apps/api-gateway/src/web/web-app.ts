import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { acceptedEncoding, type PrecompressedEncoding } from './accept-encoding';

/** Paths the gateway answers itself; everything else that is a GET is a route of the single-page app. */
const SERVER_PREFIXES = ['/api', '/images', '/stream', '/metrics', '/auth/google'];

/** What `res.sendFile` reports: send's HTTP status, or the errno of the file system. */
type SendError = Error & { status?: number; code?: string };

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

/** `/api/x` → false for `/apix`: a prefix is a whole path segment. */
const isServerPath = (urlPath: string) =>
  SERVER_PREFIXES.some((prefix) => urlPath === prefix || urlPath.startsWith(`${prefix}/`));

/**
 * Serves the built web app; unknown GET paths get index.html so client-side routes survive a reload.
 * A file the build also wrote as `.br`/`.gz` is sent in the best encoding the client accepts, with
 * `Vary: Accept-Encoding` so caches keep the variants apart. Paths the gateway answers itself never reach the
 * disk: serve-static looked each API path up on the thread pool first (8 % of the gateway's profile in issue 15),
 * and a stray file in the build could shadow a route.
 */
export const serveWebApp = (app: NestExpressApplication, dir: string) => {
  const root = path.resolve(dir);
  const index = path.join(root, 'index.html');
  if (!existsSync(index)) throw new Error(`WEB_DIST_DIR has no index.html: ${dir}`);
  const precompressed = precompressedFiles(root);

  /** Sends the precompressed variant of `urlPath` when there is one the client accepts; false otherwise. */
  const sendPrecompressed = (req: Request, res: Response, urlPath: string): boolean => {
    const variants = precompressed.get(urlPath);
    if (!variants) return false;
    res.vary('Accept-Encoding');
    const encoding = acceptedEncoding(req.headers['accept-encoding'], variants);
    if (!encoding) return false;
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Cache-Control', cacheControlFor(urlPath));
    // The type of the original file, not of `.br`/`.gz`.
    res.type(path.extname(urlPath));
    res.sendFile(path.join(root, `${urlPath}${SUFFIX[encoding]}`), { cacheControl: false });
    return true;
  };

  const sendIndex = (req: Request, res: Response) => {
    if (sendPrecompressed(req, res, '/index.html')) return;
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  };

  /**
   * The file at `urlPath` as serve-static would send it (ETag, Last-Modified, ranges, no dotfiles, never outside
   * `root`), else index.html. Read from disk on each request, so a rebuilt app is served without a restart.
   */
  const sendFileOrIndex = (req: Request, res: Response, next: NextFunction, urlPath: string) => {
    let file: string;
    try {
      file = decodeURIComponent(urlPath);
    } catch {
      return sendIndex(req, res);
    }
    const immutable = urlPath.startsWith('/assets/');
    res.sendFile(file, { root, maxAge: immutable ? '1y' : '1h', immutable }, (error?: SendError) => {
      // Sent, or the client went away mid-file: nothing left to answer.
      if (!error || res.headersSent || error.code === 'ECONNABORTED') return;
      // Not a file of the build (missing, a directory, a dotfile, a path out of the root): a client-side route,
      // as serve-static's fall-through had it.
      if (error.code === 'EISDIR' || (error.status ?? 500) < 500) return sendIndex(req, res);
      next(error);
    });
  };

  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isServerPath(req.path)) return next();
    if (sendPrecompressed(req, res, req.path)) return;
    sendFileOrIndex(req, res, next, req.path);
  });
};
