import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { ItemFeatures } from '../model';
import type { CatalogueItem } from './item.mapper';
import { toCatalogueItem, toItemFeatures } from './item.mapper';
import { ItemChangesChannel } from './item-changes.channel';
import { ItemsRepository } from './items.repository';

type Derived = { features: ItemFeatures[]; recent: CatalogueItem[] };

/**
 * Every title this service knows, in memory (a catalogue is thousands of titles, not millions): requests filter
 * and fill cards from it without a database call. Loaded at start, reloaded before each model build, and kept
 * current between builds by the item-changes channel.
 */
@Injectable()
export class ItemCatalogue implements OnModuleInit {
  private readonly logger = new Logger(ItemCatalogue.name);
  private items = new Map<string, CatalogueItem>();
  private derived: Derived | null = null;
  /** Titles refreshed while a reload is reading: newer than what the reload may return for them. */
  private refreshedDuringReload: Map<string, CatalogueItem> | null = null;
  private readonly listeners: Array<(item: CatalogueItem) => void> = [];

  constructor(
    private readonly repository: ItemsRepository,
    private readonly changes: ItemChangesChannel,
  ) {}

  async onModuleInit() {
    await this.reload();
    await this.changes.subscribe((movieId) => {
      this.refresh(movieId).catch((error: unknown) =>
        this.logger.error({ msg: 'title refresh failed', movieId, error: String(error) }),
      );
    });
  }

  /** Reads every record again. */
  async reload(): Promise<void> {
    const refreshed = new Map<string, CatalogueItem>();
    this.refreshedDuringReload = refreshed;
    try {
      const records = await this.repository.findAll();
      const items = new Map(records.map((record) => [record._id, toCatalogueItem(record)]));
      for (const [movieId, item] of refreshed) items.set(movieId, item);
      this.items = items;
      this.derived = null;
    } finally {
      this.refreshedDuringReload = null;
    }
  }

  /** Reads one record again (it changed) and tells the listeners. */
  async refresh(movieId: string): Promise<void> {
    const record = await this.repository.findOne(movieId);
    if (!record) return;
    const item = toCatalogueItem(record);
    this.items.set(movieId, item);
    this.refreshedDuringReload?.set(movieId, item);
    this.derived = null;
    for (const listener of this.listeners) listener(item);
  }

  /** `listener` hears of each title refreshed from now on. */
  onChange(listener: (item: CatalogueItem) => void): void {
    this.listeners.push(listener);
  }

  get(movieId: string): CatalogueItem | undefined {
    return this.items.get(movieId);
  }

  isRecommendable(movieId: string): boolean {
    return this.items.get(movieId)?.recommendable === true;
  }

  /** What the model compares, of every recommendable title. */
  features(): ItemFeatures[] {
    return this.derive().features;
  }

  /**
   * Recommendable titles, the most recently published first and, among titles published together (a seed, an
   * import), the best rated first: the last fallback of the popular row before anyone has watched anything.
   */
  recent(): CatalogueItem[] {
    return this.derive().recent;
  }

  private derive(): Derived {
    if (this.derived) return this.derived;
    const recommendable = [...this.items.values()].filter((item) => item.recommendable);
    const recent = [...recommendable].sort(
      (a, b) =>
        (b.publishedAt ?? 0) - (a.publishedAt ?? 0) ||
        (b.rating ?? -1) - (a.rating ?? -1) ||
        (a.movieId < b.movieId ? -1 : a.movieId > b.movieId ? 1 : 0),
    );
    this.derived = { features: recommendable.map(toItemFeatures), recent };
    return this.derived;
  }
}
