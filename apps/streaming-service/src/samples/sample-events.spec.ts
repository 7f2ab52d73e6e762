import type { EventPayload } from '@app/contracts';
import type { EventHandlerContext } from '@app/server-core';
import { buildEnvelope } from '@app/server-core';
import type { SampleAssignmentService } from './sample-assignment.service';
import { sampleEventHandlers } from './sample-events.consumer';

const EPISODE = '65f0000000000000000000ee';
const context: EventHandlerContext = { group: 'g', consumer: 'c', messageId: '1-0', deliveries: 1 };
const episode = (demo?: boolean): EventPayload<'episode.published'> => ({
  episodeId: EPISODE,
  seriesId: '65f0000000000000000000bb',
  seasonNumber: 1,
  episodeNumber: 2,
  title: 'The Second',
  runtimeMinutes: 42,
  ...(demo === undefined ? {} : { demo }),
});

describe('the samples group’s handlers', () => {
  it('gives a demo episode a sample by its own id', async () => {
    const samples = { assign: jest.fn().mockResolvedValue(true) };
    const handle = sampleEventHandlers(samples as unknown as SampleAssignmentService)['episode.published'];
    await handle?.(buildEnvelope('episode.published', episode(true)), context);
    expect(samples.assign).toHaveBeenCalledWith(EPISODE);
  });

  it.each([[undefined], [false]])('leaves a real episode (demo %s) to an upload', async (demo) => {
    const samples = { assign: jest.fn() };
    const handle = sampleEventHandlers(samples as unknown as SampleAssignmentService)['episode.published'];
    await handle?.(buildEnvelope('episode.published', episode(demo)), context);
    expect(samples.assign).not.toHaveBeenCalled();
  });
});
