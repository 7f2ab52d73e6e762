import { UserDashboard } from '@web/modules/catalogue/components/UserDashboard';

/** /userdashboard (SPEC 2 "User home"). */
export const UserDashboardPage = () => <UserDashboard />;
