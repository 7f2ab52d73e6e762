import type { Env } from '../env';
import type { InteractionsRepository } from '../interactions/interactions.repository';
import type { ItemCatalogue } from '../items/item-catalogue';
import type { CatalogueItem } from '../items/item.mapper';
import { toItemFeatures } from '../items/item.mapper';
import type { ItemFeatures, ModelSnapshot } from '../model';
import { buildModel } from '../model';
import type { BuildInput, ModelBuilder } from './model-builder';
import { ModelStore } from './model-store';

const item = (movieId: string, overrides: Partial<CatalogueItem> = {}): CatalogueItem => ({
  kind: 'movie',
  movieId,
  title: movieId,
  genre: 'Drama',
  genreKey: 'drama',
  posterUrl: '',
  rating: 7,
  access: 'free',
  director: 'Mani Ratnam',
  cast: [],
  releaseYear: 2000,
  publishedAt: 0,
  recommendable: true,
  classification: 'U',
  ...overrides,
});

type Deferred = {
  input: BuildInput;
  resolve: (model: ModelSnapshot) => void;
  reject: (error: Error) => void;
};

const setup = () => {
  const items = new Map([item('a'), item('b')].map((each) => [each.movieId, each]));
  const listeners: Array<(changed: CatalogueItem) => void> = [];
  const catalogue = {
    reload: jest.fn(async () => undefined),
    features: (): ItemFeatures[] =>
      [...items.values()].filter((each) => each.recommendable).map(toItemFeatures),
    get: (movieId: string) => items.get(movieId),
    onChange: (listener: (changed: CatalogueItem) => void) => listeners.push(listener),
  };
  /** A title the catalogue refreshed (published, edited). */
  const publish = (added: CatalogueItem) => {
    items.set(added.movieId, added);
    for (const listener of listeners) listener(added);
  };
  const builds: Deferred[] = [];
  const builder = {
    build: jest.fn(
      (input: BuildInput) =>
        new Promise<ModelSnapshot>((resolve, reject) => builds.push({ input, resolve, reject })),
    ),
  };
  const interactions = { forModel: jest.fn(async function* () {}) };
  const store = new ModelStore(
    catalogue as unknown as ItemCatalogue,
    interactions as unknown as InteractionsRepository,
    builder as unknown as ModelBuilder,
    { RECO_REBUILD_MINUTES: 10 } as Env,
  );
  /** Lets the store reach the builder (it reloads the catalogue first). */
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  const finish = async (n: number) => {
    await settle();
    const { input, resolve } = builds[n];
    resolve(buildModel(input.items, [], {}, 1_000));
    await settle();
  };
  return { store, builder, builds, catalogue, publish, settle, finish };
};

describe('ModelStore', () => {
  it('reports no model before the first build, then what the build learnt', async () => {
    const { store, finish, catalogue } = setup();
    expect(store.status()).toEqual({
      builtAt: null,
      buildMillis: null,
      items: 0,
      users: 0,
      interactions: 0,
      building: false,
    });
    const rebuilt = store.rebuild();
    expect(store.status().building).toBe(true);
    await finish(0);
    await expect(rebuilt).resolves.toMatchObject({
      builtAt: new Date(1_000).toISOString(),
      items: 2,
      building: false,
    });
    expect(catalogue.reload).toHaveBeenCalled();
  });

  it('runs one build at a time; callers during a build share one more build after it', async () => {
    const { store, builder, finish } = setup();
    const first = store.rebuild();
    await Promise.resolve();
    const second = store.rebuild();
    const third = store.rebuild();
    await finish(0);
    await first;
    expect(builder.build).toHaveBeenCalledTimes(2);
    await finish(1);
    await Promise.all([second, third]);
    expect(builder.build).toHaveBeenCalledTimes(2);
  });

  it('patches a title published during a build into the model the build returns', async () => {
    const { store, finish, publish, settle } = setup();
    const rebuilt = store.rebuild();
    await settle();
    store.onApplicationBootstrap();
    publish(item('c'));
    await finish(0);
    await rebuilt;
    const similar = store.similar(item('a'), { limit: 5, isCandidate: () => true });
    expect(similar.map(({ movieId }) => movieId)).toContain('c');
    await store.beforeApplicationShutdown();
  });

  it('keeps the current model when a build fails', async () => {
    const { store, builds, finish, settle } = setup();
    await Promise.all([store.rebuild(), finish(0)]);
    const built = store.status().builtAt;
    const failing = store.rebuild();
    await settle();
    builds[1].reject(new Error('out of memory'));
    await expect(failing).rejects.toThrow('out of memory');
    expect(store.status()).toMatchObject({ builtAt: built, building: false });
  });

  it('answers "more like this" from content before any build', () => {
    const { store } = setup();
    expect(store.similar(item('a'), { limit: 5, isCandidate: () => true })).toEqual([
      { movieId: 'b', score: expect.any(Number), basedOn: 'a' },
    ]);
    expect(store.popular({ limit: 5, isCandidate: () => true })).toEqual([]);
    expect(
      store.forViewer([{ movieId: 'a', strength: 3, at: 0 }], {
        limit: 5,
        isCandidate: () => true,
        exclude: new Set(),
      }),
    ).toEqual([]);
  });
});
