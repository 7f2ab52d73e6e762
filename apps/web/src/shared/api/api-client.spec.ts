import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { createApiClient } from './api-client';
import { ApiRequestError } from './api-request-error';

describe('api client', () => {
  let api: FakeApi;

  beforeEach(async () => {
    api = await startFakeApi(() => undefined);
  });

  afterEach(async () => {
    await api.close();
  });

  it('returns the JSON body of a 2xx answer and sends the query', async () => {
    api.respond((_request, url) => ({ status: 200, body: { echo: url.searchParams.get('page') } }));

    await expect(
      createApiClient(api.baseUrl).get('/api/things', { query: { page: 2, skip: undefined } }),
    ).resolves.toEqual({
      echo: '2',
    });
    expect(api.requests).toEqual(['/api/things?page=2']);
  });

  it('turns a non-2xx answer into an ApiRequestError carrying the ApiError body', async () => {
    const body = { code: 'SERVICE_UNAVAILABLE', message: 'Catalogue is down', correlationId: 'corr-9' };
    api.respond(() => ({ status: 503, body }));

    const error = await createApiClient(api.baseUrl)
      .get('/api/movies')
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 503, message: 'Catalogue is down', body });
  });

  it('codes an error answer without an ApiError body by its status', async () => {
    api.respond(() => ({ status: 502, body: '<html>Bad gateway</html>' }));

    const error = await createApiClient(api.baseUrl)
      .get('/api/movies')
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).body.code).toBe('SERVICE_UNAVAILABLE');
  });
});
