import { AuthMessages } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { waitForPage } from '@web/test/render-app';
import { readStoredSession } from '../auth-storage';
import { english } from '@web/shared/i18n/english';
import { authStrings } from '../strings';
import { aUser, apiError, renderAuthApp } from '../testing/auth-test-kit';

type Answer = { status: number; body: unknown };

describe('account flows (SPEC 2, 8)', () => {
  let api: FakeApi;
  let answers: Record<string, Answer>;
  let sent: Array<{ path: string; body: unknown }>;

  beforeEach(async () => {
    answers = {};
    sent = [];
    api = await startFakeApi((_request, url, body) => {
      // The signed-in header asks for the profiles (issue 25): not a call of these flows.
      if (url.pathname !== '/api/profiles') sent.push({ path: url.pathname, body });
      return answers[url.pathname];
    });
  });

  afterEach(async () => {
    jest.useRealTimers();
    window.localStorage.clear();
    await api.close();
  });

  const type = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });

  describe('sign-up', () => {
    it('prefills the email from ?email and shows terms and privacy links', async () => {
      renderAuthApp({ path: '/signup?email=asha%40example.in', apiBaseUrl: api.baseUrl });
      await waitForPage();

      expect((screen.getByLabelText(authStrings.email) as HTMLInputElement).value).toBe('asha@example.in');
      const card = screen.getByRole('region', { name: authStrings.signup.title });
      expect(within(card).getByRole('link', { name: authStrings.signup.terms }).getAttribute('href')).toBe(
        '/termsofuse',
      );
      expect(within(card).getByRole('link', { name: authStrings.signup.privacy }).getAttribute('href')).toBe(
        '/privacypolicy',
      );
    });

    it("shows 'User registered successfully!', that a verification mail was sent and where it goes next, all until it goes to /userlogin after 2 seconds, which says it again", async () => {
      answers['/api/signup'] = { status: 201, body: { message: 'User registered successfully!' } };
      const { router } = renderAuthApp({ path: '/signup', apiBaseUrl: api.baseUrl });
      await waitForPage();
      type(authStrings.username, 'Asha');
      type(authStrings.email, 'asha@example.in');
      type(authStrings.password, 'Secret@123');
      jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
      fireEvent.click(screen.getByRole('button', { name: authStrings.signup.submit }));

      const sentTo = english('auth:verification.sentTo', { email: 'asha@example.in' });
      await waitFor(() =>
        expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual([
          'User registered successfully!',
          sentTo,
          authStrings.signup.redirecting,
        ]),
      );
      expect(sent).toContainEqual({
        path: '/api/signup',
        body: { username: 'Asha', email: 'asha@example.in', password: 'Secret@123', language: 'en' },
      });
      await act(async () => jest.advanceTimersByTime(1800));
      expect(router.location.pathname).toBe('/signup');
      expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual([
        'User registered successfully!',
        sentTo,
        authStrings.signup.redirecting,
      ]);
      await act(async () => jest.advanceTimersByTime(300));
      expect(router.location.pathname).toBe('/userlogin');
      expect((await screen.findByRole('status')).textContent).toBe(sentTo);
    });

    it('shows the server message on a duplicate email and stays', async () => {
      answers['/api/signup'] = apiError(409, 'CONFLICT', 'Email is already registered');
      const { router } = renderAuthApp({ path: '/signup', apiBaseUrl: api.baseUrl });
      await waitForPage();
      type(authStrings.username, 'Asha');
      type(authStrings.email, 'asha@example.in');
      type(authStrings.password, 'Secret@123');
      fireEvent.click(screen.getByRole('button', { name: authStrings.signup.submit }));

      expect((await screen.findByRole('alert')).textContent).toBe('Email is already registered');
      expect(router.location.pathname).toBe('/signup');
    });

    it("says 'Something went wrong' without a server message and 'Internal server error' when unreachable", async () => {
      answers['/api/signup'] = { status: 500, body: 'oops' };
      renderAuthApp({ path: '/signup', apiBaseUrl: api.baseUrl });
      await waitForPage();
      type(authStrings.username, 'Asha');
      type(authStrings.email, 'asha@example.in');
      type(authStrings.password, 'Secret@123');
      fireEvent.click(screen.getByRole('button', { name: authStrings.signup.submit }));
      expect((await screen.findByRole('alert')).textContent).toBe(authStrings.signup.failed);

      await api.close();
      fireEvent.click(screen.getByRole('button', { name: authStrings.signup.submit }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(authStrings.signup.network));
      api = await startFakeApi(() => undefined);
    });

    it('marks missing fields inline and sends nothing', async () => {
      renderAuthApp({ path: '/signup', apiBaseUrl: api.baseUrl });
      await waitForPage();
      fireEvent.click(screen.getByRole('button', { name: authStrings.signup.submit }));

      screen.getByText(english('auth:required', { field: authStrings.username }));
      screen.getByText(english('auth:required', { field: authStrings.email }));
      screen.getByText(english('auth:required', { field: authStrings.password }));
      expect(sent).toEqual([]);
    });
  });

  describe('forgot password', () => {
    const { forgot } = authStrings;

    it('walks email → OTP → new password and returns to step 1 with the success message', async () => {
      answers['/api/auth/forgot-password'] = { status: 200, body: { message: 'OTP sent to your email.' } };
      answers['/api/auth/verify-otp'] = {
        status: 200,
        body: { message: 'OTP verified. Enter your new password.' },
      };
      answers['/api/auth/reset-password'] = {
        status: 200,
        body: { message: 'Password reset successful! You can now log in.' },
      };
      renderAuthApp({ path: '/forgot-password', apiBaseUrl: api.baseUrl });
      await waitForPage();

      type(authStrings.email, 'asha@example.in');
      fireEvent.click(screen.getByRole('button', { name: forgot.sendOtp }));
      expect((await screen.findByRole('status')).textContent).toBe(forgot.sent);
      type(forgot.otp, '123456');
      fireEvent.click(screen.getByRole('button', { name: forgot.verifyOtp }));
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe(forgot.verified));
      type(forgot.newPassword, 'NewSecret@1');
      fireEvent.click(screen.getByRole('button', { name: forgot.resetPassword }));
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe(forgot.done));

      screen.getByRole('button', { name: forgot.sendOtp });
      expect(sent.map(({ path, body }) => [path, body])).toEqual([
        ['/api/auth/forgot-password', { email: 'asha@example.in' }],
        ['/api/auth/verify-otp', { email: 'asha@example.in', otp: '123456' }],
        ['/api/auth/reset-password', { email: 'asha@example.in', otp: '123456', newPassword: 'NewSecret@1' }],
      ]);
    });

    it('resends the code from the OTP step, and says the limit in its words when a resend hits it', async () => {
      answers['/api/auth/forgot-password'] = { status: 200, body: { message: 'OTP sent to your email.' } };
      renderAuthApp({ path: '/forgot-password', apiBaseUrl: api.baseUrl });
      await waitForPage();
      type(authStrings.email, 'asha@example.in');
      fireEvent.click(screen.getByRole('button', { name: forgot.sendOtp }));
      await screen.findByLabelText(forgot.otp);

      fireEvent.click(screen.getByRole('button', { name: forgot.resendCode }));
      await waitFor(() => expect(sent).toHaveLength(2));
      expect((await screen.findByRole('status')).textContent).toBe(forgot.sent);

      const limit = AuthMessages.otpRequestLimit;
      answers['/api/auth/forgot-password'] = apiError(429, 'RATE_LIMITED', limit);
      fireEvent.click(screen.getByRole('button', { name: forgot.resendCode }));
      expect((await screen.findByRole('alert')).textContent).toBe(limit);
      // Still on the code step: the codes already sent keep working.
      screen.getByLabelText(forgot.otp);
      expect(sent.map(({ path, body }) => [path, body])).toEqual(
        Array.from({ length: 3 }, () => ['/api/auth/forgot-password', { email: 'asha@example.in' }]),
      );
    });

    it('stays on a failed step with the server message, else the defaults', async () => {
      answers['/api/auth/forgot-password'] = apiError(
        429,
        'RATE_LIMITED',
        'Too many attempts. Please try again later.',
      );
      renderAuthApp({ path: '/forgot-password', apiBaseUrl: api.baseUrl });
      await waitForPage();
      type(authStrings.email, 'asha@example.in');
      fireEvent.click(screen.getByRole('button', { name: forgot.sendOtp }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Too many attempts. Please try again later.',
      );

      answers['/api/auth/forgot-password'] = { status: 500, body: '' };
      fireEvent.click(screen.getByRole('button', { name: forgot.sendOtp }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(forgot.sendFailed));

      answers['/api/auth/forgot-password'] = { status: 200, body: { message: 'OTP sent to your email.' } };
      answers['/api/auth/verify-otp'] = apiError(400, 'VALIDATION_FAILED', 'Invalid OTP');
      fireEvent.click(screen.getByRole('button', { name: forgot.sendOtp }));
      type(await screen.findByLabelText(forgot.otp).then(() => forgot.otp), '000000');
      fireEvent.click(screen.getByRole('button', { name: forgot.verifyOtp }));
      expect((await screen.findByRole('alert')).textContent).toBe('Invalid OTP');
      answers['/api/auth/verify-otp'] = { status: 502, body: '' };
      fireEvent.click(screen.getByRole('button', { name: forgot.verifyOtp }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(forgot.otpFailed));
      screen.getByLabelText(forgot.otp);

      answers['/api/auth/verify-otp'] = {
        status: 200,
        body: { message: 'OTP verified. Enter your new password.' },
      };
      answers['/api/auth/reset-password'] = apiError(
        400,
        'VALIDATION_FAILED',
        'OTP expired. Please request a new one.',
      );
      fireEvent.click(screen.getByRole('button', { name: forgot.verifyOtp }));
      type(await screen.findByLabelText(forgot.newPassword).then(() => forgot.newPassword), 'NewSecret@1');
      fireEvent.click(screen.getByRole('button', { name: forgot.resetPassword }));
      expect((await screen.findByRole('alert')).textContent).toBe('OTP expired. Please request a new one.');
      answers['/api/auth/reset-password'] = { status: 500, body: '' };
      fireEvent.click(screen.getByRole('button', { name: forgot.resetPassword }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(forgot.resetFailed));
      screen.getByLabelText(forgot.newPassword);
    });
  });

  describe('OAuth return', () => {
    const { oauth } = authStrings;

    it('exchanges the code, stores the session and, with a password set, goes to "Who\'s watching?" after 1.5 s', async () => {
      const user = aUser({ hasPassword: true });
      answers['/api/auth/oauth/exchange'] = { status: 200, body: { token: 'tok-g', user } };
      jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
      const { router } = renderAuthApp({
        path: '/oauth-success?token=one-time-code-123456789',
        apiBaseUrl: api.baseUrl,
      });
      await waitForPage();

      await waitFor(() => expect(screen.getByRole('status').textContent).toBe(oauth.success));
      expect(readStoredSession()).toEqual({ user, token: 'tok-g' });
      expect(sent).toEqual([{ path: '/api/auth/oauth/exchange', body: { code: 'one-time-code-123456789' } }]);
      await act(async () => jest.advanceTimersByTime(1300));
      expect(router.location.pathname).toBe('/oauth-success');
      await act(async () => jest.advanceTimersByTime(300));
      // Issue 25: the profiles first (an account with one unlocked profile goes on from there to its home).
      expect(router.location.pathname).toBe('/profiles');
    });

    it('sends a user without a password to /set-password', async () => {
      answers['/api/auth/oauth/exchange'] = {
        status: 200,
        body: { token: 'tok-g', user: aUser({ hasPassword: false }) },
      };
      jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
      const { router } = renderAuthApp({
        path: '/oauth-success?token=one-time-code-123456789',
        apiBaseUrl: api.baseUrl,
      });
      await waitForPage();

      await waitFor(() => expect(screen.getByRole('status').textContent).toBe(oauth.setPassword));
      await act(async () => jest.advanceTimersByTime(1600));
      expect(router.location.pathname).toBe('/set-password');
    });

    it.each([
      ['no token', '/oauth-success'],
      ['a code the server refuses', '/oauth-success?token=expired-code-123456789'],
    ])("with %s says 'Sign in failed. Redirecting to login...' and goes to /login", async (_case, path) => {
      answers['/api/auth/oauth/exchange'] = apiError(
        401,
        'UNAUTHORIZED',
        'Sign in failed. Please try again.',
      );
      jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
      const { router } = renderAuthApp({ path, apiBaseUrl: api.baseUrl });
      await waitForPage();

      expect((await screen.findByRole('alert')).textContent).toBe(oauth.failed);
      expect(readStoredSession()).toBeNull();
      await act(async () => jest.advanceTimersByTime(1600));
      expect(router.location.pathname).toBe('/login');
    });
  });

  describe('set password', () => {
    const { setPassword } = authStrings;
    const session = { user: aUser({ hasPassword: false }), token: 'tok-s' };

    it('refuses a confirmation that does not match, and sends nothing', async () => {
      renderAuthApp({ path: '/set-password', apiBaseUrl: api.baseUrl, session });
      await waitForPage();
      type(setPassword.newPassword, 'NewSecret@1');
      type(setPassword.confirmPassword, 'NewSecret@2');
      fireEvent.click(screen.getByRole('button', { name: setPassword.submit }));

      screen.getByText(setPassword.mismatch);
      expect(sent).toEqual([]);
    });

    it('sets the password with the bearer token, says so and goes to /userdashboard', async () => {
      answers['/api/set-password'] = { status: 200, body: { message: 'Password set successfully' } };
      const { router } = renderAuthApp({ path: '/set-password', apiBaseUrl: api.baseUrl, session });
      await waitForPage();
      type(setPassword.newPassword, 'NewSecret@1');
      type(setPassword.confirmPassword, 'NewSecret@1');
      fireEvent.click(screen.getByRole('button', { name: setPassword.submit }));

      expect((await screen.findByRole('status')).textContent).toBe('Password set successfully');
      expect(sent).toEqual([{ path: '/api/set-password', body: { newPassword: 'NewSecret@1' } }]);
      expect(readStoredSession()?.user.hasPassword).toBe(true);
      await waitFor(() => expect(router.location.pathname).toBe('/userdashboard'), { timeout: 3000 });
    });

    it('offers to sign out every other device with it (issue 27)', async () => {
      answers['/api/set-password'] = { status: 200, body: { message: 'Password set successfully' } };
      renderAuthApp({ path: '/set-password', apiBaseUrl: api.baseUrl, session });
      await waitForPage();
      type(setPassword.newPassword, 'NewSecret@1');
      type(setPassword.confirmPassword, 'NewSecret@1');
      fireEvent.click(screen.getByRole('checkbox', { name: setPassword.signOutOthers }));
      fireEvent.click(screen.getByRole('button', { name: setPassword.submit }));

      await screen.findByRole('status');
      expect(sent).toEqual([
        { path: '/api/set-password', body: { newPassword: 'NewSecret@1', signOutOthers: true } },
      ]);
    });
  });
});
