import type { Redis } from 'ioredis';
import { AuditAction, AuditTargetType, MovieRpc, MovieStatus, SeriesRpc } from '@app/contracts';
import { REDIS_CLIENT, RequestContext } from '@app/server-core';
import type { ServiceUnderTest } from '@app/server-testing';
import { eventsOnStream, uniqueSuffix } from '@app/server-testing';
import { startCatalogue } from './catalogue-context';

const admin = { id: 'a'.repeat(24), username: 'Catalogue Admin' };
const movieForm = (title: string) => ({
  title,
  description: 'Audited.',
  genre: 'Drama' as const,
  rating: 8.1,
  posterUrl: 'https://images.example.in/audited.jpg',
  classification: 'UA13' as const,
  descriptors: [],
});

/**
 * Issue 22, finding 6: publishing and deleting movies and series, removing episodes (and their media) and changing
 * a movie's prices or access go to the audit log, with the acting admin and the request id.
 */
describe('catalogue-service: admin changes viewers can feel are audited', () => {
  let service: ServiceUnderTest;
  let redis: Redis;

  beforeAll(async () => {
    service = await startCatalogue('catalogue-admin-audit');
    redis = service.app.get<Redis>(REDIS_CLIENT);
  });

  afterAll(() => service?.close());

  /** As the gateway calls: the admin and the request id in the RPC envelope. */
  const asAdmin = <T>(correlationId: string, work: () => Promise<T>) =>
    RequestContext.run({ correlationId, actor: admin }, work);
  const audited = async (ids: string[]) =>
    (await eventsOnStream(redis, 'audit.recorded'))
      .filter((envelope) => ids.includes(envelope.payload.target.id))
      .map(({ correlationId, payload }) => ({ correlationId, ...payload }));

  it('a movie: publish, a price and access edit (an edit of its text is not audited), delete', async () => {
    const title = `Audited ${uniqueSuffix()}`;
    const draft = await asAdmin('corr-create', () => service.call(MovieRpc.create, movieForm(title)));
    await asAdmin('corr-publish', () => service.call(MovieRpc.publish, { id: draft.id }));
    await asAdmin('corr-text', () =>
      service.call(MovieRpc.update, { id: draft.id, changes: { description: 'Edited.' } }),
    );
    await asAdmin('corr-price', () =>
      service.call(MovieRpc.update, {
        id: draft.id,
        changes: { purchasePriceInr: 999, rentalPriceInr: 299, access: 'free' },
      }),
    );
    await asAdmin('corr-delete', () => service.call(MovieRpc.remove, { id: draft.id }));

    const target = { type: AuditTargetType.Title, id: draft.id, name: title };
    expect(await audited([draft.id])).toEqual([
      {
        correlationId: 'corr-publish',
        actor: admin,
        action: AuditAction.MoviePublish,
        target,
        detail: `published movie ${title}`,
        before: 'draft',
        after: 'published',
      },
      {
        correlationId: 'corr-price',
        actor: admin,
        action: AuditAction.MoviePriceChange,
        target,
        detail: `changed the price or access of ${title}`,
        before: 'premium, buy ₹1200, rent ₹500',
        after: 'free, buy ₹999, rent ₹299',
      },
      expect.objectContaining({
        correlationId: 'corr-delete',
        action: AuditAction.MovieDelete,
        target,
        before: 'in the catalogue',
        after: 'deleted',
      }),
    ]);
  });

  it('a movie created published is audited as published', async () => {
    const title = `Straight ${uniqueSuffix()}`;
    const movie = await asAdmin('corr-live', () =>
      service.call(MovieRpc.create, { ...movieForm(title), status: MovieStatus.Published }),
    );
    expect((await audited([movie.id])).map(({ action }) => action)).toEqual([AuditAction.MoviePublish]);
  });

  it('a series: publish, remove an episode, a season, then the series', async () => {
    const title = `Audited Series ${uniqueSuffix()}`;
    const series = await asAdmin('c1', () =>
      service.call(SeriesRpc.create, { ...movieForm(title), genre: 'Thriller' }),
    );
    await asAdmin('c2', () =>
      service.call(SeriesRpc.addSeason, { seriesId: series.id, season: { number: 1 } }),
    );
    await asAdmin('c3', () =>
      service.call(SeriesRpc.addSeason, { seriesId: series.id, season: { number: 2 } }),
    );
    const episode = (season: number, number: number) =>
      asAdmin('c4', () =>
        service.call(SeriesRpc.addEpisode, {
          seriesId: series.id,
          seasonNumber: season,
          episode: { number, title: `Episode ${season}.${number}` },
        }),
      );
    const [s1e1] = [await episode(1, 1), await episode(1, 2), await episode(2, 1)];
    await asAdmin('corr-publish', () => service.call(SeriesRpc.publish, { id: series.id }));
    await asAdmin('corr-episode', () => service.call(SeriesRpc.removeEpisode, { id: s1e1.id }));
    await asAdmin('corr-season', () =>
      service.call(SeriesRpc.removeSeason, { seriesId: series.id, seasonNumber: 2 }),
    );
    await asAdmin('corr-delete', () => service.call(SeriesRpc.remove, { id: series.id }));

    expect(
      (await audited([series.id, s1e1.id])).map(({ correlationId, action, target, detail }) => ({
        correlationId,
        action,
        target: target.name,
        detail,
      })),
    ).toEqual([
      {
        correlationId: 'corr-publish',
        action: AuditAction.SeriesPublish,
        target: title,
        detail: `published series ${title} with 3 episodes`,
      },
      {
        correlationId: 'corr-episode',
        action: AuditAction.EpisodeDelete,
        target: 'Episode 1.1',
        detail: 'deleted episode S1E1 Episode 1.1',
      },
      {
        correlationId: 'corr-season',
        action: AuditAction.EpisodeDelete,
        target: title,
        detail: `deleted season 2 of ${title} and its 1 episodes (their media too)`,
      },
      {
        correlationId: 'corr-delete',
        action: AuditAction.SeriesDelete,
        target: title,
        detail: `deleted series ${title} and its 1 episodes (their media too)`,
      },
    ]);
  });
});
