import { ParentalMessages } from '@app/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { profileStrings } from '@web/modules/profile/strings';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { renderApp, waitForPage } from '@web/test/render-app';
import { profileStringsHi } from '@web/modules/profile/strings.hi';
import { parentalStrings } from '../strings';
import { parentalStringsHi } from '../strings.hi';

const texts = parentalStrings.settings;

describe('Profile → Parental controls (issue 25)', () => {
  let api: FakeApi;
  let sent: { path: string; body: unknown }[];

  beforeEach(async () => {
    window.localStorage.clear();
    sent = [];
    api = await startFakeApi((request, url, body) => {
      if (url.pathname === '/api/parental' && request.method === 'GET')
        return { status: 200, body: { pinSet: false, pinFrom: 'A', adultDeclared: false } };
      if (url.pathname === '/api/parental' && request.method === 'PUT') {
        sent.push({ path: url.pathname, body });
        const { password } = body as { password?: string };
        if (password !== undefined && password !== 'right-password')
          return {
            status: 403,
            body: { code: 'FORBIDDEN', message: ParentalMessages.wrongPassword, correlationId: 'c' },
          };
        return {
          status: 200,
          body: { pinSet: true, pinFrom: (body as { pinFrom: string }).pinFrom, adultDeclared: false },
        };
      }
      if (url.pathname === '/api/auth/forgot-password') {
        sent.push({ path: url.pathname, body });
        return { status: 200, body: { message: 'OTP sent' } };
      }
      return undefined;
    });
  });

  afterEach(async () => {
    await api.close();
  });

  const open = async () => {
    signInAs('user');
    renderApp({ path: '/userprofile?tab=parental', apiBaseUrl: api.baseUrl });
    await waitForPage();
    await screen.findByRole('heading', { name: profileStrings.tabs.parental });
  };

  it("sets the PIN and its class after the password; a wrong password shows the server's words", async () => {
    await open();
    await screen.findByText(texts.noPin);
    fireEvent.change(screen.getByLabelText(texts.pin), { target: { value: '2468' } });
    fireEvent.change(screen.getByLabelText(texts.pinFrom), { target: { value: 'UA16' } });
    fireEvent.change(screen.getByLabelText(texts.password), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: texts.save }));
    expect((await screen.findByRole('alert')).textContent).toBe(ParentalMessages.wrongPassword);

    fireEvent.change(screen.getByLabelText(texts.password), { target: { value: 'right-password' } });
    fireEvent.click(screen.getByRole('button', { name: texts.save }));
    await screen.findByText(texts.saved);
    await screen.findByText(texts.pinSet);
    expect(sent.map(({ body }) => body)).toEqual([
      { password: 'wrong', pin: '2468', pinFrom: 'UA16' },
      { password: 'right-password', pin: '2468', pinFrom: 'UA16' },
    ]);
  });

  it('a forgotten password: a code is emailed to the account and proves it instead', async () => {
    await open();
    fireEvent.click(await screen.findByRole('button', { name: texts.useCode }));
    await screen.findByText(texts.codeSent);
    fireEvent.change(screen.getByLabelText(texts.code), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText(texts.pin), { target: { value: '1357' } });
    fireEvent.click(screen.getByRole('button', { name: texts.save }));
    await waitFor(() =>
      expect(sent.map(({ body }) => body)).toEqual([
        { email: 'user@streamly.in' },
        { otp: '123456', pin: '1357', pinFrom: 'A' },
      ]),
    );
  });

  it('shows the parental controls in Hindi (issue 26)', async () => {
    await open();
    await act(() => i18next.changeLanguage('hi'));

    await screen.findByRole('heading', { name: profileStringsHi.tabs.parental });
    const hi = parentalStringsHi.settings;
    await screen.findByText(hi.noPin);
    screen.getByText(hi.lead);
    screen.getByLabelText(hi.pin);
    screen.getByRole('option', { name: 'U/A 16+ और उससे ऊपर' });
    screen.getByRole('button', { name: hi.save });
  });
});
