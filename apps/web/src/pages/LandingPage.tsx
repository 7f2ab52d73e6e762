import { LandingHero } from '@web/modules/landing/components/LandingHero';
import { landingStrings } from '@web/modules/landing/strings';
import { TrendingNow } from '@web/modules/landing/components/TrendingNow';
import { SiteFooter } from '@web/modules/layout/components/SiteFooter';
import { SiteHeader } from '@web/modules/layout/components/SiteHeader';

export const LandingPage = () => (
  <>
    <title>{landingStrings.documentTitle}</title>
    <SiteHeader overlay />
    <main>
      <LandingHero />
      <TrendingNow />
    </main>
    <SiteFooter />
  </>
);
