import type {
  AdminActionPending,
  Role,
  UpdateUserRequest,
  User,
  UserPage,
  UserUpdated,
} from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { adminUsersApi, isPending } from '../api/admin-users.api';
import { adminUsersKeys } from './admin-users-keys';
import { useRefreshAdminRecords } from './useAdminActions';

/** Users per page of the grid (the gateway allows up to 100). */
export const USERS_PAGE_SIZE = 24;

/** One page of the users grid, fetched only with a signed-in admin (SPEC 8 'Authentication required' otherwise). */
export const useAdminUsers = (page: number) => {
  const client = useApiClient();
  const { token, user } = useAuth();
  const query = useQuery({
    queryKey: adminUsersKeys.usersPage(page),
    queryFn: ({ signal }) => adminUsersApi.list(client, page, USERS_PAGE_SIZE, signal),
    enabled: Boolean(token && user),
    placeholderData: keepPreviousData,
    retry: false,
  });
  return { ...query, signedIn: Boolean(token && user) };
};

/** Applies `change` to every cached page of the grid, then refetches them. */
const useUpdateCachedPages = () => {
  const queryClient = useQueryClient();
  return (change: (users: User[]) => User[]) => {
    queryClient.setQueriesData<UserPage>(
      { queryKey: adminUsersKeys.users },
      (page) => page && { ...page, data: change(page.data) },
    );
    return queryClient.invalidateQueries({ queryKey: adminUsersKeys.users });
  };
};

/** Puts a changed user into the cached grid (the server answers with the user as it now is). */
const useReplaceUser = () => {
  const update = useUpdateCachedPages();
  return (changed: User | undefined) =>
    update((users) => (changed ? users.map((user) => (user.id === changed.id ? changed : user)) : users));
};

/**
 * What follows a change's answer: the user as they now are, or (DECISIONS 34, a change to another admin) nothing
 * yet but a new waiting request; the audit log has a new line either way.
 */
const useAfterChange = () => {
  const replace = useReplaceUser();
  const refresh = useRefreshAdminRecords();
  return (answer: UserUpdated | AdminActionPending) =>
    Promise.all([refresh(), isPending(answer) ? undefined : replace(answer.data)]);
};

export const useChangeRole = () => {
  const client = useApiClient();
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) => adminUsersApi.changeRole(client, id, role),
    onSuccess: afterChange,
  });
};

export const useUpdateUser = () => {
  const client = useApiClient();
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateUserRequest }) =>
      adminUsersApi.update(client, id, changes),
    onSuccess: afterChange,
  });
};

export const useRemoveUser = () => {
  const client = useApiClient();
  const update = useUpdateCachedPages();
  const refresh = useRefreshAdminRecords();
  return useMutation({
    mutationFn: (id: string) => adminUsersApi.remove(client, id),
    onSuccess: (answer, id) =>
      Promise.all([
        refresh(),
        isPending(answer) ? undefined : update((users) => users.filter((user) => user.id !== id)),
      ]),
  });
};

/** Confirms or cancels a waiting request (DECISIONS 34); the users, the requests and the log are refetched after either. */
export const useDecideAction = (decision: 'confirm' | 'cancel') => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const refresh = useRefreshAdminRecords();
  return useMutation({
    mutationFn: (id: string) =>
      decision === 'confirm'
        ? adminUsersApi.confirmAction(client, id)
        : adminUsersApi.cancelAction(client, id),
    onSettled: () =>
      Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: adminUsersKeys.users })]),
  });
};
