import type { User } from '@app/contracts';
import { screen } from '@testing-library/react';
import { renderAuthApp } from '@web/modules/auth/testing/auth-test-kit';
import type { FakeApi } from '@web/test/fake-api';

/** The admin dashboard as `session`'s admin sees it against `api`, once the card of `username` has loaded. */
export const openAdminDashboard = async (
  api: FakeApi,
  session: { user: User; token: string },
  username: string,
) => {
  const view = renderAuthApp({ path: '/admindashboard', apiBaseUrl: api.baseUrl, session });
  await screen.findByRole('heading', { name: username });
  return view;
};

/** The card of the user named `username` in Manage Users. */
export const userCard = (username: string) => screen.getByRole('article', { name: username });
