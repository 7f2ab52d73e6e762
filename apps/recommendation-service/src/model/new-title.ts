import { DAY_MS } from './model-options';
import type { ItemFeatures } from './model.types';

/** New: published within `newTitleDays` of `now`; without a publication date, watched by nobody yet. */
export const isNewTitle = (item: ItemFeatures, viewers: number, now: number, newTitleDays: number) =>
  item.publishedAt === undefined || item.publishedAt === null
    ? viewers === 0
    : item.publishedAt >= now - newTitleDays * DAY_MS;
