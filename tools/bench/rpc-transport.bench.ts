import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Controller, Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { ClientProxy } from '@nestjs/microservices';
import { ClientProxyFactory, MessagePattern, Transport } from '@nestjs/microservices';
import { connect, JSONCodec } from 'nats';
import { firstValueFrom } from 'rxjs';
import { findFreePort, startNats } from '@app/local-infra';
import { createRpcProxy, RpcServer } from '@app/server-core';
import { percentile } from './bench-system';

/**
 * `npm run bench:rpc`: where the NATS transport's cost goes, in one
 * process against one handler that answers a catalogue-page-sized reply. Four ways to make the same call:
 *   1. Nest's TCP client → Nest's TCP server (the transport before issue 15);
 *   2. Nest's NATS client → our NATS server (what the gateway does now);
 *   3. a plain nats.js request (one shared reply subscription) → our NATS server: the cost of Nest's client;
 *   4. a plain nats.js request → a plain nats.js responder: the floor, the broker hop alone.
 * Prints requests/s, p50/p99 and ratios to (1), and the CPU each request cost in this process (client and server
 * together) and in nats-server. Not part of the tests.
 */
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** Titles in the reply: 24 (≈ 14 kB of JSON, a catalogue page) by default; 0 for the per-message cost alone. */
const ITEMS = Number(process.env.BENCH_REPLY_ITEMS ?? 24);

/** A page of movies as the catalogue answers it. */
const REPLY = {
  data: Array.from({ length: ITEMS }, (_, i) => ({
    id: randomUUID(),
    title: `A film of some length ${i}`,
    description: 'x'.repeat(400),
    genres: ['Drama', 'Comedy'],
    rating: 7.5,
    posterUrl: `/generated/${i}.svg`,
  })),
  page: 1,
  pageSize: 24,
  total: 2925,
};

@Controller()
class EchoController {
  @MessagePattern('bench.page')
  page() {
    return REPLY;
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

type Result = { label: string; rps: number; p50: number; p99: number; nodeUs: number; natsUs: number };

/** CPU time (user + system, µs) a process has used: this one, or another by pid (Linux /proc). */
const cpuMicros = (pid?: number): number => {
  if (pid === undefined) {
    const { user, system } = process.cpuUsage();
    return user + system;
  }
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
  return (ticks * 1e6) / 100; // USER_HZ is 100 on Linux
};

let natsPid: number | undefined;

const measure = async (label: string, call: () => Promise<unknown>): Promise<Result> => {
  for (let i = 0; i < 200; i++) await call(); // warm-up
  const node0 = cpuMicros();
  const nats0 = natsPid ? cpuMicros(natsPid) : 0;
  const latencies: number[] = [];
  const end = Date.now() + DURATION_S * 1000;
  const worker = async () => {
    while (Date.now() < end) {
      const start = process.hrtime.bigint();
      await call();
      latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const nodeUs = (cpuMicros() - node0) / latencies.length;
  const natsUs = natsPid ? (cpuMicros(natsPid) - nats0) / latencies.length : 0;
  latencies.sort((a, b) => a - b);
  return {
    label,
    rps: latencies.length / DURATION_S,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    nodeUs,
    natsUs,
  };
};

const main = async () => {
  Logger.overrideLogger(['error']);
  const nats = await startNats();
  natsPid = nats.pid;
  const tcpPort = await findFreePort();
  const app = await NestFactory.create(EchoModule, { logger: false });
  app.connectMicroservice({ transport: Transport.TCP, options: { host: '127.0.0.1', port: tcpPort } });
  app.connectMicroservice({ strategy: new RpcServer('bench', { url: nats.url }) });
  await app.startAllMicroservices();

  const tcp: ClientProxy = ClientProxyFactory.create({
    transport: Transport.TCP,
    options: { host: '127.0.0.1', port: tcpPort },
  });
  const natsProxy = createRpcProxy({ url: nats.url }, 'bench');
  const nc = await connect({ servers: nats.url });
  const codec = JSONCodec();
  const raw = nc.subscribe('bench.raw', {
    callback: (_error, msg) => msg.respond(codec.encode({ response: REPLY, isDisposed: true })),
  });
  const envelope = { correlationId: randomUUID(), data: {} };
  const natsPacket = () => codec.encode({ pattern: 'bench.page', data: envelope, id: randomUUID() });

  try {
    const results = [
      await measure('1. Nest TCP client → Nest TCP server', () =>
        firstValueFrom(tcp.send('bench.page', envelope)),
      ),
      await measure('2. Nest NATS client → RpcServer', () =>
        firstValueFrom(natsProxy.send('bench.page', envelope)),
      ),
      await measure('3. nats.js request → RpcServer', async () =>
        codec.decode((await nc.request('bench.page', natsPacket(), { timeout: 10_000 })).data),
      ),
      await measure('4. nats.js request → nats.js responder', async () =>
        codec.decode((await nc.request('bench.raw', natsPacket(), { timeout: 10_000 })).data),
      ),
    ];
    const reference = results[0];
    console.log(
      `\nOne handler answering ${JSON.stringify(REPLY).length} bytes, ${CONCURRENCY} in flight, ${DURATION_S} s each\n`,
    );
    console.log('| path | requests/s | p50 ms | p99 ms | vs TCP | CPU µs/request: Node | nats-server |');
    console.log('|---|---|---|---|---|---|---|');
    for (const r of results) {
      console.log(
        `| ${r.label} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${(r.rps / reference.rps).toFixed(2)}× | ${r.nodeUs.toFixed(0)} | ${r.natsUs.toFixed(0)} |`,
      );
    }
  } finally {
    raw.unsubscribe();
    await nc.close();
    await tcp.close();
    await natsProxy.close();
    await app.close();
    await nats.stop();
  }
};

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
