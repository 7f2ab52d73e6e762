import { request } from 'node:http';
import type { NextFunction, Request, Response } from 'express';

const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
];

/**
 * Dev/embedded mode only: forwards `/stream/**` to the streaming service so the browser needs one origin.
 * Bytes are piped, never buffered; in k8s the ingress routes `/stream` straight to the streaming service.
 */
export const streamProxy = (target: string) => {
  const base = new URL(target);
  return (req: Request, res: Response, next: NextFunction) => {
    const headers: Record<string, string | string[] | undefined> = { ...req.headers, host: base.host };
    for (const name of HOP_BY_HOP) delete headers[name];
    const upstream = request(
      {
        protocol: base.protocol,
        hostname: base.hostname,
        port: base.port,
        method: req.method,
        path: req.originalUrl,
        headers,
      },
      (reply) => {
        const replyHeaders = { ...reply.headers };
        for (const name of HOP_BY_HOP) delete replyHeaders[name];
        res.writeHead(reply.statusCode ?? 502, replyHeaders);
        reply.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (res.headersSent) res.destroy();
      else next(Object.assign(new Error('streaming service unavailable'), { status: 503 }));
    });
    req.on('aborted', () => upstream.destroy());
    req.pipe(upstream);
  };
};
