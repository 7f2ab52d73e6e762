import type { RentalClock } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useNow } from '@web/modules/payments/hooks/useNow';
import { rentalTime } from '@web/modules/payments/rental-clock';
import styles from './Player.module.css';

type RentalCountdownProps = { rental: RentalClock };

const MINUTE = 60_000;

/** A rental's time left in the corner of the player (DECISIONS 7): "{N} h left", then minutes. */
export const RentalCountdown = ({ rental }: RentalCountdownProps) => {
  const { t } = useTranslation('player');
  const now = useNow(MINUTE);
  const time = rentalTime(rental, now);
  const text =
    time.kind === 'hours'
      ? t('hoursLeft', { hours: time.hours })
      : time.kind === 'minutes'
        ? t('minutesLeft', { minutes: time.minutes })
        : time.kind === 'ended'
          ? t('rentalEnded')
          : null;
  if (text === null) return null;
  return (
    <p slot="top-chrome" className={styles.rental} aria-label={t('rentalLabel', { left: text })}>
      {text}
    </p>
  );
};
