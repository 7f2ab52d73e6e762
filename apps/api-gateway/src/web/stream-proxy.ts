import { request } from 'node:http';
import type { onRequestHookHandler } from 'fastify';
import { ErrorCode, serviceUnavailableMessage } from '@app/contracts';
import { isUnder } from './paths';
import { refusal } from './refusal';

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
 * A hook before Fastify reads the body: an upload's bytes are piped on as they come, never parsed or buffered, and the
 * answer's bytes are piped back. In k8s the ingress routes `/stream` straight to the streaming service.
 */
export const streamProxy = (target: string): onRequestHookHandler => {
  const base = new URL(target);
  return (req, reply, done) => {
    if (!isUnder(req.url, '/stream')) return done();
    reply.hijack();
    const res = reply.raw;
    const headers: Record<string, string | string[] | undefined> = { ...req.headers, host: base.host };
    for (const name of HOP_BY_HOP) delete headers[name];
    const upstream = request(
      {
        protocol: base.protocol,
        hostname: base.hostname,
        port: base.port,
        method: req.method,
        path: req.url,
        headers,
      },
      (answer) => {
        const answerHeaders = { ...answer.headers };
        for (const name of HOP_BY_HOP) delete answerHeaders[name];
        res.writeHead(answer.statusCode ?? 502, answerHeaders);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const body = refusal(req, ErrorCode.ServiceUnavailable, serviceUnavailableMessage('streaming-service'));
      res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    });
    req.raw.on('aborted', () => upstream.destroy());
    req.raw.pipe(upstream);
  };
};
