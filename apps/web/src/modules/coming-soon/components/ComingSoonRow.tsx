import type { ComingSoonTitle } from '@app/contracts';
import { ClassificationLabel } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PosterImage } from '@web/modules/movies/components/PosterImage';
import { Row } from '@web/modules/movies/components/MovieRow';
import { formatIndianMoment } from '@web/shared/i18n/format';
import { Button } from '@web/shared/ui/Button';
import { useComingSoon, useGoLiveRefresh, useReminders, useToggleReminder } from '../hooks/useComingSoon';
import styles from './ComingSoonRow.module.css';

type ComingSoonCardProps = {
  title: ComingSoonTitle;
  /** Null for a visitor: no reminders without an account. */
  reminding: boolean | null;
  onRemind: (on: boolean) => void;
  busy: boolean;
};

const ComingSoonCard = ({ title, reminding, onRemind, busy }: ComingSoonCardProps) => {
  const { t } = useTranslation('comingSoon');
  return (
    <article className={styles.card} aria-label={title.title}>
      <div className={styles.posterFrame}>
        <PosterImage className={styles.poster} title={title.title} posterUrl={title.posterUrl} />
      </div>
      <div className={styles.body}>
        <h3 className={styles.title}>{title.title}</h3>
        <p className={styles.when}>{t('when', { date: formatIndianMoment(title.publishAt) })}</p>
        <p className={styles.meta}>
          {t(`kinds.${title.kind}`)} · {title.genre} · {ClassificationLabel[title.classification]}
        </p>
        {reminding !== null && (
          <Button
            className={styles.action}
            size="sm"
            variant={reminding ? 'primary' : 'ghost'}
            aria-pressed={reminding}
            aria-label={t('remindLabel', { title: title.title })}
            disabled={busy}
            onClick={() => onRemind(!reminding)}
          >
            {reminding ? t('reminding') : t('remindMe')}
          </Button>
        )}
      </div>
    </article>
  );
};

type ComingSoonRowProps = { signedIn: boolean };

/**
 * Issue 28: films and series scheduled to go live, soonest first, each with its date (IST) and, for a signed-in
 * profile, "Remind me". Hidden while nothing is scheduled. When the soonest is due the home's lists are fetched
 * again, so the title appears on them by itself.
 */
export const ComingSoonRow = ({ signedIn }: ComingSoonRowProps) => {
  const { t } = useTranslation('comingSoon');
  const [failed, setFailed] = useState(false);
  const titles = useComingSoon();
  const reminders = useReminders(signedIn);
  const toggle = useToggleReminder();
  const list = titles.data ?? [];
  useGoLiveRefresh(list.map(({ publishAt }) => publishAt));
  if (list.length === 0) return null;
  const reminding = new Set(reminders.data?.titleIds ?? []);
  return (
    <Row
      title={t('heading')}
      aside={
        failed ? (
          <p role="alert" className={styles.failed}>
            {t('remindFailed')}
          </p>
        ) : undefined
      }
      items={list}
      keyOf={(title) => title.id}
      renderItem={(title) => (
        <ComingSoonCard
          title={title}
          reminding={signedIn ? reminding.has(title.id) : null}
          busy={toggle.isPending && toggle.variables.titleId === title.id}
          onRemind={(on) => {
            setFailed(false);
            toggle.mutate({ titleId: title.id, on }, { onError: () => setFailed(true) });
          }}
        />
      )}
    />
  );
};
