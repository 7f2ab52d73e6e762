import type { AdminAction } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { errorText } from '@web/shared/api/error-text';
import { Button } from '@web/shared/ui/Button';
import { Panel } from '@web/shared/ui/Panel';
import type { ToastTone } from '@web/shared/ui/toast/useToasts';
import { useDecideAction } from '../hooks/useAdminUsers';
import styles from './ManageUsers.module.css';
import { when } from './when';

type PendingActionsProps = {
  actions: AdminAction[];
  /** The signed-in admin: their own requests wait for someone else. */
  currentUserId: string | undefined;
  notify: (tone: ToastTone, message: string) => void;
};

/**
 * DECISIONS 34: changes to admins waiting for a second admin. Another admin may confirm or cancel; the admin who
 * asked sees that it waits for someone else, and may withdraw it.
 */
export const PendingActions = ({ actions, currentUserId, notify }: PendingActionsProps) => {
  const { t } = useTranslation('adminUsers');
  const confirm = useDecideAction('confirm');
  const cancel = useDecideAction('cancel');
  const busyId = confirm.isPending ? confirm.variables : cancel.isPending ? cancel.variables : undefined;

  const decide = (mutation: typeof confirm, id: string, done: string, failed: string) =>
    mutation.mutate(id, {
      onSuccess: ({ message }) => notify('success', message || done),
      onError: (error) => notify('error', errorText(error, { fallback: failed })),
    });

  if (actions.length === 0) return null;
  return (
    <Panel title={t('pendingTitle')} className={styles.pending}>
      <ul className={styles.pendingList}>
        {actions.map((action) => {
          const name = t(`pendingName.${action.kind}`, { username: action.target.username });
          const mine = action.requestedBy.id === currentUserId;
          return (
            <li key={action.id} className={styles.pendingItem} aria-label={name}>
              <div className={styles.pendingText}>
                <p className={styles.pendingName}>{name}</p>
                <p className={styles.pendingMeta}>
                  {t('askedBy', { username: action.requestedBy.username, date: when(action.requestedAt) })} ·{' '}
                  {t('expires', { date: when(action.expiresAt) })}
                </p>
              </div>
              <div className={styles.pendingButtons}>
                {mine ? (
                  <span className={styles.waiting}>{t('waitingForAnother')}</span>
                ) : (
                  <Button
                    size="sm"
                    disabled={busyId === action.id}
                    onClick={() => decide(confirm, action.id, t('actionConfirmed'), t('confirmFailed'))}
                  >
                    {t('confirmAction')}
                  </Button>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={busyId === action.id}
                  onClick={() => decide(cancel, action.id, t('actionCancelled'), t('cancelFailed'))}
                >
                  {t('cancelAction')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
};
