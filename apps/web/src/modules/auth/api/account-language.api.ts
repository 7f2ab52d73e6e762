import type { SetLanguageRequest } from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';

/** The signed-in account's language (issue 26): its mails are written in it. Answers the user. */
export const accountLanguageApi = {
  save: (client: ApiClient, body: SetLanguageRequest) => client.call('PUT /api/user/language', { body }),
} as const;
