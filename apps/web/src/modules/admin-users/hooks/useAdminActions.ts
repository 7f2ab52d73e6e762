import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { adminUsersApi } from '../api/admin-users.api';

/** Entries per page of the audit log. */
export const AUDIT_PAGE_SIZE = 20;

export const adminActionKeys = {
  pending: ['admin', 'admin-actions'] as const,
  audit: ['admin', 'audit-log'] as const,
  auditPage: (page: number) => ['admin', 'audit-log', page] as const,
};

/** After any admin action: the waiting requests and the audit log are refetched. */
export const useRefreshAdminRecords = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminActionKeys.pending }),
      queryClient.invalidateQueries({ queryKey: adminActionKeys.audit }),
    ]);
};

/** Changes to admins waiting for a second admin (DECISIONS 34). */
export const usePendingActions = () => {
  const client = useApiClient();
  const { token, user } = useAuth();
  return useQuery({
    queryKey: adminActionKeys.pending,
    queryFn: ({ signal }) => adminUsersApi.pendingActions(client, signal),
    enabled: Boolean(token && user),
    retry: false,
  });
};

/** One page of the audit log, newest first. */
export const useAuditLog = (page: number) => {
  const client = useApiClient();
  const { token, user } = useAuth();
  return useQuery({
    queryKey: adminActionKeys.auditPage(page),
    queryFn: ({ signal }) => adminUsersApi.auditLog(client, page, AUDIT_PAGE_SIZE, signal),
    enabled: Boolean(token && user),
    placeholderData: keepPreviousData,
    retry: false,
  });
};
