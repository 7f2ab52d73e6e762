import type { AuditFilters } from '../audit-filters';

/** TanStack Query keys of Manage Users: the grid's pages, the changes waiting for a second admin, the audit log. */
export const adminUsersKeys = {
  users: ['admin', 'users'] as const,
  usersPage: (page: number) => [...adminUsersKeys.users, page] as const,
  pending: ['admin', 'admin-actions'] as const,
  audit: ['admin', 'audit-log'] as const,
  auditPage: (page: number, filters: AuditFilters) => [...adminUsersKeys.audit, page, filters] as const,
};
