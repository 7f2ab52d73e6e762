import type { Role, UpdateUserRequest, User } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { adminUsersApi } from '../api/admin-users.api';

export const adminUserKeys = { list: ['admin', 'users'] as const };

/** The users grid, fetched only with a signed-in admin (SPEC 8 'Authentication required' otherwise). */
export const useAdminUsers = () => {
  const client = useApiClient();
  const { token, user } = useAuth();
  const query = useQuery({
    queryKey: adminUserKeys.list,
    queryFn: ({ signal }) => adminUsersApi.list(client, signal),
    enabled: Boolean(token && user),
    retry: false,
  });
  return { ...query, signedIn: Boolean(token && user) };
};

/** Puts a changed user into the cached grid (the server answers with the user as it now is). */
const useReplaceUser = () => {
  const queryClient = useQueryClient();
  return (changed: User | undefined) => {
    if (changed) {
      queryClient.setQueryData<User[]>(adminUserKeys.list, (users) => users?.map((user) => (user.id === changed.id ? changed : user)));
    }
    return queryClient.invalidateQueries({ queryKey: adminUserKeys.list });
  };
};

export const useChangeRole = () => {
  const client = useApiClient();
  const replace = useReplaceUser();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) => adminUsersApi.changeRole(client, id, role),
    onSuccess: ({ data }) => replace(data),
  });
};

export const useUpdateUser = () => {
  const client = useApiClient();
  const replace = useReplaceUser();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateUserRequest }) => adminUsersApi.update(client, id, changes),
    onSuccess: ({ data }) => replace(data),
  });
};

export const useRemoveUser = () => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminUsersApi.remove(client, id),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<User[]>(adminUserKeys.list, (users) => users?.filter((user) => user.id !== id));
      return queryClient.invalidateQueries({ queryKey: adminUserKeys.list });
    },
  });
};
