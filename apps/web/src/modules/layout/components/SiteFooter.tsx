import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { layoutStrings } from '../strings';
import styles from './SiteFooter.module.css';

type FooterGroup = { title: string; links: { label: string; to: string }[] };

const { groups, links } = layoutStrings;

/** The link groups of SPEC 2: Company, Support, Legal. */
export const footerGroups: FooterGroup[] = [
  {
    title: groups.company,
    links: [
      { label: links.aboutUs, to: Paths.aboutUs },
      { label: links.careers, to: Paths.careers },
      { label: links.press, to: Paths.press },
      { label: links.corporateInformation, to: Paths.corporateInformation },
    ],
  },
  {
    title: groups.support,
    links: [
      { label: links.helpCenter, to: Paths.helpCenter },
      { label: links.contactUs, to: Paths.contactUs },
    ],
  },
  {
    title: groups.legal,
    links: [
      { label: links.privacyPolicy, to: Paths.privacyPolicy },
      { label: links.termsOfUse, to: Paths.termsOfUse },
      { label: links.cookiePreferences, to: Paths.cookiePreferences },
    ],
  },
];

export const SiteFooter = () => (
  <footer className={styles.footer}>
    <div className={styles.inner}>
      <p className={styles.questions}>
        {layoutStrings.footerQuestions}{' '}
        <Link to={Paths.contactUs} className={styles.questionsLink}>
          {layoutStrings.footerContact}
        </Link>
      </p>
      <nav className={styles.groups} aria-label={layoutStrings.footerNav}>
        {footerGroups.map((group) => (
          <section key={group.title} className={styles.group}>
            <h2 className={styles.groupTitle}>{group.title}</h2>
            <ul className={styles.links}>
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={styles.link}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
      <p className={styles.copyright}>{layoutStrings.copyright(new Date().getFullYear())}</p>
    </div>
  </footer>
);
