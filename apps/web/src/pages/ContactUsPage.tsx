import { useTranslation } from 'react-i18next';
import { CompanyArticle } from '@web/modules/company/components/CompanyArticle';
import { ContactForm } from '@web/modules/contact/components/ContactForm';
import { DocumentTitle } from '@web/modules/layout/components/DocumentTitle';
import { PageShell } from '@web/modules/layout/components/PageShell';
import { Card } from '@web/shared/ui/Card';

/** /contactus: the company's contact details and the message form (SPEC 2), which posts to /api/contact. */
export const ContactUsPage = () => {
  const { t } = useTranslation('company');
  const content = t('pages.contactUs', { returnObjects: true });
  return (
    <PageShell>
      <DocumentTitle title={content.title} />
      <CompanyArticle content={content}>
        {/* The form carries its own heading ('Send us a message'), which names this section too. */}
        <Card as="section" aria-labelledby="contact-heading">
          <ContactForm />
        </Card>
      </CompanyArticle>
    </PageShell>
  );
};
