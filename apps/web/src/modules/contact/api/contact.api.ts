import type { ContactRequest } from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';

export const contactApi = {
  send: (client: ApiClient, body: ContactRequest) => client.call('POST /api/contact', { body }),
} as const;
