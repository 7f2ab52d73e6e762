import type { CaptchaConfig, CaptchaProvider } from '@app/contracts';
import { type ComponentType, createContext, type Ref } from 'react';

export type CaptchaHandle = { reset: () => void };

/** What every captcha provider's widget does (DECISIONS 19): report a token, an expiry or a failure. */
export type CaptchaWidgetProps = {
  config: CaptchaConfig;
  onVerified: (token: string) => void;
  onExpired: () => void;
  onError: () => void;
  ref?: Ref<CaptchaHandle>;
};

export type CaptchaWidgets = Record<CaptchaProvider, ComponentType<CaptchaWidgetProps>>;

/** The widget per provider; tests put fakes here, the app uses the real ones (see CaptchaField). */
export const CaptchaWidgetsContext = createContext<CaptchaWidgets | null>(null);
