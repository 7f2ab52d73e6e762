import {
  type UserList,
  UserPageSchema,
  type UserPage,
  type UserRemoved,
  type UserUpdated,
  type UpdateUserRequest,
  type Role,
} from '@app/contracts';
import { z } from 'zod';
import type { ApiClient } from '@web/shared/api/api-client';
import { adminUsersStrings } from '../strings';

/** The list answer is checked: a body that is not `{ success: true, data: User[], page, pageSize, total }` is refused (SPEC 8 text). */
const UserListSchema = UserPageSchema.extend({ success: z.literal(true) });

export class InvalidResponseError extends Error {
  constructor() {
    super(adminUsersStrings.invalidResponse);
    this.name = 'InvalidResponseError';
  }
}

/** Admin user management (DECISIONS 16: every call carries the admin's token). */
export const adminUsersApi = {
  /** One page of users, newest first. */
  list: async (
    client: ApiClient,
    page: number,
    pageSize: number,
    signal?: AbortSignal,
  ): Promise<UserPage> => {
    const parsed = UserListSchema.safeParse(
      await client.get<UserList>('/api/users', { query: { page, pageSize }, signal }),
    );
    if (!parsed.success) throw new InvalidResponseError();
    const { data, total } = parsed.data;
    return { data, page: parsed.data.page, pageSize: parsed.data.pageSize, total };
  },
  update: (client: ApiClient, id: string, body: UpdateUserRequest) =>
    client.put<UserUpdated>(`/api/users/${encodeURIComponent(id)}`, { body }),
  changeRole: (client: ApiClient, id: string, role: Role) =>
    client.put<UserUpdated>(`/api/users/${encodeURIComponent(id)}/role`, { body: { role } }),
  remove: (client: ApiClient, id: string) =>
    client.delete<UserRemoved>(`/api/users/${encodeURIComponent(id)}`),
} as const;
