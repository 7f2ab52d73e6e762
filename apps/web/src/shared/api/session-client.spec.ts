import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { createApiClient } from './api-client';
import { withSession } from './session-client';

describe('session client', () => {
  let api: FakeApi;
  const authorizations: (string | undefined)[] = [];

  beforeEach(async () => {
    authorizations.length = 0;
    api = await startFakeApi((request) => {
      authorizations.push(request.headers.authorization);
      return { status: 401, body: { code: 'UNAUTHORIZED', message: 'Session expired', correlationId: 'c1' } };
    });
  });

  afterEach(async () => {
    await api.close();
  });

  it("sends the session's token and ends the session on a 401 to a call that carried it", async () => {
    const onUnauthorized = jest.fn();
    const client = withSession(createApiClient(api.baseUrl), { getToken: () => 'tok', onUnauthorized });

    await expect(client.call('GET /api/movies/genres')).rejects.toMatchObject({ status: 401 });

    expect(authorizations).toEqual(['Bearer tok']);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('sends no token when the call asks for none, and a 401 then leaves the session alone', async () => {
    const onUnauthorized = jest.fn();
    const client = withSession(createApiClient(api.baseUrl), { getToken: () => 'tok', onUnauthorized });

    await expect(client.call('GET /api/movies/genres', {}, { token: null })).rejects.toMatchObject({
      status: 401,
    });

    expect(authorizations).toEqual([undefined]);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends the token but keeps the session on a 401 to a best-effort call (keepSession: the player’s QoE)', async () => {
    const onUnauthorized = jest.fn();
    const client = withSession(createApiClient(api.baseUrl), { getToken: () => 'tok', onUnauthorized });

    await expect(
      client.call(
        'POST /api/playback/qoe',
        {
          body: {
            leaseId: 'lease_0000000001',
            samples: [
              {
                timeToFirstFrameMs: null,
                rebufferCount: 0,
                rebufferMs: 0,
                playedMs: 1000,
                bitrateSwitches: 0,
                fatalErrors: 0,
                rendition: '720p',
              },
            ],
          },
        },
        { keepSession: true },
      ),
    ).rejects.toMatchObject({ status: 401 });

    expect(authorizations).toEqual(['Bearer tok']);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
