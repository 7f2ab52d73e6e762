import type { Movie } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { PremiumWaysIn } from '@web/modules/payments/components/PremiumWaysIn';
import { Button } from '@web/shared/ui/Button';
import { Modal } from '@web/shared/ui/Modal';
import styles from './MovieDetailModal.module.css';

type PremiumModalProps = { movie: Movie; onClose: () => void };

/** SPEC 2 "Premium content modal", with every way in (DECISIONS 8): the plans, Buy and Rent. */
export const PremiumModal = ({ movie, onClose }: PremiumModalProps) => {
  const { t } = useTranslation('detail');
  return (
    <Modal title={t('premiumTitle')} onClose={onClose} closeLabel={t('close')} size="sm">
      <div className={styles.body}>
        <p className={styles.plot}>{t('premiumText', { title: movie.title })}</p>
        <PremiumWaysIn
          movie={movie}
          plansLabel={t('viewPlans')}
          dismiss={
            <Button variant="ghost" onClick={onClose}>
              {t('maybeLater')}
            </Button>
          }
        />
      </div>
    </Modal>
  );
};
