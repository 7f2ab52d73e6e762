import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import styles from './SiteFooter.module.css';

type LinkName =
  | 'aboutUs'
  | 'careers'
  | 'press'
  | 'corporateInformation'
  | 'helpCenter'
  | 'contactUs'
  | 'privacyPolicy'
  | 'termsOfUse'
  | 'cookiePreferences';

/** A group's and its links' names are keys of the layout catalogue (`groups.*`, `links.*`). */
type FooterGroup = { title: 'company' | 'support' | 'legal'; links: { label: LinkName; to: string }[] };

/** The link groups of SPEC 2: Company, Support, Legal. */
const footerGroups: FooterGroup[] = [
  {
    title: 'company',
    links: [
      { label: 'aboutUs', to: Paths.aboutUs },
      { label: 'careers', to: Paths.careers },
      { label: 'press', to: Paths.press },
      { label: 'corporateInformation', to: Paths.corporateInformation },
    ],
  },
  {
    title: 'support',
    links: [
      { label: 'helpCenter', to: Paths.helpCenter },
      { label: 'contactUs', to: Paths.contactUs },
    ],
  },
  {
    title: 'legal',
    links: [
      { label: 'privacyPolicy', to: Paths.privacyPolicy },
      { label: 'termsOfUse', to: Paths.termsOfUse },
      { label: 'cookiePreferences', to: Paths.cookiePreferences },
    ],
  },
];

export const SiteFooter = () => {
  const { t } = useTranslation('layout');
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p className={styles.questions}>
          {t('footerQuestions')}{' '}
          <Link to={Paths.contactUs} className={styles.questionsLink}>
            {t('footerContact')}
          </Link>
        </p>
        <nav className={styles.groups} aria-label={t('footerNav')}>
          {footerGroups.map((group) => (
            <section key={group.title} className={styles.group}>
              <h2 className={styles.groupTitle}>{t(`groups.${group.title}`)}</h2>
              <ul className={styles.links}>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={styles.link}>
                      {t(`links.${link.label}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
        <p className={styles.copyright}>{t('copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
};
