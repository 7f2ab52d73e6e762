import type { CaptchaProvider } from '@app/contracts';
import { type Ref, useContext, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCaptchaConfig } from '../hooks/useCaptchaConfig';
import { AltchaWidget } from './AltchaWidget';
import { type CaptchaHandle, type CaptchaWidgets, CaptchaWidgetsContext } from './captcha-widgets';
import styles from './CaptchaField.module.css';
import { RecaptchaWidget } from './RecaptchaWidget';

const realWidgets: CaptchaWidgets = { altcha: AltchaWidget, recaptcha: RecaptchaWidget };

type CaptchaFieldProps = {
  /** The token to send as `recaptchaToken`, or null when there is none (not solved, expired, failed, reset). */
  onChange: (token: string | null) => void;
  ref?: Ref<CaptchaHandle>;
};

/**
 * The login captcha behind one interface (DECISIONS 19): the server names the provider; the widget
 * reports tokens, and expiry or failure clear the token and say so (SPEC 5 messages, per provider).
 */
export const CaptchaField = ({ onChange, ref }: CaptchaFieldProps) => {
  const { t } = useTranslation('auth');
  const captcha = useCaptchaConfig();
  const widgets = useContext(CaptchaWidgetsContext) ?? realWidgets;
  const widget = useRef<CaptchaHandle>(null);
  const [problem, setProblem] = useState<'expired' | 'loadError' | null>(null);

  useImperativeHandle(
    ref,
    () => ({
      reset: () => {
        widget.current?.reset();
        setProblem(null);
        onChange(null);
      },
    }),
    [onChange],
  );

  const provider: CaptchaProvider = captcha.data?.provider ?? 'altcha';
  const shownProblem = captcha.isError ? 'loadError' : problem;

  const Widget = captcha.data ? widgets[captcha.data.provider] : null;
  return (
    <div className={styles.field} role="group" aria-label={t('captchaLabel')}>
      {captcha.isPending && <p className={styles.loading}>{t('captchaLoading')}</p>}
      {Widget && captcha.data && (
        <Widget
          ref={widget}
          config={captcha.data}
          onVerified={(token) => {
            setProblem(null);
            onChange(token);
          }}
          onExpired={() => {
            setProblem('expired');
            onChange(null);
          }}
          onError={() => {
            setProblem('loadError');
            onChange(null);
          }}
        />
      )}
      {shownProblem && (
        <p role="alert" className={styles.problem}>
          {t(`captcha.${provider}.${shownProblem}`)}
        </p>
      )}
    </div>
  );
};
