import { UserDashboard } from '@web/modules/movies/components/UserDashboard';

/** /userdashboard (SPEC 2 "User home"). */
export const UserDashboardPage = () => <UserDashboard />;
