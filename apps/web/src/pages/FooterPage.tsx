import { pageStrings } from './strings';

/** /footer: the footer on its own (SPEC 2 "Footer view"): the site layout's header and footer, nothing between. */
export const FooterPage = () => <title>{pageStrings.documentTitle(pageStrings.footerTitle)}</title>;
