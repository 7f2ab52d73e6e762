import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { RedisBroadcast } from '../src';
import { requireEnv, waitUntil } from './int-helpers';

// What holders of in-memory answers rely on (payment-service's access records, the gateway's heartbeat answers):
// a change announced anywhere drops what every other instance holds; the announcer, which dropped its own before
// announcing, is not asked again by its own echo.
describe('RedisBroadcast against real Redis', () => {
  const connections: Redis[] = [];
  const broadcasts: RedisBroadcast[] = [];
  let channel: string;

  /** An instance (a replica) on the channel, counting its drops after it is subscribed. */
  const replica = async () => {
    const redis = new Redis(requireEnv('REDIS_URL'));
    connections.push(redis);
    const broadcast = new RedisBroadcast(redis, channel, 'redis-broadcast-test');
    broadcasts.push(broadcast);
    const state = { ready: false, drops: 0 };
    broadcast.dropOnEveryChange(() => (state.ready ? state.drops++ : (state.ready = true)), {
      warn: () => undefined,
    });
    await waitUntil('the replica to subscribe', () => state.ready);
    return { broadcast, state };
  };

  beforeEach(() => {
    channel = `test:broadcast:${randomUUID()}`;
  });

  afterEach(() => {
    for (const broadcast of broadcasts.splice(0)) broadcast.close();
    for (const redis of connections.splice(0)) redis.disconnect();
  });

  it("drops what every other instance holds on a change, and not the announcer's own again", async () => {
    const [announcer, other, third] = [await replica(), await replica(), await replica()];

    await announcer.broadcast.announceChange();
    await waitUntil('the others to drop', () => other.state.drops === 1 && third.state.drops === 1);
    // Its own echo has had time to arrive too (it went out first on the same server).
    await sleep(100);

    expect([announcer.state.drops, other.state.drops, third.state.drops]).toEqual([0, 1, 1]);
  });

  it('drops on any other message on the channel (another service announcing its own way)', async () => {
    const listener = await replica();
    await connections[0].publish(channel, '1');
    await waitUntil('the drop', () => listener.state.drops === 1);
  });
});
