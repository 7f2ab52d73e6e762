import type { QoeBatchRequest } from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';

/**
 * The player's QoE batches (issue 28), for its own stream; the session client adds the viewer's token. A refusal
 * (the stream or the session ended meanwhile) never ends the session: the player says why it stopped, not QoE.
 */
export const qoeApi = {
  report: (client: ApiClient, body: QoeBatchRequest) =>
    client.call('POST /api/playback/qoe', { body }, { keepSession: true }),
} as const;
