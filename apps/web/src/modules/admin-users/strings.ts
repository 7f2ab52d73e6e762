import type { Role, UserStatus } from '@app/contracts';

export type RoleFilter = 'all' | Role;

export const adminUsersStrings = {
  title: 'Manage Users',
  filterLabel: 'Filter by role',
  filters: { all: 'All Users', user: 'Regular Users', admin: 'Admins' } satisfies Record<RoleFilter, string>,
  roles: { user: 'User', admin: 'Admin' } satisfies Record<Role, string>,
  statuses: { active: 'Active', suspended: 'Suspended', banned: 'Banned' } satisfies Record<
    UserStatus,
    string
  >,
  /** SPEC 2: a user without a status shows as Active. */
  statusFallback: 'Active',
  joined: (date: string) => `Joined ${date}`,
  unknownDate: 'N/A',
  count: (shown: number) => (shown === 1 ? '1 user' : `${shown} users`),
  loading: 'Loading users...',
  empty: 'No users found',
  authRequired: 'Authentication required',
  httpError: (status: number) => `HTTP error! status: ${status}`,
  invalidResponse: 'Invalid response format from server',
  unreachable: 'Could not reach the server',
  tryAgain: 'Try Again',
  editProfile: 'Edit Profile',
  promote: 'Promote',
  demote: 'Demote',
  remove: 'Remove',
  roleFailed: 'Failed to update user role',
  removed: 'User removed successfully',
  removeFailed: 'Failed to remove user',
  updated: 'User updated successfully',
  updateFailed: (status: number | string) => `Failed to update user (${status})`,
  networkStatus: 'network error',
  editTitle: 'Edit User Profile',
  username: 'Username',
  email: 'Email',
  status: 'Status',
  save: 'Save Changes',
  saving: 'Saving...',
  cancel: 'Cancel',
  close: 'Close',
  confirmTitle: 'Remove user',
  confirmRemove: 'Are you sure you want to remove this user?',
  dismiss: 'Dismiss',
  actionsFor: (username: string) => `Actions for ${username}`,
} as const;
