import type { Playable, SessionUser } from '@app/contracts';
import { RequestContext } from '@app/server-core';
import type { CatalogueClient } from '../catalogue/catalogue.client';
import type { PaymentClient } from './payment.client';
import { TitleAccessService } from './title-access.service';

const viewer = { id: 'u1', role: 'user' } as SessionUser;

describe('TitleAccessService: title facts for a screen of entitlements', () => {
  it('asks catalogue-service at most 16 look-ups at once, each in the context of the request that needed it', async () => {
    let running = 0;
    let most = 0;
    const seen: Array<[string, string | undefined]> = [];
    const catalogue = {
      playable: jest.fn(async (id: string) => {
        running++;
        most = Math.max(most, running);
        seen.push([id, RequestContext.correlationId()]);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        return { facts: { movieId: id, kind: 'movie' } } as unknown as Playable;
      }),
    } as unknown as CatalogueClient;
    const payments = {
      entitlements: jest.fn(async (_viewer: unknown, titles: unknown[]) => titles),
    } as unknown as PaymentClient;
    const service = new TitleAccessService(catalogue, payments);

    // Five rows of a home page at once, twenty titles each, from two requests.
    const rows = Array.from({ length: 5 }, (_, row) => Array.from({ length: 20 }, (_, n) => `${row}-${n}`));
    const answers = await Promise.all(
      rows.map((ids, row) =>
        RequestContext.run({ correlationId: `request-${row % 2}` }, () => service.entitlements(viewer, ids)),
      ),
    );

    expect(answers.map((titles) => titles.length)).toEqual([20, 20, 20, 20, 20]);
    expect(catalogue.playable).toHaveBeenCalledTimes(100);
    expect(most).toBe(16);
    // A look-up started when another request's finished still carries its own request's context.
    expect(
      seen.filter(([id, correlation]) => correlation !== `request-${Number(id.split('-')[0]) % 2}`),
    ).toEqual([]);
  });
});
