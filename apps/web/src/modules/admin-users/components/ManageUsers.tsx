import type { AdminActionPending, Role, User } from '@app/contracts';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import type { ApiRequestError } from '@web/shared/api/api-request-error';
import { errorText } from '@web/shared/api/error-text';
import { Button } from '@web/shared/ui/Button';
import { Pager, pageCount } from '@web/shared/ui/Pager';
import { ToastRegion } from '@web/shared/ui/toast/ToastRegion';
import { useToasts } from '@web/shared/ui/toast/useToasts';
import { InvalidResponseError, isPending } from '../api/admin-users.api';
import { usePendingActions } from '../hooks/useAdminActions';
import { useAdminUsers, useChangeRole, useRemoveUser, useUpdateUser } from '../hooks/useAdminUsers';
import { AuditLog } from './AuditLog';
import { ConfirmRemoveModal } from './ConfirmRemoveModal';
import { EditUserModal } from './EditUserModal';
import styles from './ManageUsers.module.css';
import { PendingActions } from './PendingActions';
import { UserCard } from './UserCard';

type RoleFilter = 'all' | Role;
const FILTERS: RoleFilter[] = ['all', 'user', 'admin'];

/** A failed load or edit says its status (SPEC 8's texts), not the server's words. */
const noServerText = () => false;

const listError = (t: TFunction<'adminUsers'>, error: unknown): string =>
  error instanceof InvalidResponseError
    ? t('invalidResponse')
    : errorText(error, {
        fallback: (status) => t('httpError', { status }),
        network: t('unreachable'),
        showServerText: noServerText,
      });

/** A rule's own reason (the last admin, a request already waiting). */
const isConflict = (error: ApiRequestError) => error.status === 409;

/**
 * SPEC 2 Manage Users: the grid (a page at a time) with its role filter, Edit Profile, Promote/Demote and Remove;
 * DECISIONS 34: the changes to admins waiting for a second admin, and the audit log.
 */
export const ManageUsers = () => {
  const { t } = useTranslation('adminUsers');
  const [page, setPage] = useState(1);
  const users = useAdminUsers(page);
  const pending = usePendingActions();
  const { user: me } = useAuth();
  const changeRole = useChangeRole();
  const updateUser = useUpdateUser();
  const removeUser = useRemoveUser();
  const { toasts, show, dismiss } = useToasts();
  const [filter, setFilter] = useState<RoleFilter>('all');
  const [editing, setEditing] = useState<User | null>(null);
  const [removing, setRemoving] = useState<User | null>(null);

  const shown = (users.data?.data ?? []).filter((user) => filter === 'all' || user.role === filter);
  const pages = users.data ? pageCount(users.data.total, users.data.pageSize) : 1;
  // A removal can empty the last page: show the one before it.
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);

  const pendingFor = new Map((pending.data ?? []).map((action) => [action.target.id, action]));
  /** A 202: the change waits for a second admin; the toast says so. */
  const explainWaiting = ({ action }: AdminActionPending) =>
    show(
      'info',
      t('awaitingConfirmation', {
        action: t(`pendingName.${action.kind}`, { username: action.target.username }),
      }),
    );

  const toggleRole = (user: User) =>
    changeRole.mutate(
      { id: user.id, role: user.role === 'admin' ? 'user' : 'admin' },
      {
        onSuccess: (answer) => isPending(answer) && explainWaiting(answer),
        // SPEC 2's text, or a rule's own reason (the last admin, a request already waiting).
        onError: (error) =>
          show('error', errorText(error, { fallback: t('roleFailed'), showServerText: isConflict })),
      },
    );

  const save = (user: User, changes: Parameters<typeof updateUser.mutate>[0]['changes']) =>
    updateUser.mutate(
      { id: user.id, changes },
      {
        onSuccess: (answer) => {
          setEditing(null);
          if (isPending(answer)) explainWaiting(answer);
          else show('success', answer.message || t('updated'));
        },
        onError: (error) =>
          show(
            'error',
            errorText(error, {
              fallback: (status) => t('updateFailed', { status }),
              network: t('updateFailed', { status: t('networkStatus') }),
              showServerText: noServerText,
            }),
          ),
      },
    );

  const remove = (user: User) =>
    removeUser.mutate(user.id, {
      onSuccess: (answer) =>
        isPending(answer) ? explainWaiting(answer) : show('success', answer.message || t('removed')),
      onError: (error) => show('error', errorText(error, { fallback: t('removeFailed') })),
      onSettled: () => setRemoving(null),
    });

  const busyId = changeRole.isPending ? changeRole.variables?.id : undefined;

  return (
    <section className={styles.section} aria-labelledby="manage-users-title">
      <header className={styles.sectionHeader}>
        <h2 id="manage-users-title" className={styles.sectionTitle}>
          {t('title')}
        </h2>
        <div className={styles.filters} role="group" aria-label={t('filterLabel')}>
          {FILTERS.map((value) => (
            <button
              key={value}
              type="button"
              className={value === filter ? styles.filterOn : styles.filter}
              aria-pressed={value === filter}
              onClick={() => setFilter(value)}
            >
              {t(`filters.${value}`)}
            </button>
          ))}
        </div>
      </header>

      {users.signedIn && <PendingActions actions={pending.data ?? []} currentUserId={me?.id} notify={show} />}

      {!users.signedIn ? (
        <p role="alert" className={styles.notice}>
          {t('authRequired')}
        </p>
      ) : users.isPending ? (
        <p className={styles.notice}>{t('loading')}</p>
      ) : users.isError ? (
        <div role="alert" className={styles.notice}>
          <p>{listError(t, users.error)}</p>
          <Button variant="ghost" size="sm" onClick={() => void users.refetch()}>
            {t('tryAgain')}
          </Button>
        </div>
      ) : shown.length === 0 ? (
        <p className={styles.notice}>{t('empty')}</p>
      ) : (
        <>
          <p className={styles.count}>{t('count', { count: shown.length })}</p>
          <div className={styles.grid}>
            {shown.map((user) => (
              <UserCard
                key={user.id}
                user={user}
                pending={pendingFor.get(user.id)}
                busy={busyId === user.id}
                onEdit={() => setEditing(user)}
                onToggleRole={() => toggleRole(user)}
                onRemove={() => setRemoving(user)}
              />
            ))}
          </div>
        </>
      )}

      {users.data && <Pager page={page} pages={pages} onPage={setPage} />}

      {users.signedIn && <AuditLog />}

      {editing && (
        <EditUserModal
          user={editing}
          saving={updateUser.isPending}
          onSave={(changes) => save(editing, changes)}
          onClose={() => setEditing(null)}
        />
      )}
      {removing && (
        <ConfirmRemoveModal
          username={removing.username}
          removing={removeUser.isPending}
          onConfirm={() => remove(removing)}
          onClose={() => setRemoving(null)}
        />
      )}
      <ToastRegion toasts={toasts} onDismiss={dismiss} dismissLabel={t('dismiss')} />
    </section>
  );
};
