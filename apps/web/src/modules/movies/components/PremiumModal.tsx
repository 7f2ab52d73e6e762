import type { Movie } from '@app/contracts';
import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { Button, buttonClass } from '@web/shared/ui/Button';
import { Modal } from '@web/shared/ui/Modal';
import { detailStrings } from '../browse-strings';
import styles from './MovieDetailModal.module.css';

type PremiumModalProps = { movie: Pick<Movie, 'title'>; onClose: () => void };

/** SPEC 2 "Premium content modal". */
export const PremiumModal = ({ movie, onClose }: PremiumModalProps) => (
  <Modal title={detailStrings.premiumTitle} onClose={onClose} closeLabel={detailStrings.close} size="sm">
    <p className={styles.plot}>{detailStrings.premiumText(movie.title)}</p>
    <div className={styles.actions}>
      <Link to={Paths.subscription} className={buttonClass()}>
        {detailStrings.viewPlans}
      </Link>
      <Button variant="ghost" onClick={onClose}>
        {detailStrings.maybeLater}
      </Button>
    </div>
  </Modal>
);
