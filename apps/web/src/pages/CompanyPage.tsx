import { CompanyArticle } from '@web/modules/company/components/CompanyArticle';
import { type CompanyPageKey, companyPages } from '@web/modules/company/content';
import { PageShell } from '@web/modules/layout/components/PageShell';
import { pageStrings } from './strings';

type CompanyPageProps = { page: CompanyPageKey };

/** /aboutus, /careers, /press, /helpcenter, /privacypolicy, /termsofuse, /corporateinformation. */
export const CompanyPage = ({ page }: CompanyPageProps) => {
  const content = companyPages[page];
  return (
    <PageShell>
      <title>{pageStrings.documentTitle(content.title)}</title>
      <CompanyArticle content={content} />
    </PageShell>
  );
};
