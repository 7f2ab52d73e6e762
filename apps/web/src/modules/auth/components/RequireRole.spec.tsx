import type { CaptchaConfig } from '@app/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { lazy } from 'react';
import { layoutStrings } from '@web/modules/layout/strings';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { waitForPage } from '@web/test/render-app';
import { readStoredSession } from '../auth-storage';
import { useLogout } from '../hooks/useLogout';
import { authStrings } from '../strings';
import { aUser, apiError, fakeCaptchaLabels, renderAuthApp } from '../testing/auth-test-kit';
import { RequireRole } from './RequireRole';

const captcha: CaptchaConfig = { provider: 'altcha', challengeUrl: '/api/auth/captcha/challenge' };

describe('route guard (SPEC 2, 5)', () => {
  let api: FakeApi;
  const viewer = aUser();
  const admin = aUser({ role: 'admin' });

  beforeEach(async () => {
    api = await startFakeApi((_request, url) => {
      if (url.pathname === '/api/auth/captcha') return { status: 200, body: captcha };
      if (url.pathname === '/api/auth/login')
        return { status: 200, body: { message: 'Login successful', token: 'tok-v', user: viewer } };
      if (url.pathname === '/api/users')
        return {
          status: 200,
          body: { success: true, data: [viewer, admin], page: 1, pageSize: 24, total: 2 },
        };
      return undefined;
    });
  });

  afterEach(async () => {
    window.localStorage.clear();
    await api.close();
  });

  it.each([
    ['/userdashboard', '/userlogin'],
    ['/userprofile', '/userlogin'],
    ['/set-password', '/userlogin'],
    ['/admindashboard', '/adminlogin'],
  ])('sends a visitor from %s to %s, carrying the requested location', async (path, login) => {
    const { router } = renderAuthApp({ path: `${path}?tab=1`, apiBaseUrl: api.baseUrl });
    await waitForPage();

    expect(router.location.pathname).toBe(login);
    expect(router.location.state).toEqual({ from: { pathname: path, search: '?tab=1', hash: '' } });
  });

  it('keeps the roles apart: an admin is sent to /userlogin, a user to /adminlogin', async () => {
    const asAdmin = renderAuthApp({
      path: '/userprofile',
      apiBaseUrl: api.baseUrl,
      session: { user: admin, token: 't-a' },
    });
    await waitForPage();
    expect(asAdmin.router.location.pathname).toBe('/userlogin');
    asAdmin.unmount();
    window.localStorage.clear();

    const asUser = renderAuthApp({
      path: '/admindashboard',
      apiBaseUrl: api.baseUrl,
      session: { user: viewer, token: 't-v' },
    });
    await waitForPage();
    expect(asUser.router.location.pathname).toBe('/adminlogin');
  });

  it('lets a signed-in user through to a user page', async () => {
    const { router } = renderAuthApp({
      path: '/userprofile',
      apiBaseUrl: api.baseUrl,
      session: { user: viewer, token: 't-v' },
    });
    await waitForPage();

    expect(router.location.pathname).toBe('/userprofile');
    screen.getByRole('heading', { level: 1, name: viewer.username });
  });

  it('returns to the requested page after login', async () => {
    const { router } = renderAuthApp({ path: '/userprofile', apiBaseUrl: api.baseUrl });
    await waitForPage();
    fireEvent.change(screen.getByLabelText(authStrings.email), { target: { value: viewer.email } });
    fireEvent.change(screen.getByLabelText(authStrings.password), { target: { value: 'Viewer@12345' } });
    fireEvent.click(await screen.findByRole('button', { name: fakeCaptchaLabels.solve }));
    fireEvent.click(screen.getByRole('button', { name: authStrings.userLogin.submit }));

    await waitFor(() => expect(router.location.pathname).toBe('/userprofile'));
  });

  it('goes to /userdashboard after login when nothing was requested', async () => {
    const { router } = renderAuthApp({ path: '/userlogin', apiBaseUrl: api.baseUrl });
    await waitForPage();
    fireEvent.change(screen.getByLabelText(authStrings.email), { target: { value: viewer.email } });
    fireEvent.change(screen.getByLabelText(authStrings.password), { target: { value: 'Viewer@12345' } });
    fireEvent.click(await screen.findByRole('button', { name: fakeCaptchaLabels.solve }));
    fireEvent.click(screen.getByRole('button', { name: authStrings.userLogin.submit }));

    await waitFor(() => expect(router.location.pathname).toBe('/userdashboard'));
  });

  it('ends the session when a signed-in call is answered 401, and the guard sends the visitor to sign in', async () => {
    api.respond((_request, url) =>
      url.pathname === '/api/users'
        ? apiError(401, 'UNAUTHORIZED', 'Your session has expired. Please sign in again.')
        : undefined,
    );
    const { router } = renderAuthApp({
      path: '/admindashboard',
      apiBaseUrl: api.baseUrl,
      session: { user: admin, token: 't-a' },
    });
    await waitForPage();

    await waitFor(() => expect(router.location.pathname).toBe('/adminlogin'));
    expect(readStoredSession()).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('Logout revokes the token on the server, clears both keys and goes to /', async () => {
    const seen: Array<{ path: string; auth: string | undefined }> = [];
    api.respond((request, url) => {
      seen.push({ path: url.pathname, auth: request.headers.authorization });
      if (url.pathname === '/api/auth/logout') return { status: 204, body: null };
      if (url.pathname === '/api/users')
        return { status: 200, body: { success: true, data: [admin], page: 1, pageSize: 24, total: 1 } };
      return undefined;
    });
    const { router } = renderAuthApp({
      path: '/admindashboard',
      apiBaseUrl: api.baseUrl,
      session: { user: admin, token: 't-a' },
    });
    await waitForPage();
    await screen.findByRole('heading', { name: admin.username });
    fireEvent.click(screen.getByRole('button', { name: layoutStrings.account.logout }));

    await waitFor(() => expect(window.localStorage.getItem('token')).toBeNull());
    expect(router.location.pathname).toBe('/');
    expect(seen).toContainEqual({ path: '/api/auth/logout', auth: 'Bearer t-a' });
    expect(seen).toContainEqual({ path: '/api/users', auth: 'Bearer t-a' });
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it("leaves a guarded page for logout's `to`, not a login page, when the server answers the logout 401 before that page's chunk comes", async () => {
    // A deleted account's logout: its token is dead on the server, and /account-deleted is a chunk still loading.
    api.respond((_request, url) =>
      url.pathname === '/api/auth/logout'
        ? apiError(401, 'UNAUTHORIZED', 'Your session has expired. Please sign in again.')
        : undefined,
    );
    let chunkArrives: () => void = () => undefined;
    const NextPage = lazy(async () => {
      await new Promise<void>((resolve) => (chunkArrives = resolve));
      return { default: () => <h1>Gone</h1> };
    });
    let leaving: Promise<void> = Promise.resolve();
    const Leave = () => {
      const logout = useLogout({ to: '/gone' });
      return (
        <button type="button" onClick={() => (leaving = logout())}>
          Leave
        </button>
      );
    };
    const { router } = renderAuthApp({
      path: '/account',
      apiBaseUrl: api.baseUrl,
      session: { user: viewer, token: 't-v' },
      routes: [
        {
          path: '/account',
          element: (
            <RequireRole role="user">
              <Leave />
            </RequireRole>
          ),
        },
        { path: '/gone', element: <NextPage /> },
        { path: '/userlogin', element: <h1>Sign in</h1> },
      ],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    // The server's 401 has been read while the next page still loads.
    await act(() => leaving);
    expect(router.location.pathname).toBe('/gone');
    await act(async () => chunkArrives());

    await screen.findByRole('heading', { name: 'Gone' });
    expect(router.location.pathname).toBe('/gone');
    expect(screen.queryByRole('heading', { name: 'Sign in' })).toBeNull();
    expect(readStoredSession()).toBeNull();
  });

  it('clears corrupt stored data on start-up and treats the visitor as signed out', async () => {
    window.localStorage.setItem('user', '{oops');
    window.localStorage.setItem('token', 't-x');
    const { router } = renderAuthApp({ path: '/userdashboard', apiBaseUrl: api.baseUrl });
    await waitForPage();

    expect(router.location.pathname).toBe('/userlogin');
    expect(window.localStorage.length).toBe(0);
  });
});
