import { CompanyArticle } from '@web/modules/company/components/CompanyArticle';
import { companyPages } from '@web/modules/company/content';
import { ContactForm } from '@web/modules/contact/components/ContactForm';
import { PageShell } from '@web/modules/layout/components/PageShell';
import { Card } from '@web/shared/ui/Card';
import { pageStrings } from './strings';

/** /contactus: the company's contact details and the message form (SPEC 2), which posts to /api/contact. */
export const ContactUsPage = () => (
  <PageShell>
    <title>{pageStrings.documentTitle(companyPages.contactUs.title)}</title>
    <CompanyArticle content={companyPages.contactUs}>
      {/* The form carries its own heading ('Send us a message'), which names this section too. */}
      <Card as="section" aria-labelledby="contact-heading">
        <ContactForm />
      </Card>
    </CompanyArticle>
  </PageShell>
);
