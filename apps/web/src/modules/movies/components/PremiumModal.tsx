import type { Movie } from '@app/contracts';
import { PremiumWaysIn } from '@web/modules/payments/components/PremiumWaysIn';
import { Button } from '@web/shared/ui/Button';
import { Modal } from '@web/shared/ui/Modal';
import { detailStrings } from '../browse-strings';
import styles from './MovieDetailModal.module.css';

type PremiumModalProps = { movie: Movie; onClose: () => void };

/** SPEC 2 "Premium content modal", with every way in (DECISIONS 8): the plans, Buy and Rent. */
export const PremiumModal = ({ movie, onClose }: PremiumModalProps) => (
  <Modal title={detailStrings.premiumTitle} onClose={onClose} closeLabel={detailStrings.close} size="sm">
    <div className={styles.body}>
      <p className={styles.plot}>{detailStrings.premiumText(movie.title)}</p>
      <PremiumWaysIn
        movie={movie}
        plansLabel={detailStrings.viewPlans}
        dismiss={
          <Button variant="ghost" onClick={onClose}>
            {detailStrings.maybeLater}
          </Button>
        }
      />
    </div>
  </Modal>
);
