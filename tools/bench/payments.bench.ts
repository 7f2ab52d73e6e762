import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import autocannon from 'autocannon';
import type { AdminPaymentsQuery, Checkout, CheckoutConfig, Movie, Page, TitleFacts } from '@app/contracts';
import { PaymentRpc } from '@app/contracts';
import { ServiceClient } from '@app/server-core';
import { benchApi, percentile, startBenchSystem } from './bench-system';

/**
 * `npm run bench:payments` (issue 9): Razorpay webhook ingestion through the gateway (signed events as the local
 * Razorpay server sends them, replayed with 10 % duplicates and 10 % out of order; acknowledgement latency, then
 * a count of what was applied) and `GET /api/entitlements/{id}` through the gateway against the same RPC sent
 * straight to payment-service. Prints figures and ratios; not part of the tests.
 */
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const TARGET_EVENTS = 1000;
const WEBHOOK_CONCURRENCY = 10;

type Result = { label: string; rps: number; p50: number; p99: number };
type Captured = { body: string; signature: string; eventId: string; event: string; orderId: string };

const summarise = (label: string, latencies: number[], seconds: number): Result => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { label, rps: latencies.length / seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};
const row = (r: Result, reference?: Result) =>
  `| ${r.label} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} |${reference ? ` ${(r.rps / reference.rps).toFixed(2)}× |` : ''}`;

const json = async <T>(res: Response, what: string): Promise<T> => {
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
};

