import { AuthCard } from '@web/modules/auth/components/AuthCard';
import { OAuthReturn } from '@web/modules/auth/components/OAuthReturn';
import { authStrings } from '@web/modules/auth/strings';

/** /oauth-success: the return from Google sign-in. */
export const OAuthSuccessPage = () => (
  <AuthCard title={authStrings.oauth.title}>
    <OAuthReturn />
  </AuthCard>
);
