import { Injectable } from '@nestjs/common';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Interaction, ItemFeatures, ModelSnapshot } from '../model';
import type { FromBuildWorker, ToBuildWorker } from './model-build.messages';

export type BuildInput = {
  items: ItemFeatures[];
  /** Read while the worker receives them, batch by batch. */
  interactions: AsyncIterable<Interaction[]>;
  now: number;
};

/**
 * The worker's code: beside the bundle in a build (the build emits it as its own entry point), the TypeScript source
 * when the service itself runs from source (jest), loaded through the same SWC register the tests use for child
 * processes.
 */
const workerEntry = (): { file: string; execArgv: string[] } =>
  __filename.endsWith('.ts')
    ? {
        file: join(__dirname, 'model-build.worker.ts'),
        execArgv: ['--require', require.resolve('@swc-node/register')],
      }
    : { file: join(__dirname, 'model-build.worker.js'), execArgv: [] };

/** Runs one model build in a worker thread, off the event loop that answers requests. */
@Injectable()
export class ModelBuilder {
  async build({ items, interactions, now }: BuildInput, signal: AbortSignal): Promise<ModelSnapshot> {
    signal.throwIfAborted();
    const { file, execArgv } = workerEntry();
    const worker = new Worker(file, { execArgv });
    const answered = new Promise<ModelSnapshot>((resolve, reject) => {
      worker.once('message', (message: FromBuildWorker) =>
        message.kind === 'built'
          ? resolve(message.snapshot)
          : reject(new Error(`model build failed: ${message.error}`)),
      );
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`model build worker exited (code ${code})`)));
    });
    // Awaited below; a worker failing while rows are still being posted must not count as unhandled meanwhile.
    answered.catch(() => undefined);
    const stop = () => void worker.terminate();
    signal.addEventListener('abort', stop);
    const post = (message: ToBuildWorker) => worker.postMessage(message);
    try {
      post({ kind: 'items', items });
      for await (const rows of interactions) {
        signal.throwIfAborted();
        post({ kind: 'interactions', rows });
      }
      post({ kind: 'build', now });
      return await answered;
    } finally {
      signal.removeEventListener('abort', stop);
      await worker.terminate();
    }
  }
}