/** A receiver the local Razorpay server delivers its signed webhooks to, so the bench can replay them. */
const startCapture = async () => {
  const captured: Captured[] = [];
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
  const server = createServer((req, res) => {
    void read(req).then((body) => {
      const parsed = JSON.parse(body) as {
        event: string;
        payload: { payment?: { entity: { order_id?: string } }; order?: { entity: { id: string } } };
      };
      captured.push({
        body,
        signature: String(req.headers['x-razorpay-signature']),
        eventId: String(req.headers['x-razorpay-event-id']),
        event: parsed.event,
        orderId: parsed.payload.order?.entity.id ?? parsed.payload.payment?.entity.order_id ?? '',
      });
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    captured,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

const main = async () => {
  Logger.overrideLogger(['warn', 'error']);
  const system = await startBenchSystem('bench-payments', __dirname);
  const capture = await startCapture();
  try {
    const base = system.url;
    const api = benchApi(base);

    const config = await api.json<CheckoutConfig>('/api/payments/config');
    const razorpay = new URL(config.checkoutUrl).origin;
    const control = (action: string, body: unknown) =>
      fetch(`${razorpay}/_control/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    // From here on the local Razorpay server delivers to the capture receiver, not to the gateway.
    await json(await control('webhook-url', { url: capture.url }), 'webhook-url');

    // Orders: one purchase per premium title per buyer, enough for ≥ 1,000 events (3 per paid order).
    const premium: Movie[] = [];
    for (let page = 1; premium.length < 400; page++) {
      const list = await api.json<Page<Movie>>(`/api/movies?access=premium&page=${page}&pageSize=100`);
      premium.push(...list.data);
      if (page * 100 >= list.total) break;
    }
    const buyers: Array<{ id: string; token: string }> = [];
    const ordersNeeded = Math.ceil(TARGET_EVENTS / 3) + 1;
    const perBuyer = Math.min(premium.length, ordersNeeded);
    while (buyers.length * perBuyer < ordersNeeded) buyers.push(await api.newViewer('buyer'));
    console.log(
      `\nPaying ${ordersNeeded} orders in the local Razorpay server (webhooks captured, not yet sent)…`,
    );
    let made = 0;
    for (const buyer of buyers) {
      for (const movie of premium.slice(0, perBuyer)) {
        if (made++ >= ordersNeeded) break;
        const checkout = await api.json<Checkout>(
          '/api/payments/create-order',
          {
            method: 'POST',
            body: JSON.stringify({
              movieId: movie.id,
              kind: 'purchase',
              idempotencyKey: `bench${made}x${buyer.id}`,
            }),
          },
          buyer.token,
        );
        await json(await control('pay', { orderId: checkout.id }), 'pay');
      }
    }
    await json(await control('flush', {}), 'flush');
    const events = capture.captured.slice(0, TARGET_EVENTS);
    console.log(`Captured ${capture.captured.length} signed webhooks; replaying ${events.length} of them.`);

    // 10 % out of order (each chosen event swapped with the one before it: e.g. captured before authorized) and
    // 10 % sent twice (a redelivery with the same event id), duplicates placed later in the stream.
    const sequence = [...events];
    for (let i = 1; i < sequence.length; i += 10)
      [sequence[i - 1], sequence[i]] = [sequence[i], sequence[i - 1]];
    const duplicates = events.filter((_, i) => i % 10 === 5);
    duplicates.forEach((event, i) => sequence.splice(Math.min(sequence.length, (i + 1) * 11), 0, event));

    const latencies: number[] = [];
    const outcomes: Record<string, number> = {};
    let next = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: WEBHOOK_CONCURRENCY }, async () => {
        while (next < sequence.length) {
          const event = sequence[next++];
          const start = process.hrtime.bigint();
          const res = await fetch(`${base}/api/payments/webhook`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-razorpay-signature': event.signature,
              'x-razorpay-event-id': event.eventId,
            },
            body: event.body,
          });
          const answer = (await res.json()) as { outcome?: string };
          latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
          const key = res.ok ? (answer.outcome ?? 'unknown') : `HTTP ${res.status}`;
          outcomes[key] = (outcomes[key] ?? 0) + 1;
        }
      }),
    );
    const webhookResult = summarise(
      `webhooks via gateway, ${WEBHOOK_CONCURRENCY} in flight`,
      latencies,
      (Date.now() - started) / 1000,
    );

    // What was applied: every paid order is one captured payment and one grant, however often its events came.
    const admin = await api.signIn('admin@streamly.in', 'Admin@12345', '/api/auth/admin/login');
    // A captured payment or a paid order in the replayed events grants its title.
    const paidOrders = new Set(
      events.filter((e) => e.event === 'payment.captured' || e.event === 'order.paid').map((e) => e.orderId),
    ).size;
    let grants = 0;
    let captured = 0;
    for (const buyer of buyers) {
      const titles = await api.json<{ data: unknown[] }>(`/api/users/${buyer.id}/titles`, {}, buyer.token);
      grants += titles.data.length;
      const query: Partial<AdminPaymentsQuery> = { userId: buyer.id, status: 'captured', pageSize: 1 };
      const payments = await api.json<{ total: number }>(
        `/api/admin/payments/payments?${new URLSearchParams(query as Record<string, string>)}`,
        {},
        admin.token,
      );
      captured += payments.total;
    }

    // Entitlements: through the gateway (HTTP, a signed-in buyer) against the same RPC straight to the service.
    const movie = premium[0];
    const buyer = buyers[0];
    const facts: TitleFacts = {
      movieId: movie.id,
      title: movie.title,
      access: movie.access,
      purchasePriceInr: movie.purchasePriceInr,
      rentalPriceInr: movie.rentalPriceInr,
    };
    const client = ServiceClient.connect('payment-service', { url: system.natsUrl }, { timeoutMs: 10_000 });
    const directLatencies: number[] = [];
    const end = Date.now() + DURATION_S * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < end) {
          const start = process.hrtime.bigint();
          await client.send(PaymentRpc.entitlement, {
            viewer: { userId: buyer.id, isAdmin: false },
            title: facts,
          });
          directLatencies.push(Number(process.hrtime.bigint() - start) / 1e6);
        }
      }),
    );
    await client.close();
    const direct = summarise('entitlement, payment-service direct (TCP)', directLatencies, DURATION_S);
    const url = `${base}/api/entitlements/${movie.id}`;
    const headers = { authorization: `Bearer ${buyer.token}` };
    await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
    const viaGateway = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
    if (viaGateway.non2xx || viaGateway.errors)
      throw new Error(`gateway answered ${viaGateway.non2xx} non-2xx, ${viaGateway.errors} errors`);
    const gateway: Result = {
      label: 'GET /api/entitlements/{id} via gateway (autocannon)',
      rps: viaGateway.requests.average,
      p50: viaGateway.latency.p50,
      p99: viaGateway.latency.p99,
    };

    console.log(
      `\n## Webhook ingestion (${sequence.length} deliveries: ${events.length} events, ${duplicates.length} duplicates, every 10th pair swapped)\n`,
    );
    console.log('| path | deliveries/s | p50 ms | p99 ms |');
    console.log('|---|---|---|---|');
    console.log(row(webhookResult));
    console.log(`\nOutcomes: ${JSON.stringify(outcomes)}`);
    console.log(
      `Applied: ${paidOrders} paid orders in the replayed events → ${captured} captured payments, ${grants} grants (each must equal the orders: exactly once).`,
    );
    console.log(`\n## Entitlement answer (${CONNECTIONS} connections, ${DURATION_S} s)\n`);
    console.log('| path | requests/s | p50 ms | p99 ms | throughput vs direct |');
    console.log('|---|---|---|---|---|');
    console.log(row(direct, direct));
    console.log(row(gateway, direct));
    console.log(
      '\nTargets (issue 9): webhooks acknowledged p99 ≤ 50 ms, all applied exactly once; entitlements ≥ 1,000 req/s with p99 ≤ 30 ms through the gateway.',
    );
  } finally {
    await capture.stop();
    await system.stop();
  }
};

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
