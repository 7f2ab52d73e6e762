import type { AdminAction, User } from '@app/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@web/shared/i18n/format';
import { Button } from '@web/shared/ui/Button';
import { Card } from '@web/shared/ui/Card';
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

const joinedOn = (t: TFunction<'adminUsers'>, createdAt: string | undefined): string => {
  const date = createdAt ? new Date(createdAt) : null;
  if (!date || Number.isNaN(date.getTime())) return t('unknownDate');
  return formatDate(date, { day: 'numeric', month: 'short', year: 'numeric' });
};

/** One account in the grid (SPEC 2): username, email, role, status and joined date, with the admin actions. */
export const UserCard = ({ user, pending, busy, onEdit, onToggleRole, onRemove }: UserCardProps) => {
  const { t } = useTranslation('adminUsers');
  const status = user.status ? t(`statuses.${user.status}`) : t('statusFallback');
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
          <dt>{t('role')}</dt>
          <dd>
            <span className={user.role === 'admin' ? styles.adminBadge : styles.badge}>
              {t(`roles.${user.role}`)}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('status')}</dt>
          <dd>
            <span className={`${styles.status} ${styles[user.status ?? 'active']}`}>{status}</span>
          </dd>
        </div>
      </dl>
      <p className={styles.joined}>{t('joined', { date: joinedOn(t, user.createdAt) })}</p>
      {pending && (
        <p className={styles.pendingNote}>{t('pendingOnCard', { kind: t(`kinds.${pending.kind}`) })}</p>
      )}
      <div className={styles.actions} role="group" aria-label={t('actionsFor', { username: user.username })}>
        <Button variant="ghost" size="sm" onClick={onEdit} disabled={busy}>
          {t('editProfile')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onToggleRole} disabled={busy}>
          {user.role === 'admin' ? t('demote') : t('promote')}
        </Button>
        <Button variant="danger" size="sm" className={styles.danger} onClick={onRemove} disabled={busy}>
          {t('remove')}
        </Button>
      </div>
    </Card>
  );
};
