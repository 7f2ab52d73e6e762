import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { RecommenderStatus } from '@app/contracts';
import { InjectEnv } from '@app/server-core';
import type { Env } from '../env';
import { InteractionsRepository } from '../interactions/interactions.repository';
import { ItemCatalogue } from '../items/item-catalogue';
import type { CatalogueItem } from '../items/item.mapper';
import { toItemFeatures } from '../items/item.mapper';
import type { ModelSnapshot, ProfileEntry, ScoredItem } from '../model';
import { contentNeighbours, popular, scoreUser, similarTo, withItem } from '../model';
import { ModelBuilder } from './model-builder';

/** Interactions per message to the build worker. */
const BUILD_BATCH = 5_000;

export type Candidates = { limit: number; isCandidate: (movieId: string) => boolean };

/**
 * The model the service answers from, in memory: built in a worker thread at start and every RECO_REBUILD_MINUTES
 * (one build at a time), swapped in whole when done, and patched between builds with each title published or
 * edited (`withItem`), so a new title is recommended without waiting for the next build.
 */
@Injectable()
export class ModelStore implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ModelStore.name);
  private model: ModelSnapshot | null = null;
  private builtFromItems = 0;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  /** Titles refreshed while a build runs: the build read the catalogue before them, so they are patched in after. */
  private readonly changedDuringBuild = new Set<string>();
  private readonly stopping = new AbortController();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly catalogue: ItemCatalogue,
    private readonly interactions: InteractionsRepository,
    private readonly builder: ModelBuilder,
    @InjectEnv() private readonly env: Env,
  ) {}

  /** After every module's init, so the catalogue is loaded; the first build runs in the background. */
  onApplicationBootstrap() {
    this.catalogue.onChange((item) => this.applyItem(item));
    this.timer = setInterval(() => this.buildInBackground(), this.env.RECO_REBUILD_MINUTES * 60_000);
    this.timer.unref();
    this.buildInBackground();
  }

  async beforeApplicationShutdown() {
    clearInterval(this.timer);
    this.stopping.abort();
    await Promise.allSettled([this.running, this.queued]);
  }

  status(): RecommenderStatus {
    const model = this.model;
    return {
      builtAt: model ? new Date(model.builtAt).toISOString() : null,
      buildMillis: model ? model.buildMillis : null,
      items: model ? this.builtFromItems : 0,
      users: model ? model.users : 0,
      interactions: model ? model.interactions : 0,
      building: this.running !== null,
    };
  }

  /**
   * Builds now and answers when done. A build already running may have read before the caller's latest events, so
   * the caller waits for it and then for one more (shared by every caller that asked meanwhile).
   */
  async rebuild(): Promise<RecommenderStatus> {
    if (!this.running) await this.start();
    else {
      this.queued ??= this.running
        .catch(() => undefined)
        .then(() => {
          this.queued = null;
          return this.start();
        });
      await this.queued;
    }
    return this.status();
  }

  /** Titles for a viewer's profile, best first; empty before the first build. */
  forViewer(profile: ProfileEntry[], options: Candidates & { exclude: ReadonlySet<string> }): ScoredItem[] {
    return this.model ? scoreUser(this.model, profile, options) : [];
  }

  /**
   * Titles like `item`: its neighbours in the model, else (no model yet, or a title the model has no list for) the
   * titles closest in content, computed now.
   */
  similar(item: CatalogueItem, { limit, isCandidate }: Candidates): ScoredItem[] {
    const fromModel = this.model ? similarTo(this.model, item.movieId, { limit, isCandidate }) : [];
    if (fromModel.length > 0) return fromModel;
    const items = this.catalogue.features();
    const scored: ScoredItem[] = [];
    for (const [movieId, score] of contentNeighbours(toItemFeatures(item), items, items.length)) {
      if (scored.length >= limit) break;
      if (movieId !== item.movieId && isCandidate(movieId))
        scored.push({ movieId, score, basedOn: item.movieId });
    }
    return scored;
  }

  /** The model's most popular titles; empty before the first build. */
  popular(options: Candidates): ScoredItem[] {
    return this.model ? popular(this.model, options) : [];
  }

  private applyItem(item: CatalogueItem) {
    if (this.running) this.changedDuringBuild.add(item.movieId);
    if (this.model && item.recommendable) {
      this.model = withItem(this.model, toItemFeatures(item), this.catalogue.features());
    }
  }

  /** The scheduled build: skipped while one runs; a failure is logged and the current model kept. */
  private buildInBackground() {
    if (this.running || this.stopping.signal.aborted) return;
    this.start().catch(() => undefined);
  }

  private start(): Promise<void> {
    this.running ??= this.build().finally(() => (this.running = null));
    return this.running;
  }

  private async build(): Promise<void> {
    this.changedDuringBuild.clear();
    try {
      // The catalogue again, whole: repairs a replica that missed a change announcement.
      await this.catalogue.reload();
      const items = this.catalogue.features();
      let model = await this.builder.build(
        { items, interactions: this.interactions.forModel(BUILD_BATCH), now: Date.now() },
        this.stopping.signal,
      );
      for (const movieId of this.changedDuringBuild) {
        const item = this.catalogue.get(movieId);
        if (item?.recommendable) model = withItem(model, toItemFeatures(item), this.catalogue.features());
      }
      this.model = model;
      this.builtFromItems = items.length;
      this.logger.log({
        msg: 'recommendation model built',
        items: items.length,
        users: model.users,
        interactions: model.interactions,
        buildMillis: model.buildMillis,
      });
    } catch (error) {
      if (!this.stopping.signal.aborted) {
        this.logger.error({ msg: 'recommendation model build failed', error: String(error) });
      }
      throw error;
    }
  }
}
