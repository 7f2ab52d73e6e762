import type { User } from '@app/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useImperativeHandle, useState } from 'react';
import type { RouteObject } from 'react-router-dom';
import { App } from '@web/app/App';
import { createApiClient } from '@web/shared/api/api-client';
import { memoryRouterAt } from '@web/test/memory-router';
import { storeSession } from '../auth-storage';
import {
  type CaptchaWidgetProps,
  type CaptchaWidgets,
  CaptchaWidgetsContext,
} from '../components/captcha-widgets';

let sequence = 0;

export const aUser = (overrides: Partial<User> = {}): User => {
  sequence += 1;
  return {
    id: `65f0aaaaaaaaaaaaaaaa${String(sequence).padStart(4, '0')}`,
    username: `viewer${sequence}`,
    email: `viewer${sequence}@example.in`,
    role: 'user',
    status: 'active',
    createdAt: '2025-01-12T10:00:00.000Z',
    profileImage: null,
    hasPassword: true,
    ...overrides,
  };
};

export const fakeCaptchaLabels = {
  solve: 'Solve captcha',
  expire: 'Expire captcha',
  fail: 'Break captcha',
} as const;
/** How many times the form asked the captcha to start over. */
export const captchaResets = { count: 0 };

/** Stands in for ALTCHA or reCAPTCHA: buttons do what the real widget's events do. */
const FakeCaptcha = ({ onVerified, onExpired, onError, ref }: CaptchaWidgetProps) => {
  const [solved, setSolved] = useState(0);
  useImperativeHandle(ref, () => ({ reset: () => (captchaResets.count += 1) }), []);
  return (
    <div>
      <button
        type="button"
        onClick={() => {
          setSolved((count) => count + 1);
          onVerified(`captcha-token-${solved + 1}`);
        }}
      >
        {fakeCaptchaLabels.solve}
      </button>
      <button type="button" onClick={onExpired}>
        {fakeCaptchaLabels.expire}
      </button>
      <button type="button" onClick={onError}>
        {fakeCaptchaLabels.fail}
      </button>
    </div>
  );
};

export const fakeCaptchaWidgets: CaptchaWidgets = { altcha: FakeCaptcha, recaptcha: FakeCaptcha };

type RenderOptions = {
  path?: string;
  apiBaseUrl: string;
  /** Stored before the app starts, as a returning signed-in visitor has it. */
  session?: { user: User; token: string };
  routes?: RouteObject[];
};

/** The whole app with the fake captcha, at `path`, against the API at `apiBaseUrl`. */
export const renderAuthApp = ({ path = '/', apiBaseUrl, session, routes }: RenderOptions) => {
  if (session) storeSession(session);
  const { router, wrap } = memoryRouterAt(path);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <CaptchaWidgetsContext value={fakeCaptchaWidgets}>
      {wrap(<App routes={routes} apiClient={createApiClient(apiBaseUrl)} queryClient={queryClient} />)}
    </CaptchaWidgetsContext>,
  );
  return { ...view, router, queryClient };
};

export const apiError = (status: number, code: string, message: string) => ({
  status,
  body: { code, message, correlationId: 'c-test' },
});
