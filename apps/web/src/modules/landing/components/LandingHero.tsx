import { useTranslation } from 'react-i18next';
import { formatInr } from '@web/shared/i18n/format';
import { GetStartedForm } from './GetStartedForm';
import { HeroBackdrop } from './HeroBackdrop';
import styles from './LandingHero.module.css';

/** SPEC 2's lowest plan price, the hero's "Starts at". */
const STARTING_PRICE_INR = 149;

export const LandingHero = () => {
  const { t } = useTranslation('landing');
  return (
    <section className={styles.hero}>
      <HeroBackdrop />
      <div className={styles.content}>
        <h1 className={styles.tagline}>{t('tagline')}</h1>
        <p className={styles.pricing}>{t('pricing', { price: formatInr(STARTING_PRICE_INR) })}</p>
        <GetStartedForm />
      </div>
    </section>
  );
};
