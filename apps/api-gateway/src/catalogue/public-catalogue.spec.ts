import type { Redis } from 'ioredis';
import { Classification, MovieRpc, ProfileKind } from '@app/contracts';
import type { RpcReply } from '@app/contracts';
import { JsonReply, MetricsService, RequestContext } from '@app/server-core';
import { PublicCatalogue } from './public-catalogue';

/** A list page as catalogue-service would answer it (only the title read here). */
const page = (title: string) =>
  JsonReply.of({ data: [{ title }], page: 1, pageSize: 24, total: 1 }) as unknown as JsonReply<
    RpcReply<typeof MovieRpc.list>
  >;

const asProfile = <T>(maturityCeiling: Classification | undefined, work: () => T): T =>
  RequestContext.run(
    maturityCeiling ? { profile: { id: 'p', kind: ProfileKind.Kids, maturityCeiling } } : {},
    work,
  );

describe('PublicCatalogue', () => {
  // No Redis is reached: the broadcast subscribes only in onModuleInit.
  const held = () => new PublicCatalogue({} as Redis, new MetricsService(), { CATALOGUE_HOLD_SECONDS: 60 });
  const query = { page: 1, pageSize: 24 };

  it('answers the same read from what it holds, one catalogue call for all', async () => {
    const visitors = held();
    const load = jest.fn(async () => page('Lagaan'));
    const answers = await Promise.all([1, 2, 3].map(() => visitors.read(MovieRpc.list, query, load)));
    await visitors.read(MovieRpc.list, { ...query }, load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(answers.map((answer) => answer.parse().data[0].title)).toEqual(['Lagaan', 'Lagaan', 'Lagaan']);
  });

  it('keeps reads apart by query, by call and by the profile’s ceiling', async () => {
    const visitors = held();
    const load = jest.fn(async () => page('x'));
    await visitors.read(MovieRpc.list, query, load);
    await visitors.read(MovieRpc.list, { ...query, page: 2 }, load);
    await visitors.read(MovieRpc.sections, {}, load as never);
    await asProfile(Classification.UA7, () => visitors.read(MovieRpc.list, query, load));
    await asProfile(Classification.UA7, () => visitors.read(MovieRpc.list, query, load));
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('drops everything when a catalogue write goes through, and never holds a failed call', async () => {
    const visitors = held();
    const load = jest.fn(async () => page('Old title'));
    await visitors.read(MovieRpc.list, query, load);
    visitors.changed();
    load.mockImplementationOnce(async () => {
      throw new Error('catalogue away');
    });
    await expect(visitors.read(MovieRpc.list, query, load)).rejects.toThrow('catalogue away');
    load.mockImplementation(async () => page('New title'));
    expect((await visitors.read(MovieRpc.list, query, load)).parse().data[0].title).toBe('New title');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('holds nothing with CATALOGUE_HOLD_SECONDS at 0', async () => {
    const visitors = new PublicCatalogue({} as Redis, new MetricsService(), { CATALOGUE_HOLD_SECONDS: 0 });
    const load = jest.fn(async () => page('Lagaan'));
    await visitors.read(MovieRpc.list, query, load);
    await visitors.read(MovieRpc.list, query, load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
