import { useEffect, useImperativeHandle, useRef } from 'react';
import { useTheme } from '@web/shared/theme/ThemeProvider';
import type { CaptchaWidgetProps } from './captcha-widgets';

type RenderOptions = {
  sitekey: string;
  theme: 'dark' | 'light';
  callback: (token: string) => void;
  'expired-callback': () => void;
  'error-callback': () => void;
};
type Grecaptcha = {
  render: (container: HTMLElement, options: RenderOptions) => number;
  reset: (widgetId?: number) => void;
};
type RecaptchaWindow = Window & { grecaptcha?: Grecaptcha; onStreamlyRecaptchaLoad?: () => void };

const SCRIPT_URL = 'https://www.google.com/recaptcha/api.js?onload=onStreamlyRecaptchaLoad&render=explicit';
let scriptLoad: Promise<Grecaptcha> | null = null;

/** Google's script, loaded once per page. */
const loadRecaptcha = (): Promise<Grecaptcha> => {
  scriptLoad ??= new Promise<Grecaptcha>((resolve, reject) => {
    const host = window as RecaptchaWindow;
    host.onStreamlyRecaptchaLoad = () =>
      host.grecaptcha ? resolve(host.grecaptcha) : reject(new Error('reCAPTCHA missing'));
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onerror = () => {
      scriptLoad = null;
      script.remove();
      reject(new Error('reCAPTCHA script failed to load'));
    };
    document.head.append(script);
  });
  return scriptLoad;
};

/** Google reCAPTCHA v2 (checkbox), used when the server says it is configured. */
export const RecaptchaWidget = ({ config, onVerified, onExpired, onError, ref }: CaptchaWidgetProps) => {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: Grecaptcha; id: number } | null>(null);
  const handlers = useRef({ onVerified, onExpired, onError });
  const { theme } = useTheme();
  useEffect(() => {
    handlers.current = { onVerified, onExpired, onError };
  });

  const siteKey = config.provider === 'recaptcha' ? config.siteKey : null;
  useEffect(() => {
    let live = true;
    if (!siteKey) return undefined;
    loadRecaptcha().then(
      (api) => {
        if (!live || !container.current) return;
        container.current.replaceChildren();
        const id = api.render(container.current, {
          sitekey: siteKey,
          theme,
          callback: (token) => handlers.current.onVerified(token),
          'expired-callback': () => handlers.current.onExpired(),
          'error-callback': () => handlers.current.onError(),
        });
        widget.current = { api, id };
      },
      () => live && handlers.current.onError(),
    );
    return () => {
      live = false;
      widget.current = null;
    };
  }, [siteKey, theme]);

  useImperativeHandle(ref, () => ({ reset: () => widget.current?.api.reset(widget.current.id) }), []);

  return <div ref={container} />;
};
