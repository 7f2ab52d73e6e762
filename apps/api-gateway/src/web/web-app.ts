import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { acceptedEncoding, type PrecompressedEncoding } from './accept-encoding';

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

/**
 * Serves the built web app; unknown GET paths get index.html so client-side routes survive a reload.
 * A file the build also wrote as `.br`/`.gz` is sent in the best encoding the client accepts, with
 * `Vary: Accept-Encoding` so caches keep the variants apart.
 */
export const serveWebApp = (app: NestExpressApplication, dir: string) => {
  const index = path.resolve(dir, 'index.html');
  if (!existsSync(index)) throw new Error(`WEB_DIST_DIR has no index.html: ${dir}`);
  const precompressed = precompressedFiles(dir);

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
    res.sendFile(path.join(dir, `${urlPath}${SUFFIX[encoding]}`), { cacheControl: false });
    return true;
  };

  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !sendPrecompressed(req, res, req.path)) next();
  });
  app.useStaticAssets(dir, {
    index: false,
    maxAge: '1h',
    setHeaders: (res, file) => {
      if (file.includes(`${path.sep}assets${path.sep}`))
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    const isServerPath = SERVER_PREFIXES.some(
      (prefix) => req.path === prefix || req.path.startsWith(`${prefix}/`),
    );
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isServerPath) return next();
    if (sendPrecompressed(req, res, '/index.html')) return;
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
};
