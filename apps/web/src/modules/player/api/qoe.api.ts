import type { QoeBatchRequest } from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';

/** The player's QoE batches (issue 28), for its own stream; the session client adds the viewer's token. */
export const qoeApi = {
  report: (client: ApiClient, body: QoeBatchRequest) => client.call('POST /api/playback/qoe', { body }),
} as const;
