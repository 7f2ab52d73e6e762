import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { browseStrings } from '@web/modules/movies/browse-strings';
import { cardClass } from '@web/shared/ui/Card';
import styles from './DashboardTiles.module.css';

const { categories, tiles, tileHints, sections } = browseStrings;

const categoryTiles = [
  { to: Paths.categoryAction, label: categories.action, tone: styles.action },
  { to: Paths.categoryComedy, label: categories.comedy, tone: styles.comedy },
  { to: Paths.categoryDrama, label: categories.drama, tone: styles.drama },
  { to: Paths.categorySciFi, label: categories.scifi, tone: styles.scifi },
];

/** Profile tabs are chosen by `?tab=` (DECISIONS 22: Downloads opens "My titles", Settings the Settings tab). */
const settingsTiles = [
  { to: Paths.myList, label: tiles.myList, hint: tileHints.myList },
  { to: `${Paths.userProfile}?tab=my-titles`, label: tiles.downloads, hint: tileHints.downloads },
  { to: `${Paths.userProfile}?tab=settings`, label: tiles.settings, hint: tileHints.settings },
];

export const CategoryTiles = () => (
  <section className={styles.section} aria-labelledby="categories-heading">
    <h2 id="categories-heading" className={styles.heading}>
      {sections.categories}
    </h2>
    <ul className={styles.grid}>
      {categoryTiles.map((tile) => (
        <li key={tile.to}>
          <Link
            to={tile.to}
            className={cardClass({ padding: 'sm' }, `${styles.tile} ${styles.category} ${tile.tone}`)}
          >
            {tile.label}
          </Link>
        </li>
      ))}
    </ul>
  </section>
);

export const SettingsTiles = () => (
  <section className={styles.section} aria-labelledby="profile-settings-heading">
    <h2 id="profile-settings-heading" className={styles.heading}>
      {sections.profileSettings}
    </h2>
    <ul className={styles.grid}>
      {settingsTiles.map((tile) => (
        <li key={tile.label}>
          <Link to={tile.to} className={cardClass({ padding: 'sm' }, styles.tile)}>
            <span className={styles.tileLabel}>{tile.label}</span>
            <span className={styles.tileHint}>{tile.hint}</span>
          </Link>
        </li>
      ))}
    </ul>
  </section>
);
