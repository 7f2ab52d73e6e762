import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AuthMessages, type CaptchaConfig, RATE_LIMITED_MESSAGE } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { authStrings } from '@web/modules/auth/strings';
import {
  apiError,
  captchaResets,
  fakeCaptchaLabels,
  renderAuthApp,
} from '@web/modules/auth/testing/auth-test-kit';
import { startFakeApi, type FakeApi } from '@web/test/fake-api';
import { contactStrings as t } from '../strings';
import { contactStringsHi as hi } from '../strings.hi';
import { ContactForm } from './ContactForm';

const altcha: CaptchaConfig = { provider: 'altcha', challengeUrl: '/api/auth/captcha/challenge' };

const fill = () => {
  const type = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  type(t.firstName, 'Meera');
  type(t.lastName, 'Iyer');
  type(t.email, 'meera@example.in');
  type(t.companyName, 'Iyer Films');
  type(t.serviceInterested, 'Partnerships');
  type(t.message, 'Hello there');
};
const typed = {
  firstName: 'Meera',
  lastName: 'Iyer',
  email: 'meera@example.in',
  companyName: 'Iyer Films',
  serviceInterested: 'Partnerships',
  message: 'Hello there',
};

const sendButton = () => screen.getByRole<HTMLButtonElement>('button', { name: t.send });
/** Ticks the stand-in captcha (the login forms' widget, faked by the auth test kit). */
const solveCaptcha = async () =>
  fireEvent.click(await screen.findByRole('button', { name: fakeCaptchaLabels.solve }));

describe('ContactForm', () => {
  let api: FakeApi;
  let received: unknown[];

  beforeEach(async () => {
    received = [];
    captchaResets.count = 0;
    api = await startFakeApi((request, url, body) => {
      if (url.pathname === '/api/auth/captcha') return { status: 200, body: altcha };
      if (request.method === 'POST' && url.pathname === '/api/contact') {
        received.push(body);
        return { status: 200, body: { success: true, message: t.sent } };
      }
      return undefined;
    });
  });

  afterEach(() => api.close());

  const renderForm = (apiBaseUrl = api.baseUrl) =>
    renderAuthApp({ apiBaseUrl, routes: [{ path: '/', element: <ContactForm /> }] });

  it('marks every field required (browser validation)', () => {
    renderForm();
    for (const label of [t.firstName, t.lastName, t.email, t.companyName, t.serviceInterested, t.message]) {
      expect((screen.getByLabelText(label) as HTMLInputElement).required).toBe(true);
    }
    expect(screen.getByLabelText(t.email).getAttribute('type')).toBe('email');
  });

  it('shows the form in Hindi and still sends the chosen service in English (support reads it)', async () => {
    renderForm();
    await act(() => i18next.changeLanguage('hi'));

    screen.getByRole('heading', { name: hi.heading });
    const service = screen.getByLabelText(hi.serviceInterested) as HTMLSelectElement;
    const option = within(service).getByRole('option', {
      name: hi.services.partnerships,
    }) as HTMLOptionElement;
    expect(option.value).toBe(t.services.partnerships);
    for (const [label, value] of [
      [hi.firstName, 'Meera'],
      [hi.lastName, 'Iyer'],
      [hi.email, 'meera@example.in'],
      [hi.companyName, 'Iyer Films'],
      [hi.serviceInterested, t.services.partnerships],
      [hi.message, 'Hello there'],
    ])
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await solveCaptcha();
    fireEvent.click(screen.getByRole('button', { name: hi.send }));

    await waitFor(() => expect(received).toEqual([{ ...typed, recaptchaToken: 'captcha-token-1' }]));
  });

  it('shows the captcha of the login forms and keeps Send Message disabled until it is solved', async () => {
    renderForm();
    fill();
    screen.getByRole('group', { name: authStrings.captchaLabel });
    await screen.findByRole('button', { name: fakeCaptchaLabels.solve });
    expect(sendButton().disabled).toBe(true);
    fireEvent.submit(sendButton().closest('form') as HTMLFormElement);
    await solveCaptcha();
    expect(sendButton().disabled).toBe(false);
    expect(received).toEqual([]);
  });

  it('sends the message with its captcha token, shows the success text, clears the form and asks for a new captcha', async () => {
    renderForm();
    fill();
    await solveCaptcha();
    fireEvent.click(sendButton());
    await screen.findByText(t.sent);
    expect(received).toEqual([{ ...typed, recaptchaToken: 'captcha-token-1' }]);
    expect((screen.getByLabelText(t.firstName) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(t.message) as HTMLTextAreaElement).value).toBe('');
    // The server spent the token: the next message needs a new solution.
    expect(captchaResets.count).toBe(1);
    expect(sendButton().disabled).toBe(true);
  });

  it('drops the token when the captcha expires', async () => {
    renderForm();
    fill();
    await solveCaptcha();
    fireEvent.click(screen.getByRole('button', { name: fakeCaptchaLabels.expire }));
    expect(sendButton().disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe(authStrings.captcha.altcha.expired);
  });

  it("shows 'Sending message...' while the request is in flight", async () => {
    // A server that holds the message's answer until the test releases it.
    let arrived!: (release: () => void) => void;
    const held = new Promise<() => void>((resolve) => (arrived = resolve));
    const slow = createServer((request, response) => {
      const headers = {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'content-type',
        'content-type': 'application/json',
      };
      if (request.method === 'OPTIONS') return void response.writeHead(204, headers).end();
      if (request.url === '/api/auth/captcha')
        return void response.writeHead(200, headers).end(JSON.stringify(altcha));
      arrived(
        () => void response.writeHead(200, headers).end(JSON.stringify({ success: true, message: t.sent })),
      );
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      renderForm(`http://127.0.0.1:${(slow.address() as AddressInfo).port}`);
      fill();
      await solveCaptcha();
      fireEvent.click(sendButton());
      expect((await screen.findByRole<HTMLButtonElement>('button', { name: t.sending })).disabled).toBe(true);
      const release = await held;
      await act(async () => release());
      await screen.findByText(t.sent);
    } finally {
      slow.closeAllConnections();
      slow.close();
    }
  });

  it('keeps what was typed, shows the SPEC error and asks for a new captcha when sending fails', async () => {
    api.respond((_request, url) =>
      url.pathname === '/api/auth/captcha'
        ? { status: 200, body: altcha }
        : apiError(503, 'SERVICE_UNAVAILABLE', 'user-data-service is unavailable'),
    );
    renderForm();
    fill();
    await solveCaptcha();
    fireEvent.click(sendButton());
    expect((await screen.findByRole('alert')).textContent).toBe(t.failed);
    await waitFor(() => expect((screen.getByLabelText(t.firstName) as HTMLInputElement).value).toBe('Meera'));
    expect(captchaResets.count).toBe(1);
  });

  it.each([
    [
      'a refused captcha',
      apiError(400, 'VALIDATION_FAILED', AuthMessages.captchaFailed),
      AuthMessages.captchaFailed,
    ],
    ['too many messages', apiError(429, 'RATE_LIMITED', RATE_LIMITED_MESSAGE), RATE_LIMITED_MESSAGE],
  ])("says so on %s (the server's message)", async (_, answer, shown) => {
    api.respond((_request, url) =>
      url.pathname === '/api/auth/captcha' ? { status: 200, body: altcha } : answer,
    );
    renderForm();
    fill();
    await solveCaptcha();
    fireEvent.click(sendButton());
    expect((await screen.findByRole('alert')).textContent).toBe(shown);
  });
});
