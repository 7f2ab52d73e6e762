import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '@web/modules/layout/components/DocumentTitle';

/** /footer: the footer on its own (SPEC 2 "Footer view"): the site layout's header and footer, nothing between. */
export const FooterPage = () => {
  const { t } = useTranslation('pages');
  return <DocumentTitle title={t('footerTitle')} />;
};
