import { Outlet } from 'react-router-dom';
import { SiteFooter } from '@web/modules/layout/components/SiteFooter';
import { SiteHeader } from '@web/modules/layout/components/SiteHeader';
import { ChooseProfileFirst } from '@web/modules/profiles/components/ChooseProfileFirst';

type SiteLayoutProps = {
  /** A visitor's Sign In in the header: not on the account screens, which are the way in themselves. */
  showSignIn?: boolean;
};

/**
 * The layout route of every page but the landing page: one header (the signed-in one for a signed-in viewer,
 * issue 24), the page, the footer. The header stays mounted while pages change, so its search keeps what is typed
 * as it leads to the user home. A session that has to choose a profile first goes to "Who's watching?" (issue 25).
 */
export const SiteLayout = ({ showSignIn = true }: SiteLayoutProps) => (
  <>
    <ChooseProfileFirst />
    <SiteHeader showSignIn={showSignIn} />
    <Outlet />
    <SiteFooter />
  </>
);
