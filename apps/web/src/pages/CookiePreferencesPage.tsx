import { useTranslation } from 'react-i18next';
import { CompanyArticle } from '@web/modules/company/components/CompanyArticle';
import { CookiePreferencesForm } from '@web/modules/company/components/CookiePreferencesForm';
import { DocumentTitle } from '@web/modules/layout/components/DocumentTitle';
import { PageShell } from '@web/modules/layout/components/PageShell';

/** /cookiepreferences (SPEC 2, DECISIONS 21). */
export const CookiePreferencesPage = () => {
  const { t } = useTranslation('company');
  return (
    <PageShell>
      <DocumentTitle title={t('cookieTitle')} />
      <CompanyArticle content={{ title: t('cookieTitle'), lead: t('cookieLead'), sections: [] }}>
        <CookiePreferencesForm />
      </CompanyArticle>
    </PageShell>
  );
};
