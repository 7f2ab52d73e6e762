import { CompanyArticle } from '@web/modules/company/components/CompanyArticle';
import styles from '@web/modules/company/components/CompanyArticle.module.css';
import { companyPages, companyStrings } from '@web/modules/company/content';
import { ContactForm } from '@web/modules/contact/components/ContactForm';
import { PageShell } from '@web/modules/layout/components/PageShell';
import { pageStrings } from './strings';

/** /contactus: the company's contact details; the message form is a later build (its section says so). */
export const ContactUsPage = () => (
  <PageShell>
    <title>{pageStrings.documentTitle(companyPages.contactUs.title)}</title>
    <CompanyArticle content={companyPages.contactUs}>
      <section className={styles.section} aria-labelledby="contact-form-heading">
        <h2 id="contact-form-heading" className={styles.heading}>
          {companyStrings.contactFormHeading}
        </h2>
        <ContactForm />
      </section>
    </CompanyArticle>
  </PageShell>
);
