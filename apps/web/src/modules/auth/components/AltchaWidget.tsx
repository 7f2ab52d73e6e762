import type {} from 'altcha/types/react';
import { useEffect, useImperativeHandle, useRef, useState } from 'react';
import { config as appConfig } from '@web/shared/config/config';
import type { CaptchaWidgetProps } from './captcha-widgets';
import styles from './CaptchaField.module.css';

type AltchaElement = HTMLElement & { reset?: () => void };
type StateDetail = { state?: string; payload?: string };

/** The self-hosted proof-of-work captcha (DECISIONS 19), as the `altcha-widget` web component. */
export const AltchaWidget = ({ config, onVerified, onExpired, onError, ref }: CaptchaWidgetProps) => {
  const element = useRef<AltchaElement>(null);
  const [loaded, setLoaded] = useState(false);
  const handlers = useRef({ onVerified, onExpired, onError });
  useEffect(() => {
    handlers.current = { onVerified, onExpired, onError };
  });

  // The element's code is loaded once, on the first screen that asks for a captcha.
  useEffect(() => {
    let live = true;
    import('altcha').then(
      () => live && setLoaded(true),
      () => live && handlers.current.onError(),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const widget = element.current;
    if (!loaded || !widget) return undefined;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateDetail>).detail ?? {};
      if (state === 'verified' && payload) handlers.current.onVerified(payload);
      else if (state === 'expired') handlers.current.onExpired();
      else if (state === 'error') handlers.current.onError();
    };
    widget.addEventListener('statechange', onStateChange);
    return () => widget.removeEventListener('statechange', onStateChange);
  }, [loaded]);

  useImperativeHandle(ref, () => ({ reset: () => element.current?.reset?.() }), []);

  if (config.provider !== 'altcha') return null;
  return (
    <div className={styles.altcha}>
      <altcha-widget ref={element} challenge={`${appConfig.apiBaseUrl}${config.challengeUrl}`} />
    </div>
  );
};
