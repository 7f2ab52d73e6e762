import compression from 'compression';
import type { Request, Response } from 'express';

const isStream = (req: Request) => req.path === '/stream' || req.path.startsWith('/stream/');

/**
 * Compresses what the gateway answers itself (JSON API, OpenAPI document) in brotli or gzip, as the client
 * accepts. Never `/stream`: video bytes do not shrink, and compressing would break Range requests. The web
 * app's files are precompressed at build time (web-app.ts); an answer that already has a Content-Encoding
 * is left alone.
 */
export const compressResponses = () =>
  compression({ filter: (req: Request, res: Response) => !isStream(req) && compression.filter(req, res) });
