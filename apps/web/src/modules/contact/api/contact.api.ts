import type { ContactMessage, ContactReceipt } from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';

export const contactApi = {
  send: (client: ApiClient, body: ContactMessage) => client.post<ContactReceipt>('/api/contact', { body }),
} as const;
