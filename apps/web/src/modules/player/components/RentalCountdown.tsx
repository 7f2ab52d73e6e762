import type { RentalClock } from '@app/contracts';
import { useNow } from '@web/modules/payments/hooks/useNow';
import { rentalTime } from '@web/modules/payments/rental-clock';
import { playerStrings as texts } from '../strings';
import styles from './Player.module.css';

type RentalCountdownProps = { rental: RentalClock };

const MINUTE = 60_000;

/** A rental's time left in the corner of the player (DECISIONS 7): "{N} h left", then minutes. */
export const RentalCountdown = ({ rental }: RentalCountdownProps) => {
  const now = useNow(MINUTE);
  const time = rentalTime(rental, now);
  const text =
    time.kind === 'hours'
      ? texts.hoursLeft(time.hours)
      : time.kind === 'minutes'
        ? texts.minutesLeft(time.minutes)
        : time.kind === 'ended'
          ? texts.rentalEnded
          : null;
  if (text === null) return null;
  return (
    <p slot="top-chrome" className={styles.rental} aria-label={`${texts.rentalLabel}: ${text}`}>
      {text}
    </p>
  );
};
