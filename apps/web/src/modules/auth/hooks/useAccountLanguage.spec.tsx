import { act, cleanup, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { LANGUAGE_STORAGE_KEY, Languages } from '@web/shared/i18n/languages';
import { useLanguage } from '@web/shared/i18n/useLanguage';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { renderHookWithApi } from '@web/test/render-hook';
import { readStoredSession, storeSession } from '../auth-storage';
import { aUser } from '../testing/auth-test-kit';
import { useLogin } from './useLogin';

type Answer = { status: number; body: unknown };

// Issue 26: the AuthProvider keeps the interface language and the signed-in account's together.
describe("the interface language and the account's", () => {
  let api: FakeApi;
  let answers: Record<string, Answer>;
  let seen: Array<{ method?: string; path: string; auth?: string; body: unknown }>;

  beforeEach(async () => {
    window.localStorage.clear();
    answers = {};
    seen = [];
    api = await startFakeApi((request, url, body) => {
      seen.push({ method: request.method, path: url.pathname, auth: request.headers.authorization, body });
      return answers[url.pathname];
    });
  });

  afterEach(async () => {
    // Unmounted first: a provider still mounted would take the account's language again once the choice is cleared.
    cleanup();
    window.localStorage.clear();
    await api.close();
  });

  const login = () => renderHookWithApi(() => useLogin('user'), { apiBaseUrl: api.baseUrl });
  const credentials = { email: 'asha@example.in', password: 'Secret@123', recaptchaToken: 'captcha' };

  it("saves a signed-in viewer's switch to their account, and the stored user then has it", async () => {
    const user = aUser({ language: Languages.English });
    storeSession({ user, token: 'tok-l' });
    answers['/api/user/language'] = { status: 200, body: { ...user, language: Languages.Hindi } };
    const { result } = renderHookWithApi(() => useLanguage(), { apiBaseUrl: api.baseUrl });

    await act(() => result.current.setLanguage(Languages.Hindi));

    await waitFor(() => expect(readStoredSession()?.user.language).toBe(Languages.Hindi));
    expect(seen).toEqual([
      { method: 'PUT', path: '/api/user/language', auth: 'Bearer tok-l', body: { language: 'hi' } },
    ]);
    expect(i18next.language).toBe(Languages.Hindi);
  });

  it('saves nothing for a visitor, nor when the account already has the language chosen', async () => {
    const { result, unmount } = renderHookWithApi(() => useLanguage(), { apiBaseUrl: api.baseUrl });
    await act(() => result.current.setLanguage(Languages.Hindi));
    unmount();

    storeSession({ user: aUser({ language: Languages.Hindi }), token: 'tok-h' });
    const signedIn = renderHookWithApi(() => useLanguage(), { apiBaseUrl: api.baseUrl });
    await act(() => signedIn.result.current.setLanguage(Languages.Hindi));

    expect(seen).toEqual([]);
  });

  it("takes the account's language at sign-in on a device that has no choice of its own", async () => {
    answers['/api/auth/login'] = {
      status: 200,
      body: { message: 'Login successful', token: 'tok-in', user: aUser({ language: Languages.Hindi }) },
    };
    const { result } = login();

    await act(() => result.current.mutateAsync(credentials));

    await waitFor(() => expect(i18next.language).toBe(Languages.Hindi));
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe(Languages.Hindi);
    // Taken from the account, not chosen here: nothing to save back.
    expect(seen.map(({ path }) => path)).toEqual(['/api/auth/login']);
  });

  it('keeps the choice this device made over the account’s', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, Languages.English);
    answers['/api/auth/login'] = {
      status: 200,
      body: { message: 'Login successful', token: 'tok-in', user: aUser({ language: Languages.Hindi }) },
    };
    const { result } = login();

    await act(() => result.current.mutateAsync(credentials));

    expect(readStoredSession()?.token).toBe('tok-in');
    expect(i18next.language).toBe(Languages.English);
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe(Languages.English);
  });
});
