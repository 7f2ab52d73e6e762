import { authStrings } from '../strings';
import { AuthCard } from './AuthCard';
import { VerifyEmailResult } from './VerifyEmailResult';

/** /verify-email: the page the verification mail links to (DECISIONS 33). */
export const VerifyEmailPage = () => (
  <AuthCard title={authStrings.verification.title}>
    <VerifyEmailResult />
  </AuthCard>
);
