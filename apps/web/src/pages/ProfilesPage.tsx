import { ManageProfiles } from '@web/modules/profiles/components/ManageProfiles';
import { WhoIsWatching } from '@web/modules/profiles/components/WhoIsWatching';

/** /profiles: "Who's watching?" after sign-in (issue 25). */
export const WhoIsWatchingPage = () => <WhoIsWatching />;

/** /profiles/manage, in the same chunk: one leads to the other. */
export const ManageProfilesPage = () => <ManageProfiles />;
