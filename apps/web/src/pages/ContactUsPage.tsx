import { CompanyArticle } from '@web/modules/company/components/CompanyArticle';
import styles from '@web/modules/company/components/CompanyArticle.module.css';
import { companyPages } from '@web/modules/company/content';
import { ContactForm } from '@web/modules/contact/components/ContactForm';
import { PageShell } from '@web/modules/layout/components/PageShell';
import { pageStrings } from './strings';

/** /contactus: the company's contact details and the message form (SPEC 2), which posts to /api/contact. */
export const ContactUsPage = () => (
  <PageShell>
    <title>{pageStrings.documentTitle(companyPages.contactUs.title)}</title>
    <CompanyArticle content={companyPages.contactUs}>
      {/* The form carries its own heading ('Send us a message'), which names this section too. */}
      <section className={styles.section} aria-labelledby="contact-heading">
        <ContactForm />
      </section>
    </CompanyArticle>
  </PageShell>
);
