import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, httpStatusFor, PaymentPatterns } from '@app/contracts';
import { AppError } from '@app/server-core';
import type { ServiceUnderTest } from '@app/server-testing';

export type WebhookRelay = { url: string; stop(): Promise<void> };

/**
 * What the gateway's `POST /api/payments/webhook` does, in a dozen lines: forwards the raw body and Razorpay's two
 * headers to the service's webhook RPC and answers with its outcome (or the error's status, so Razorpay retries).
 */
export const startWebhookRelay = async (service: () => ServiceUnderTest): Promise<WebhookRelay> => {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const header = (name: string) => {
        const value = req.headers[name];
        return typeof value === 'string' ? value : '';
      };
      service()
        .client.request(PaymentPatterns.webhook, {
          rawBody: Buffer.concat(chunks).toString('utf8'),
          signature: header('x-razorpay-signature'),
          eventId: header('x-razorpay-event-id'),
        })
        .then(
          (reply) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply)),
          (error: unknown) => {
            const code = error instanceof AppError ? error.code : ErrorCode.Internal;
            res
              .writeHead(httpStatusFor(code), { 'content-type': 'application/json' })
              .end(JSON.stringify({ code }));
          },
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/payments/webhook`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
