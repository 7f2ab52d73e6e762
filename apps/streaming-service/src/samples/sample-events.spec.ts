import type { EventPayload } from '@app/contracts';
import type { EventHandlerContext } from '@app/server-core';
import { buildEnvelope } from '@app/server-core';
import type { SampleAssignmentService } from './sample-assignment.service';
import { sampleEventHandlers } from './sample-events.consumer';

const EPISODE = '65f0000000000000000000ee';
const context: EventHandlerContext = { group: 'g', consumer: 'c', messageId: '1-0', deliveries: 1 };
const episode = (demo?: boolean, episodeId = EPISODE): EventPayload<'episode.published'> => ({
  episodeId,
  seriesId: '65f0000000000000000000bb',
  seasonNumber: 1,
  episodeNumber: 2,
  title: 'The Second',
  runtimeMinutes: 42,
  ...(demo === undefined ? {} : { demo }),
});
const batchOf = (...payloads: Array<EventPayload<'episode.published'>>) =>
  payloads.map((payload) => ({ event: buildEnvelope('episode.published', payload), context }));

describe('the samples group’s handlers', () => {
  it('gives a batch of demo episodes their samples by their own ids, in one call', async () => {
    const samples = { assignMany: jest.fn().mockResolvedValue(2) };
    const handle = sampleEventHandlers(samples as unknown as SampleAssignmentService)['episode.published'];
    const other = '65f0000000000000000000ef';
    await handle?.(batchOf(episode(true), episode(false, '65f0000000000000000000aa'), episode(true, other)));
    expect(samples.assignMany).toHaveBeenCalledTimes(1);
    expect(samples.assignMany).toHaveBeenCalledWith([EPISODE, other]);
  });

  it.each([[undefined], [false]])('leaves a real episode (demo %s) to an upload', async (demo) => {
    const samples = { assignMany: jest.fn().mockResolvedValue(0) };
    const handle = sampleEventHandlers(samples as unknown as SampleAssignmentService)['episode.published'];
    await handle?.(batchOf(episode(demo)));
    expect(samples.assignMany).not.toHaveBeenCalledWith([EPISODE]);
  });
});
