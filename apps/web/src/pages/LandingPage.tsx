import { useTranslation } from 'react-i18next';
import { LandingHero } from '@web/modules/landing/components/LandingHero';
import { TrendingNow } from '@web/modules/landing/components/TrendingNow';
import { SiteFooter } from '@web/modules/layout/components/SiteFooter';
import { SiteHeader } from '@web/modules/layout/components/SiteHeader';

export const LandingPage = () => {
  const { t } = useTranslation('landing');
  return (
    <>
      <title>{t('documentTitle')}</title>
      <SiteHeader overlay />
      <main>
        <LandingHero />
        <TrendingNow />
      </main>
      <SiteFooter />
    </>
  );
};
