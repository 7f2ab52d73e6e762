import type { DeclareAgeRequest, UpdateParentalRequest } from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';

/** The account's parental controls (issue 25), one function per call. The session client adds the token. */
export const parentalApi = {
  settings: (client: ApiClient, signal?: AbortSignal) => client.call('GET /api/parental', {}, { signal }),
  update: (client: ApiClient, body: UpdateParentalRequest) => client.call('PUT /api/parental', { body }),
  declareAge: (client: ApiClient, body: DeclareAgeRequest) => client.call('POST /api/parental/age', { body }),
  /** The password reset's emailed code, which also proves the account to reset a forgotten PIN. */
  mailCode: (client: ApiClient, email: string) =>
    client.call('POST /api/auth/forgot-password', { body: { email } }),
} as const;
