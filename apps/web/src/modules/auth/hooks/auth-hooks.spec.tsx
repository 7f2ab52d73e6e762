import { act, waitFor } from '@testing-library/react';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { renderHookWithApi } from '@web/test/render-hook';
import { readStoredSession, storeSession } from '../auth-storage';
import { aUser } from '../testing/auth-test-kit';
import { useLogin } from './useLogin';
import { useLogout } from './useLogout';
import { useOAuthExchange } from './useOAuthExchange';
import { useSetPassword } from './useSetPassword';

type Answer = { status: number; body: unknown };

describe('auth hooks', () => {
  let api: FakeApi;
  let answers: Record<string, Answer>;
  let seen: Array<{ path: string; auth?: string; body: unknown }>;

  beforeEach(async () => {
    answers = {};
    seen = [];
    api = await startFakeApi((request, url, body) => {
      seen.push({ path: url.pathname, auth: request.headers.authorization, body });
      return answers[url.pathname];
    });
  });

  afterEach(async () => {
    window.localStorage.clear();
    await api.close();
  });

  it('useLogin(admin) signs in through the admin endpoint without sending a stale token, and stores the session', async () => {
    storeSession({ user: aUser(), token: 'stale-token' });
    const admin = aUser({ role: 'admin' });
    answers['/api/auth/admin/login'] = { status: 200, body: { token: 'admin-token', user: admin } };
    const onSuccess = jest.fn();
    const { result } = renderHookWithApi(() => useLogin('admin', { onSuccess }), { apiBaseUrl: api.baseUrl });

    await act(() =>
      result.current.mutateAsync({ email: admin.email, password: 'Secret@123', recaptchaToken: 'captcha' }),
    );

    expect(seen).toEqual([
      {
        path: '/api/auth/admin/login',
        auth: undefined,
        body: { email: admin.email, password: 'Secret@123', recaptchaToken: 'captcha' },
      },
    ]);
    expect(readStoredSession()).toEqual({ user: admin, token: 'admin-token' });
    expect(onSuccess).toHaveBeenCalledWith({ token: 'admin-token', user: admin });
  });

  it("useLogout revokes the session's token, then ends the session even when the server fails", async () => {
    storeSession({ user: aUser(), token: 'tok-out' });
    answers['/api/auth/logout'] = {
      status: 500,
      body: { code: 'INTERNAL', message: 'down', correlationId: 'c' },
    };
    const { result } = renderHookWithApi(() => useLogout(), { apiBaseUrl: api.baseUrl });

    await act(() => result.current());

    expect(seen).toEqual([{ path: '/api/auth/logout', auth: 'Bearer tok-out', body: undefined }]);
    expect(readStoredSession()).toBeNull();
  });

  it('useOAuthExchange trades the code for a session and stores it', async () => {
    const user = aUser({ hasPassword: false });
    answers['/api/auth/oauth/exchange'] = { status: 200, body: { token: 'tok-g', user } };
    const onSuccess = jest.fn();
    const { result } = renderHookWithApi(() => useOAuthExchange({ onSuccess }), { apiBaseUrl: api.baseUrl });

    act(() => result.current.mutate('one-time-code'));

    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ token: 'tok-g', user }));
    expect(seen).toEqual([
      { path: '/api/auth/oauth/exchange', auth: undefined, body: { code: 'one-time-code' } },
    ]);
    expect(readStoredSession()).toEqual({ user, token: 'tok-g' });
  });

  it('useSetPassword sends the new password with the token and records that the user now has one', async () => {
    storeSession({ user: aUser({ hasPassword: false }), token: 'tok-s' });
    answers['/api/set-password'] = { status: 200, body: { message: 'Password set successfully' } };
    const { result } = renderHookWithApi(() => useSetPassword(), { apiBaseUrl: api.baseUrl });

    await act(() => result.current.mutateAsync({ newPassword: 'NewSecret@1' }));

    expect(seen).toEqual([
      { path: '/api/set-password', auth: 'Bearer tok-s', body: { newPassword: 'NewSecret@1' } },
    ]);
    expect(readStoredSession()?.user.hasPassword).toBe(true);
  });
});
