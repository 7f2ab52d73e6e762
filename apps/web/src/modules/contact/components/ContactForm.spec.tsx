import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { startFakeApi, type FakeApi } from '@web/test/fake-api';
import { renderApp } from '@web/test/render-app';
import { contactStrings as t } from '../strings';
import { ContactForm } from './ContactForm';

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

describe('ContactForm', () => {
  let api: FakeApi;
  let received: unknown[];

  beforeEach(async () => {
    received = [];
    api = await startFakeApi((request, url, body) => {
      if (request.method === 'POST' && url.pathname === '/api/contact') {
        received.push(body);
        return { status: 200, body: { success: true, message: t.sent } };
      }
      return undefined;
    });
  });

  afterEach(() => api.close());

  const renderForm = () =>
    renderApp({ apiBaseUrl: api.baseUrl, routes: [{ path: '/', element: <ContactForm /> }] });

  it('marks every field required (browser validation)', () => {
    renderForm();
    for (const label of [t.firstName, t.lastName, t.email, t.companyName, t.serviceInterested, t.message]) {
      expect((screen.getByLabelText(label) as HTMLInputElement).required).toBe(true);
    }
    expect(screen.getByLabelText(t.email).getAttribute('type')).toBe('email');
  });

  it('sends the message, shows the success text and clears the form', async () => {
    renderForm();
    fill();
    fireEvent.click(screen.getByRole('button', { name: t.send }));
    await screen.findByText(t.sent);
    expect(received).toEqual([
      {
        firstName: 'Meera',
        lastName: 'Iyer',
        email: 'meera@example.in',
        companyName: 'Iyer Films',
        serviceInterested: 'Partnerships',
        message: 'Hello there',
      },
    ]);
    expect((screen.getByLabelText(t.firstName) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(t.message) as HTMLTextAreaElement).value).toBe('');
  });

  it("shows 'Sending message...' while the request is in flight", async () => {
    // A server that holds the answer until the test releases it.
    let arrived!: (release: () => void) => void;
    const held = new Promise<() => void>((resolve) => (arrived = resolve));
    const slow = createServer((request, response) => {
      const headers = {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'content-type',
        'content-type': 'application/json',
      };
      if (request.method === 'OPTIONS') return void response.writeHead(204, headers).end();
      arrived(
        () => void response.writeHead(200, headers).end(JSON.stringify({ success: true, message: t.sent })),
      );
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      renderApp({
        apiBaseUrl: `http://127.0.0.1:${(slow.address() as AddressInfo).port}`,
        routes: [{ path: '/', element: <ContactForm /> }],
      });
      fill();
      fireEvent.click(screen.getByRole('button', { name: t.send }));
      expect((await screen.findByRole<HTMLButtonElement>('button', { name: t.sending })).disabled).toBe(true);
      const release = await held;
      await act(async () => release());
      await screen.findByText(t.sent);
    } finally {
      slow.closeAllConnections();
      slow.close();
    }
  });

  it('keeps what was typed and shows the SPEC error when sending fails', async () => {
    api.respond(() => ({
      status: 503,
      body: { code: 'SERVICE_UNAVAILABLE', message: 'user-data-service is unavailable', correlationId: 'c' },
    }));
    renderForm();
    fill();
    fireEvent.click(screen.getByRole('button', { name: t.send }));
    expect((await screen.findByRole('alert')).textContent).toBe(t.failed);
    await waitFor(() => expect((screen.getByLabelText(t.firstName) as HTMLInputElement).value).toBe('Meera'));
  });
});
