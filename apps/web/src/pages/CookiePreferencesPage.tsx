import { CompanyArticle } from '@web/modules/company/components/CompanyArticle';
import { CookiePreferencesForm } from '@web/modules/company/components/CookiePreferencesForm';
import { companyStrings } from '@web/modules/company/content';
import { PageShell } from '@web/modules/layout/components/PageShell';
import { pageStrings } from './strings';

/** /cookiepreferences (SPEC 2, DECISIONS 21). */
export const CookiePreferencesPage = () => (
  <PageShell>
    <title>{pageStrings.documentTitle(companyStrings.cookieTitle)}</title>
    <CompanyArticle
      content={{ title: companyStrings.cookieTitle, lead: companyStrings.cookieLead, sections: [] }}
    >
      <CookiePreferencesForm />
    </CompanyArticle>
  </PageShell>
);
