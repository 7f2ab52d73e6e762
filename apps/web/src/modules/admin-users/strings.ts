import type { AdminActionKind, AuditAction, AuditOutcome, Role, UserStatus } from '@app/contracts';

export type RoleFilter = 'all' | Role;

const KIND_VERBS: Record<AdminActionKind, string> = {
  demote: 'Demoting',
  ban: 'Banning',
  remove: 'Removing',
};
const adminActionName = (kind: AdminActionKind, username: string) => `${KIND_VERBS[kind]} ${username}`;

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
  // DECISIONS 34: a change to another admin waits for a second admin; the audit log.
  kinds: { demote: 'Demote', ban: 'Ban', remove: 'Remove' } satisfies Record<AdminActionKind, string>,
  /** The toast of a 202: what waits, and why. */
  awaitingConfirmation: (kind: AdminActionKind, username: string) =>
    `${adminActionName(kind, username)} needs a second admin: another admin must confirm it within 24 hours before it takes effect.`,
  pendingTitle: 'Waiting for a second admin',
  pendingName: (kind: AdminActionKind, username: string) => adminActionName(kind, username),
  askedBy: (username: string, date: string) => `Asked by ${username} on ${date}`,
  expires: (date: string) => `Expires ${date}`,
  waitingForAnother: 'Waiting for another admin',
  confirmAction: 'Confirm',
  cancelAction: 'Cancel request',
  actionConfirmed: 'Confirmed: the change took effect.',
  actionCancelled: 'Request cancelled.',
  confirmFailed: 'Failed to confirm the request',
  cancelFailed: 'Failed to cancel the request',
  pendingOnCard: (kind: AdminActionKind) => `Awaiting a second admin: ${kind}`,
  pendingFailed: 'Could not load the requests waiting for a second admin',
  auditTitle: 'Audit log',
  auditLoading: 'Loading audit log...',
  auditEmpty: 'No admin actions yet',
  auditFailed: 'Could not load the audit log',
  auditCaption: 'Admin actions on users, newest first',
  auditColumns: {
    when: 'When',
    who: 'Admin',
    what: 'Action',
    target: 'User',
    detail: 'Detail',
    outcome: 'Outcome',
  },
  auditActions: {
    'role.change': 'Role change',
    'status.change': 'Status change',
    'profile.change': 'Profile edit',
    'user.remove': 'Removal',
    'action.confirm': 'Confirmation',
    'action.cancel': 'Cancellation',
  } satisfies Record<AuditAction, string>,
  auditOutcomes: { applied: 'Done', pending: 'Waiting', refused: 'Refused' } satisfies Record<
    AuditOutcome,
    string
  >,
} as const;
