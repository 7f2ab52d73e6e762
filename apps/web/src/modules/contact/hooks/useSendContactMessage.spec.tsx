import type { ContactRequest } from '@app/contracts';
import { act } from '@testing-library/react';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { renderHookWithApi } from '@web/test/render-hook';
import { useSendContactMessage } from './useSendContactMessage';

const message: ContactRequest = {
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.in',
  companyName: 'Rao Films',
  serviceInterested: 'Streaming',
  message: 'Hello',
  recaptchaToken: 'captcha-token-1',
};

describe('useSendContactMessage', () => {
  let api: FakeApi;
  let seen: Array<{ method?: string; path: string; body: unknown }>;

  beforeEach(async () => {
    seen = [];
    api = await startFakeApi((request, url, body) => {
      seen.push({ method: request.method, path: url.pathname, body });
      return { status: 201, body: { success: true, message: 'Message sent successfully!' } };
    });
  });

  afterEach(() => api.close());

  it('posts the message with its captcha to /api/contact and hands the receipt to the screen', async () => {
    const onSuccess = jest.fn();
    const { result } = renderHookWithApi(() => useSendContactMessage({ onSuccess }), {
      apiBaseUrl: api.baseUrl,
    });

    await act(() => result.current.mutateAsync(message));

    expect(seen).toEqual([{ method: 'POST', path: '/api/contact', body: message }]);
    expect(onSuccess).toHaveBeenCalledWith({ success: true, message: 'Message sent successfully!' });
  });
});
