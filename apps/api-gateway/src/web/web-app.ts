import { existsSync } from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

/** Paths the gateway answers itself; everything else that is a GET is a route of the single-page app. */
const SERVER_PREFIXES = ['/api', '/images', '/stream', '/metrics', '/auth/google'];

/** Serves the built web app; unknown GET paths get index.html so client-side routes survive a reload. */
export const serveWebApp = (app: NestExpressApplication, dir: string) => {
  const index = path.resolve(dir, 'index.html');
  if (!existsSync(index)) throw new Error(`WEB_DIST_DIR has no index.html: ${dir}`);
  app.useStaticAssets(dir, { index: false, maxAge: '1h', setHeaders: (res, file) => {
    if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  } });
  app.use((req: Request, res: Response, next: NextFunction) => {
    const isServerPath = SERVER_PREFIXES.some((prefix) => req.path === prefix || req.path.startsWith(`${prefix}/`));
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isServerPath) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
};
