import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { waitForPage } from '@web/test/render-app';
import { readStoredSession } from '../auth-storage';
import { authStrings } from '../strings';
import { aUser, apiError, renderAuthApp } from '../testing/auth-test-kit';

type Answer = { status: number; body: unknown };
const { verification: texts } = authStrings;
const token = 'ab'.repeat(32);

describe('email verification (DECISIONS 33)', () => {
  let api: FakeApi;
  let answers: Record<string, Answer>;
  let sent: Array<{ path: string; body: unknown; authorization?: string }>;

  beforeEach(async () => {
    answers = {};
    sent = [];
    api = await startFakeApi((request, url, body) => {
      // The signed-in header asks for the profiles (issue 25): not a call of these flows.
      if (url.pathname !== '/api/profiles')
        sent.push({ path: url.pathname, body, authorization: request.headers.authorization });
      return answers[url.pathname];
    });
  });

  afterEach(async () => {
    window.localStorage.clear();
    await api.close();
  });

  describe('/verify-email', () => {
    it('opens the link once without a session token, says the email is verified and offers sign-in', async () => {
      answers['/api/auth/verify-email'] = { status: 200, body: { message: 'Your email is verified.' } };
      renderAuthApp({ path: `/verify-email?token=${token}`, apiBaseUrl: api.baseUrl });
      await waitForPage();

      await waitFor(() => expect(screen.getByRole('status').textContent).toBe(texts.verified));
      expect(sent).toEqual([{ path: '/api/auth/verify-email', body: { token }, authorization: undefined }]);
      expect(screen.getByRole('link', { name: texts.signIn }).getAttribute('href')).toBe('/userlogin');
    });

    it('signed in and unverified: the user is read again, the stored session says verified and the way on is the dashboard', async () => {
      const user = aUser({ emailVerified: false });
      answers['/api/auth/verify-email'] = { status: 200, body: { message: 'Your email is verified.' } };
      answers['/api/user'] = { status: 200, body: { ...user, emailVerified: true } };
      renderAuthApp({
        path: `/verify-email?token=${token}`,
        apiBaseUrl: api.baseUrl,
        session: { user, token: 'tok-v' },
      });
      await waitForPage();

      await waitFor(() => expect(screen.getByRole('status').textContent).toBe(texts.verified));
      expect(readStoredSession()?.user.emailVerified).toBe(true);
      expect(sent.map(({ path }) => path)).toEqual(['/api/auth/verify-email', '/api/user']);
      expect(screen.getByRole('link', { name: texts.continue }).getAttribute('href')).toBe('/userdashboard');
    });

    it('a used link opened again (a reload) says the email is already verified, not an error', async () => {
      answers['/api/auth/verify-email'] = {
        status: 200,
        body: { message: 'Your email is already verified.' },
      };
      renderAuthApp({ path: `/verify-email?token=${token}`, apiBaseUrl: api.baseUrl });
      await waitForPage();

      await waitFor(() =>
        expect(screen.getByRole('status').textContent).toBe('Your email is already verified.'),
      );
      expect(screen.queryByRole('alert')).toBeNull();
      screen.getByRole('link', { name: texts.signIn });
    });

    it("shows the server's message for an unknown or expired link", async () => {
      answers['/api/auth/verify-email'] = apiError(400, 'VALIDATION_FAILED', texts.failed);
      renderAuthApp({ path: `/verify-email?token=${token}`, apiBaseUrl: api.baseUrl });
      await waitForPage();

      expect((await screen.findByRole('alert')).textContent).toBe(texts.failed);
    });

    it('says a link without its token is incomplete, and sends nothing', async () => {
      renderAuthApp({ path: '/verify-email', apiBaseUrl: api.baseUrl });
      await waitForPage();

      expect(screen.getByRole('alert').textContent).toBe(texts.missingToken);
      expect(sent).toEqual([]);
    });
  });

  describe('"Email not verified — Resend" in the header', () => {
    const notice = () => screen.queryByText(`${texts.notVerified} —`);

    it('shows for an unverified account; Resend asks for a new mail with the session and says it was sent', async () => {
      answers['/api/auth/verify-email/resend'] = {
        status: 200,
        body: { message: 'We sent a verification link to your email.' },
      };
      renderAuthApp({
        path: '/aboutus',
        apiBaseUrl: api.baseUrl,
        session: { user: aUser({ emailVerified: false }), token: 'tok-u' },
      });
      await waitForPage();

      await screen.findByText(`${texts.notVerified} —`);
      fireEvent.click(screen.getByRole('button', { name: texts.resend }));

      expect((await screen.findByRole('status')).textContent).toBe(texts.resent);
      expect(sent).toEqual([
        { path: '/api/auth/verify-email/resend', body: undefined, authorization: 'Bearer tok-u' },
      ]);
    });

    it('goes away when the server says the email is already verified (opened on another device)', async () => {
      answers['/api/auth/verify-email/resend'] = apiError(409, 'CONFLICT', 'Your email is already verified.');
      renderAuthApp({
        path: '/aboutus',
        apiBaseUrl: api.baseUrl,
        session: { user: aUser({ emailVerified: false }), token: 'tok-u' },
      });
      await waitForPage();
      fireEvent.click(await screen.findByRole('button', { name: texts.resend }));

      await waitFor(() => expect(notice()).toBeNull());
      expect(readStoredSession()?.user.emailVerified).toBe(true);
    });

    it.each([
      ['a verified account', { emailVerified: true }],
      ['a session stored before verification existed', {}],
    ])('is not shown for %s', async (_, overrides) => {
      renderAuthApp({
        path: '/aboutus',
        apiBaseUrl: api.baseUrl,
        session: { user: aUser(overrides), token: 'tok-u' },
      });
      await waitForPage();

      screen.getByRole('button', { name: 'Logout' });
      expect(notice()).toBeNull();
    });
  });
});
