import type { ContactReceipt, ContactRequest } from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';

export const contactApi = {
  send: (client: ApiClient, body: ContactRequest) => client.post<ContactReceipt>('/api/contact', { body }),
} as const;
