import { ErrorCode, InsightsRpc, QoeRpc } from '@app/contracts';
import type { QoeSample, RevenueReport } from '@app/contracts';
import { ashaId, fakeTokens } from './fakes';
import { FakeSessionsModule, type RpcCall, standIn, useGatewayWithFakes } from './gateway-harness';

// Issue 28 at the gateway: the Insights reads are the admin's alone, and the player's QoE batches reach
// streaming-service with the session's account (never a body field), or are refused whole with a clear 400.

const calls: RpcCall[] = [];
const callsTo = (pattern: string) =>
  calls.filter((call) => call.pattern === pattern).map((call) => call.data);

const empty: RevenueReport = {
  days: 30,
  from: '2026-02-01',
  to: '2026-03-02',
  totals: {
    grossPaise: 0,
    gstPaise: 0,
    subscriptionPaise: 0,
    purchasePaise: 0,
    rentalPaise: 0,
    refundPaise: 0,
    newSubscriptions: 0,
    renewals: 0,
    churned: 0,
    trialsStarted: 0,
    trialConversions: 0,
    netOfGstPaise: 0,
    activeSubscriptions: 0,
    mrrPaise: 0,
  },
  daily: [],
  plans: [],
};
const FakeServicesModule = standIn(
  {
    [InsightsRpc.revenue.pattern]: () => empty,
    [QoeRpc.report.pattern]: ({ samples }: { samples: unknown[] }) => ({ accepted: samples.length }),
  },
  calls,
);

const sample: QoeSample = {
  timeToFirstFrameMs: 900,
  rebufferCount: 1,
  rebufferMs: 1500,
  playedMs: 30_000,
  bitrateSwitches: 0,
  fatalErrors: 0,
  rendition: '720p',
};
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';
const LEASE = 'lease_0000000001';

describe('insights at the gateway (issue 28)', () => {
  const gateway = useGatewayWithFakes([FakeSessionsModule, FakeServicesModule]);
  beforeEach(() => {
    calls.length = 0;
  });

  it('serves an admin the reads and refuses a viewer (403) and a visitor (401), asking no service', async () => {
    const admin = await gateway.call('GET', '/api/admin/insights/revenue?days=30', {
      token: fakeTokens.admin,
    });
    expect(admin.status).toBe(200);
    expect(callsTo(InsightsRpc.revenue.pattern)).toEqual([{ days: 30 }]);
    calls.length = 0;
    expect(
      (await gateway.call('GET', '/api/admin/insights/revenue?days=30', { token: fakeTokens.asha })).status,
    ).toBe(403);
    expect((await gateway.call('GET', '/api/admin/insights/revenue?days=30', { token: null })).status).toBe(
      401,
    );
    const odd = await gateway.call('GET', '/api/admin/insights/revenue?days=14', { token: fakeTokens.admin });
    expect(odd.status).toBe(400);
    expect(await odd.json()).toMatchObject({ message: expect.stringContaining('days must be 7, 30 or 90') });
    expect(calls).toEqual([]);
  });

  it('forwards a QoE batch with the session’s account and the request’s User-Agent, whatever the body says', async () => {
    const response = await gateway.call('POST', '/api/playback/qoe', {
      token: fakeTokens.asha,
      body: { leaseId: LEASE, samples: [sample] },
      headers: { 'user-agent': FIREFOX },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ accepted: 1 });
    expect(callsTo(QoeRpc.report.pattern)).toEqual([
      { userId: ashaId, leaseId: LEASE, samples: [sample], userAgent: FIREFOX },
    ]);
    const forged = await gateway.call('POST', '/api/playback/qoe', {
      token: fakeTokens.asha,
      body: { leaseId: LEASE, samples: [sample], userId: 'f'.repeat(24) },
    });
    expect(forged.status).toBe(400);
  });

  it.each([
    [{ ...sample, rebufferMs: 3_600_001 }, 'rebufferMs must be at most 3600000'],
    [{ ...sample, timeToFirstFrameMs: -5 }, 'timeToFirstFrameMs must be 0 or more'],
    [{ ...sample, bitrateSwitches: 2.5 }, 'bitrateSwitches must be a whole number'],
    [{ ...sample, fatalErrors: '1' }, 'fatalErrors must be a number'],
    [{ ...sample, rendition: '360p' }, 'rendition must be one of 1080p, 720p, 480p'],
    [{ ...sample, rendition: 'auto' }, 'rendition must be one of 1080p, 720p, 480p'],
    // The browser is read from the User-Agent by the server: a player cannot name its own.
    [{ ...sample, browser: 'Chrome' }, ''],
    [{ ...sample, extra: 1 }, ''],
  ] as Array<[object, string]>)('%j is 400 (%s) and reaches no service', async (bad, message) => {
    const response = await gateway.call('POST', '/api/playback/qoe', {
      token: fakeTokens.asha,
      body: { leaseId: LEASE, samples: [sample, bad] },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe(ErrorCode.ValidationFailed);
    expect(body.message).toContain(message);
    expect(calls).toEqual([]);
  });

  it('refuses an empty batch, a batch of more than 20, and a visitor', async () => {
    for (const samples of [[], Array.from({ length: 21 }, () => sample)]) {
      const response = await gateway.call('POST', '/api/playback/qoe', {
        token: fakeTokens.asha,
        body: { leaseId: LEASE, samples },
      });
      expect(response.status).toBe(400);
    }
    expect(
      (
        await gateway.call('POST', '/api/playback/qoe', {
          token: null,
          body: { leaseId: LEASE, samples: [sample] },
        })
      ).status,
    ).toBe(401);
    expect(calls).toEqual([]);
  });
});
