import { SiteFooter } from '@web/modules/layout/components/SiteFooter';
import { SiteHeader } from '@web/modules/layout/components/SiteHeader';
import { pageStrings } from './strings';

/** /footer: the footer on its own (SPEC 2 "Footer view"). */
export const FooterPage = () => (
  <>
    <title>{pageStrings.documentTitle(pageStrings.footerTitle)}</title>
    <SiteHeader />
    <SiteFooter />
  </>
);
