import type { AdminAction, User } from '@app/contracts';
import { Button } from '@web/shared/ui/Button';
import { Card } from '@web/shared/ui/Card';
import { adminUsersStrings as texts } from '../strings';
import styles from './ManageUsers.module.css';

type UserCardProps = {
  user: User;
  /** A change to this admin waiting for a second admin (DECISIONS 34). */
  pending?: AdminAction;
  busy: boolean;
  onEdit: () => void;
  onToggleRole: () => void;
  onRemove: () => void;
};

const joinedOn = (createdAt: string | undefined): string => {
  const date = createdAt ? new Date(createdAt) : null;
  if (!date || Number.isNaN(date.getTime())) return texts.unknownDate;
  return date.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
};

/** One account in the grid (SPEC 2): username, email, role, status and joined date, with the admin actions. */
export const UserCard = ({ user, pending, busy, onEdit, onToggleRole, onRemove }: UserCardProps) => {
  const status = user.status ? texts.statuses[user.status] : texts.statusFallback;
  return (
    <Card as="article" raised className={styles.card} aria-label={user.username}>
      <div className={styles.identity}>
        <span className={styles.avatar} aria-hidden="true">
          {user.username.slice(0, 1).toUpperCase()}
        </span>
        <div className={styles.names}>
          <h3 className={styles.username}>{user.username}</h3>
          <p className={styles.email}>{user.email}</p>
        </div>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>Role</dt>
          <dd>
            <span className={user.role === 'admin' ? styles.adminBadge : styles.badge}>
              {texts.roles[user.role]}
            </span>
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`${styles.status} ${styles[user.status ?? 'active']}`}>{status}</span>
          </dd>
        </div>
      </dl>
      <p className={styles.joined}>{texts.joined(joinedOn(user.createdAt))}</p>
      {pending && <p className={styles.pendingNote}>{texts.pendingOnCard(pending.kind)}</p>}
      <div className={styles.actions} role="group" aria-label={texts.actionsFor(user.username)}>
        <Button variant="ghost" size="sm" onClick={onEdit} disabled={busy}>
          {texts.editProfile}
        </Button>
        <Button variant="ghost" size="sm" onClick={onToggleRole} disabled={busy}>
          {user.role === 'admin' ? texts.demote : texts.promote}
        </Button>
        <Button variant="danger" size="sm" className={styles.danger} onClick={onRemove} disabled={busy}>
          {texts.remove}
        </Button>
      </div>
    </Card>
  );
};
