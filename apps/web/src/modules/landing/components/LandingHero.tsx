import { landingStrings } from '../strings';
import { GetStartedForm } from './GetStartedForm';
import { HeroBackdrop } from './HeroBackdrop';
import styles from './LandingHero.module.css';

export const LandingHero = () => (
  <section className={styles.hero}>
    <HeroBackdrop />
    <div className={styles.content}>
      <h1 className={styles.tagline}>{landingStrings.tagline}</h1>
      <p className={styles.pricing}>{landingStrings.pricing}</p>
      <GetStartedForm />
    </div>
  </section>
);
