import { useTranslation } from 'react-i18next';

/** The browser tab's title of a page: its own title, then the brand ("Movies · Streamly"). */
export const DocumentTitle = ({ title }: { title: string }) => {
  const { t } = useTranslation('pages');
  return <title>{t('documentTitle', { title })}</title>;
};
