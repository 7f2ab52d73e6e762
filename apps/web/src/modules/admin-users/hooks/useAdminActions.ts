import type { AuditAction } from '@app/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { adminUsersApi } from '../api/admin-users.api';

/** Entries per page of the audit log. */
export const AUDIT_PAGE_SIZE = 20;

export const adminActionKeys = {
  pending: ['admin', 'admin-actions'] as const,
  audit: ['admin', 'audit-log'] as const,
  auditPage: (page: number, filters: AuditFilters) => ['admin', 'audit-log', page, filters] as const,
};

/** What the audit log screen filters by (issue 22): the admin, the target (a name or id) and the kind. */
export type AuditFilters = { actor?: string; target?: string; action?: AuditAction };

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

/** One page of the audit log, newest first, filtered by the server. */
export const useAuditLog = (page: number, filters: AuditFilters = {}) => {
  const client = useApiClient();
  const { token, user } = useAuth();
  return useQuery({
    queryKey: adminActionKeys.auditPage(page, filters),
    queryFn: ({ signal }) =>
      adminUsersApi.auditLog(client, { page, pageSize: AUDIT_PAGE_SIZE, ...filters }, signal),
    enabled: Boolean(token && user),
    placeholderData: keepPreviousData,
    retry: false,
  });
};
