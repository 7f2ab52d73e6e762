import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { adminUsersApi } from '../api/admin-users.api';
import type { AuditFilters } from '../audit-filters';
import { adminUsersKeys } from './admin-users-keys';

/** Entries per page of the audit log. */
export const AUDIT_PAGE_SIZE = 20;

/** After any admin action: the waiting requests and the audit log are refetched. */
export const useRefreshAdminRecords = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminUsersKeys.pending }),
      queryClient.invalidateQueries({ queryKey: adminUsersKeys.audit }),
    ]);
};

/** Changes to admins waiting for a second admin (DECISIONS 34). */
export const usePendingActions = () => {
  const client = useApiClient();
  const { token, user } = useAuth();
  return useQuery({
    queryKey: adminUsersKeys.pending,
    queryFn: ({ signal }) => adminUsersApi.pendingActions(client, signal),
    enabled: Boolean(token && user),
    retry: false,
  });
};

/** One page of the audit log, newest first, filtered by the server. */
export const useAuditLog = (page: number, filters: AuditFilters = {}) => {
  const client = useApiClient();
  const { token, user } = useAuth();
  return useQuery({
    queryKey: adminUsersKeys.auditPage(page, filters),
    queryFn: ({ signal }) =>
      adminUsersApi.auditLog(client, { page, pageSize: AUDIT_PAGE_SIZE, ...filters }, signal),
    enabled: Boolean(token && user),
    placeholderData: keepPreviousData,
    retry: false,
  });
};
