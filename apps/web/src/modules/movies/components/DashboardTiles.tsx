import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { cardClass } from '@web/shared/ui/Card';
import styles from './DashboardTiles.module.css';

const categoryTiles = [
  { to: Paths.categoryAction, name: 'action', tone: styles.action },
  { to: Paths.categoryComedy, name: 'comedy', tone: styles.comedy },
  { to: Paths.categoryDrama, name: 'drama', tone: styles.drama },
  { to: Paths.categorySciFi, name: 'scifi', tone: styles.scifi },
] as const;

/** Profile tabs are chosen by `?tab=` (DECISIONS 22: Downloads opens "My titles", Settings the Settings tab). */
const settingsTiles = [
  { to: Paths.myList, name: 'myList' },
  { to: `${Paths.userProfile}?tab=my-titles`, name: 'downloads' },
  { to: `${Paths.userProfile}?tab=settings`, name: 'settings' },
] as const;

export const CategoryTiles = () => {
  const { t } = useTranslation('browse');
  return (
    <section className={styles.section} aria-labelledby="categories-heading">
      <h2 id="categories-heading" className={styles.heading}>
        {t('sections.categories')}
      </h2>
      <ul className={styles.grid}>
        {categoryTiles.map((tile) => (
          <li key={tile.to}>
            <Link
              to={tile.to}
              className={cardClass({ padding: 'sm' }, `${styles.tile} ${styles.category} ${tile.tone}`)}
            >
              {t(`categories.${tile.name}`)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
};

export const SettingsTiles = () => {
  const { t } = useTranslation('browse');
  return (
    <section className={styles.section} aria-labelledby="profile-settings-heading">
      <h2 id="profile-settings-heading" className={styles.heading}>
        {t('sections.profileSettings')}
      </h2>
      <ul className={styles.grid}>
        {settingsTiles.map((tile) => (
          <li key={tile.name}>
            <Link to={tile.to} className={cardClass({ padding: 'sm' }, styles.tile)}>
              <span className={styles.tileLabel}>{t(`tiles.${tile.name}`)}</span>
              <span className={styles.tileHint}>{t(`tileHints.${tile.name}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
};
