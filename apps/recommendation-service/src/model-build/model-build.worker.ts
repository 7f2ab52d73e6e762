// Entry point of the model-build worker thread (its own bundle: dist/apps/recommendation-service/model-build.worker.js).
// It only computes: the service reads MongoDB and posts the rows here, so this file needs nothing but the model.
import { parentPort } from 'node:worker_threads';
import type { Interaction, ItemFeatures } from '../model';
import { buildModel, DEFAULT_MODEL_OPTIONS } from '../model';
import type { FromBuildWorker, ToBuildWorker } from './model-build.messages';

const port = parentPort;
if (!port) throw new Error('model-build.worker runs as a worker thread');

let items: ItemFeatures[] = [];
// Kept as the batches that arrived: no copy of a million rows into one array.
const batches: Interaction[][] = [];

function* rows(): Generator<Interaction> {
  for (const batch of batches) yield* batch;
}

const answer = (message: FromBuildWorker) => port.postMessage(message);

port.on('message', (message: ToBuildWorker) => {
  switch (message.kind) {
    case 'items':
      items = message.items;
      return;
    case 'interactions':
      batches.push(message.rows);
      return;
    case 'build':
      try {
        answer({ kind: 'built', snapshot: buildModel(items, rows(), DEFAULT_MODEL_OPTIONS, message.now) });
      } catch (error) {
        answer({
          kind: 'failed',
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        });
      }
      return;
  }
});
