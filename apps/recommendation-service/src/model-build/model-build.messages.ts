import type { Interaction, ItemFeatures, ModelSnapshot } from '../model';

/** What the service posts to a build worker: the titles, the interactions in batches, then the order to build. */
export type ToBuildWorker =
  | { kind: 'items'; items: ItemFeatures[] }
  | { kind: 'interactions'; rows: Interaction[] }
  | { kind: 'build'; now: number };

/** The worker's one answer. */
export type FromBuildWorker = { kind: 'built'; snapshot: ModelSnapshot } | { kind: 'failed'; error: string };
