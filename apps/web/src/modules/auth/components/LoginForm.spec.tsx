import type { CaptchaConfig } from '@app/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { waitForPage } from '@web/test/render-app';
import { english } from '@web/shared/i18n/english';
import { readStoredSession } from '../auth-storage';
import { authStrings } from '../strings';
import { authStringsHi } from '../strings.hi';
import { aUser, apiError, captchaResets, fakeCaptchaLabels, renderAuthApp } from '../testing/auth-test-kit';

const altcha: CaptchaConfig = { provider: 'altcha', challengeUrl: '/api/auth/captcha/challenge' };
const recaptcha: CaptchaConfig = { provider: 'recaptcha', siteKey: 'site-key' };

describe('login (SPEC 2, 4, 5, 8)', () => {
  let api: FakeApi;
  let loginAnswer: { status: number; body: unknown };
  let captcha: CaptchaConfig;
  let sent: unknown[];

  beforeEach(async () => {
    captcha = altcha;
    sent = [];
    captchaResets.count = 0;
    const viewer = aUser();
    loginAnswer = { status: 200, body: { message: 'Login successful', token: 'tok-user', user: viewer } };
    api = await startFakeApi(() => undefined);
    api.respond((_request, url, body) => {
      if (url.pathname === '/api/auth/captcha') return { status: 200, body: captcha };
      if (url.pathname === '/api/auth/login' || url.pathname === '/api/auth/admin/login') {
        sent.push({ path: url.pathname, body });
        return loginAnswer;
      }
      return undefined;
    });
  });

  afterEach(async () => {
    window.localStorage.clear();
    await api.close();
  });

  const fill = (email = 'asha@example.in', password = 'Secret@123') => {
    fireEvent.change(screen.getByLabelText(authStrings.email), { target: { value: email } });
    fireEvent.change(screen.getByLabelText(authStrings.password), { target: { value: password } });
  };
  const submitButton = (name: string | RegExp = authStrings.userLogin.submit) =>
    screen.getByRole('button', { name }) as HTMLButtonElement;

  it('keeps User Login disabled until the captcha is solved, then signs in and stores user and token', async () => {
    renderAuthApp({ path: '/userlogin', apiBaseUrl: api.baseUrl });
    await waitForPage();
    fill();
    await screen.findByRole('button', { name: fakeCaptchaLabels.solve });

    expect(submitButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: fakeCaptchaLabels.solve }));
    expect(submitButton().disabled).toBe(false);
    fireEvent.click(submitButton());

    await waitFor(() => expect(readStoredSession()?.token).toBe('tok-user'));
    expect(sent).toEqual([
      {
        path: '/api/auth/login',
        body: { email: 'asha@example.in', password: 'Secret@123', recaptchaToken: 'captcha-token-1' },
      },
    ]);
  });

  it("reads 'Logging in...' and stays disabled while submitting", async () => {
    renderAuthApp({ path: '/userlogin', apiBaseUrl: api.baseUrl });
    await waitForPage();
    fill();
    fireEvent.click(await screen.findByRole('button', { name: fakeCaptchaLabels.solve }));
    // The answer crosses a real socket, so it arrives only after React has rendered the pending state.
    fireEvent.click(submitButton());

    const busy = screen.getByRole('button', { name: authStrings.loggingIn }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    // The dashboard's chunk loads cold in this test: on a busy machine that takes more than findBy's second.
    await screen.findByRole('alert', undefined, { timeout: 10_000 });
  });

  it('shows the server message on bad credentials and asks for a new captcha', async () => {
    loginAnswer = apiError(401, 'UNAUTHORIZED', 'Invalid email or password');
    renderAuthApp({ path: '/userlogin', apiBaseUrl: api.baseUrl });
    await waitForPage();
    fill();
    fireEvent.click(await screen.findByRole('button', { name: fakeCaptchaLabels.solve }));
    fireEvent.click(submitButton());

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(submitButton().disabled).toBe(true);
    expect(captchaResets.count).toBe(1);
    expect(readStoredSession()).toBeNull();
  });

  it.each([['Your account is suspended'], ['Your account is banned']])(
    "after '%s' says what to do next: contact support, with a link to the contact page",
    async (message) => {
      loginAnswer = apiError(403, 'FORBIDDEN', message);
      renderAuthApp({ path: '/userlogin', apiBaseUrl: api.baseUrl });
      await waitForPage();
      fill();
      fireEvent.click(await screen.findByRole('button', { name: fakeCaptchaLabels.solve }));
      fireEvent.click(submitButton());

      expect((await screen.findByRole('alert')).textContent).toBe(message);
      screen.getByText(authStrings.blocked.nextStep, { exact: false });
      const contact = screen.getByRole('link', { name: authStrings.blocked.contactSupport });
      expect(contact.getAttribute('href')).toBe('/contactus');
    },
  );

  it('offers no contact link for a plain wrong password', async () => {
    loginAnswer = apiError(401, 'UNAUTHORIZED', 'Invalid email or password');
    renderAuthApp({ path: '/userlogin', apiBaseUrl: api.baseUrl });
    await waitForPage();
    fill();
    fireEvent.click(await screen.findByRole('button', { name: fakeCaptchaLabels.solve }));
    fireEvent.click(submitButton());

    await screen.findByRole('alert');
    expect(screen.queryByRole('link', { name: authStrings.blocked.contactSupport })).toBeNull();
  });

  it("says 'Login failed' when the server answers without a message", async () => {
    loginAnswer = { status: 502, body: '<html>bad gateway</html>' };
    renderAuthApp({ path: '/userlogin', apiBaseUrl: api.baseUrl });
    await waitForPage();
    fill();
    fireEvent.click(await screen.findByRole('button', { name: fakeCaptchaLabels.solve }));
    fireEvent.click(submitButton());

    expect((await screen.findByRole('alert')).textContent).toBe(authStrings.loginFailed);
  });

  it("says 'An error occurred during login' when the server cannot be reached", async () => {
    renderAuthApp({ path: '/userlogin', apiBaseUrl: api.baseUrl });
    await waitForPage();
    fill();
    fireEvent.click(await screen.findByRole('button', { name: fakeCaptchaLabels.solve }));
    await api.close();
    fireEvent.click(submitButton());

    expect((await screen.findByRole('alert')).textContent).toBe(authStrings.loginError);
    api = await startFakeApi(() => undefined);
  });

  it('checks the email format and required fields before calling the server', async () => {
    renderAuthApp({ path: '/userlogin', apiBaseUrl: api.baseUrl });
    await waitForPage();
    fill('not-an-email', '');
    fireEvent.click(await screen.findByRole('button', { name: fakeCaptchaLabels.solve }));
    fireEvent.click(submitButton());

    screen.getByText(authStrings.invalidEmail);
    screen.getByText(english('auth:required', { field: authStrings.password }));
    expect(sent).toEqual([]);
  });

  it('signs in in Hindi: the page, the fields, the checks and the captcha’s trouble', async () => {
    renderAuthApp({ path: '/userlogin', apiBaseUrl: api.baseUrl });
    await waitForPage();
    await act(() => i18next.changeLanguage('hi'));

    screen.getByRole('heading', { level: 1, name: authStringsHi.userLogin.title });
    screen.getByText(authStringsHi.userLogin.lead);
    screen.getByRole('link', { name: authStringsHi.forgotPassword });
    screen.getByRole('link', { name: authStringsHi.continueWithGoogle });
    screen.getByRole('group', { name: authStringsHi.captchaLabel });
    expect(document.title).toBe(`${authStringsHi.userLogin.title} · Streamly`);
    fireEvent.change(screen.getByLabelText(authStringsHi.email), { target: { value: 'not-an-email' } });
    fireEvent.click(await screen.findByRole('button', { name: fakeCaptchaLabels.solve }));
    fireEvent.click(screen.getByRole('button', { name: authStringsHi.userLogin.submit }));

    screen.getByText(authStringsHi.invalidEmail);
    screen.getByText('पासवर्ड ज़रूरी है');
    fireEvent.click(screen.getByRole('button', { name: fakeCaptchaLabels.expire }));
    expect(screen.getByRole('alert').textContent).toBe(authStringsHi.captcha.altcha.expired);
    expect(sent).toEqual([]);
  });

  it.each([
    ['ALTCHA', altcha, 'Captcha expired, please verify again', 'Error loading captcha'],
    ['reCAPTCHA', recaptcha, 'reCAPTCHA expired, please verify again', 'Error loading reCAPTCHA'],
  ])('%s: expiry and failure clear the token and say so', async (_name, config, expired, failed) => {
    captcha = config;
    renderAuthApp({ path: '/userlogin', apiBaseUrl: api.baseUrl });
    await waitForPage();
    fill();
    fireEvent.click(await screen.findByRole('button', { name: fakeCaptchaLabels.solve }));
    expect(submitButton().disabled).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: fakeCaptchaLabels.expire }));
    expect(screen.getByRole('alert').textContent).toBe(expired);
    expect(submitButton().disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: fakeCaptchaLabels.solve }));
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: fakeCaptchaLabels.fail }));
    expect(screen.getByRole('alert').textContent).toBe(failed);
    expect(submitButton().disabled).toBe(true);
  });

  it("says 'Error loading captcha' when the captcha settings cannot be fetched", async () => {
    api.respond(() => apiError(503, 'SERVICE_UNAVAILABLE', 'Auth is down'));
    renderAuthApp({ path: '/userlogin', apiBaseUrl: api.baseUrl });
    await waitForPage();

    expect((await screen.findByRole('alert')).textContent).toBe('Error loading captcha');
    expect(submitButton().disabled).toBe(true);
  });

  it('has Continue with Google as a full-page link to the server, and Forgot Password and Sign up links', async () => {
    renderAuthApp({ path: '/login', apiBaseUrl: api.baseUrl });
    await waitForPage();

    expect(screen.getByRole('link', { name: authStrings.continueWithGoogle }).getAttribute('href')).toBe(
      '/auth/google',
    );
    expect(screen.getByRole('link', { name: authStrings.forgotPassword }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: authStrings.signUpLink }).getAttribute('href')).toBe('/signup');
    expect(submitButton().textContent).toBe(authStrings.userLogin.submit);
  });

  describe('admin', () => {
    it('signs an admin in through the admin login and goes to /admindashboard', async () => {
      const admin = aUser({ role: 'admin' });
      loginAnswer = { status: 200, body: { message: 'Login successful', token: 'tok-admin', user: admin } };
      api.respond((_request, url, body) => {
        if (url.pathname === '/api/auth/captcha') return { status: 200, body: captcha };
        if (url.pathname === '/api/auth/admin/login') {
          sent.push({ path: url.pathname, body });
          return loginAnswer;
        }
        if (url.pathname === '/api/users')
          return { status: 200, body: { success: true, data: [admin], page: 1, pageSize: 24, total: 1 } };
        return undefined;
      });
      const { router } = renderAuthApp({ path: '/adminlogin', apiBaseUrl: api.baseUrl });
      await waitForPage();
      fill('root@streamly.in', 'Admin@12345');
      fireEvent.click(await screen.findByRole('button', { name: fakeCaptchaLabels.solve }));
      fireEvent.click(submitButton(authStrings.adminLogin.submit));

      await waitFor(() => expect(router.location.pathname).toBe('/admindashboard'));
      expect(readStoredSession()?.user.role).toBe('admin');
      expect(sent).toHaveLength(1);
    });

    it("resets the captcha on failure and shows 'Admin access required'", async () => {
      loginAnswer = apiError(403, 'FORBIDDEN', 'Admin access required');
      renderAuthApp({ path: '/adminlogin', apiBaseUrl: api.baseUrl });
      await waitForPage();
      fill();
      fireEvent.click(await screen.findByRole('button', { name: fakeCaptchaLabels.solve }));
      fireEvent.click(submitButton(authStrings.adminLogin.submit));

      expect((await screen.findByRole('alert')).textContent).toBe('Admin access required');
      expect(captchaResets.count).toBe(1);
      expect(submitButton(authStrings.adminLogin.submit).disabled).toBe(true);
    });
  });
});
