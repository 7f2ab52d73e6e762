import {
  type AdminAction,
  type AdminActionDecided,
  AdminActionListReplySchema,
  type AdminActionPending,
  AuditLogPageSchema,
  type AuditLogPage,
  type AuditLogQuery,
  UserListReply,
  type UserPage,
  type UserRemoved,
  type UserUpdated,
  type UpdateUserRequest,
  type Role,
} from '@app/contracts';
import type { z } from 'zod';
import type { ApiClient } from '@web/shared/api/api-client';

/** An answer that is not what the contract says; the screen shows `invalidResponse` in its language. */
export class InvalidResponseError extends Error {
  constructor() {
    super('Invalid response format from server');
    this.name = 'InvalidResponseError';
  }
}

const parsed = <T>(schema: z.ZodType<T>, body: unknown): T => {
  const result = schema.safeParse(body);
  if (!result.success) throw new InvalidResponseError();
  return result.data;
};

/** DECISIONS 34: a change to another admin answered 202 with the request that waits for a second admin. */
export const isPending = (answer: object): answer is AdminActionPending => 'action' in answer;

/** Admin user management (DECISIONS 16: every call carries the admin's token). */
export const adminUsersApi = {
  /**
   * One page of users, newest first. The answer is checked: a body that is not
   * `{ success: true, data: User[], page, pageSize, total }` is refused (SPEC 8 text).
   */
  list: async (
    client: ApiClient,
    page: number,
    pageSize: number,
    signal?: AbortSignal,
  ): Promise<UserPage> => {
    const { data, total, ...paging } = parsed(
      UserListReply,
      await client.call('GET /api/users', { query: { page, pageSize } }, { signal }),
    );
    return { data, page: paging.page, pageSize: paging.pageSize, total };
  },
  update: (
    client: ApiClient,
    id: string,
    body: UpdateUserRequest,
  ): Promise<UserUpdated | AdminActionPending> =>
    client.call('PUT /api/users/{id}', { params: { id }, body }),
  changeRole: (client: ApiClient, id: string, role: Role): Promise<UserUpdated | AdminActionPending> =>
    client.call('PUT /api/users/{id}/role', { params: { id }, body: { role } }),
  remove: (client: ApiClient, id: string): Promise<UserRemoved | AdminActionPending> =>
    client.call('DELETE /api/users/{id}', { params: { id } }),
  /** Changes to admins waiting for a second admin, newest first. */
  pendingActions: async (client: ApiClient, signal?: AbortSignal): Promise<AdminAction[]> =>
    parsed(AdminActionListReplySchema, await client.call('GET /api/admin/admin-actions', {}, { signal }))
      .data,
  confirmAction: (client: ApiClient, id: string): Promise<AdminActionDecided> =>
    client.call('POST /api/admin/admin-actions/{id}/confirm', { params: { id } }),
  cancelAction: (client: ApiClient, id: string): Promise<AdminActionDecided> =>
    client.call('POST /api/admin/admin-actions/{id}/cancel', { params: { id } }),
  /** One page of the audit log, newest first, filtered on the server (empty filters are left out). */
  auditLog: async (client: ApiClient, query: AuditLogQuery, signal?: AbortSignal): Promise<AuditLogPage> =>
    parsed(AuditLogPageSchema, await client.call('GET /api/admin/audit-log', { query }, { signal })),
} as const;
