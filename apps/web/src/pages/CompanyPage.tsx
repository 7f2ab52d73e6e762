import { useTranslation } from 'react-i18next';
import { CompanyArticle } from '@web/modules/company/components/CompanyArticle';
import type { CompanyPageKey } from '@web/modules/company/strings';
import { DocumentTitle } from '@web/modules/layout/components/DocumentTitle';
import { PageShell } from '@web/modules/layout/components/PageShell';

type CompanyPageProps = { page: CompanyPageKey };

/** /aboutus, /careers, /press, /helpcenter, /privacypolicy, /termsofuse, /corporateinformation. */
export const CompanyPage = ({ page }: CompanyPageProps) => {
  const { t } = useTranslation('company');
  // The page's whole text (title, lead, sections) in the language shown.
  const content = t(`pages.${page}`, { returnObjects: true });
  return (
    <PageShell>
      <DocumentTitle title={content.title} />
      <CompanyArticle content={content} />
    </PageShell>
  );
};
