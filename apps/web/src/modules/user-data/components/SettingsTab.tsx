import { PlaybackPreference, type ViewerSettings } from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@web/modules/auth/components/FormAlert';
import { Button } from '@web/shared/ui/Button';
import { CheckboxField } from '@web/shared/ui/CheckboxField';
import { Form } from '@web/shared/ui/Form';
import { SelectField } from '@web/shared/ui/TextField';
import { useSaveViewerSettings, useViewerSettings } from '../hooks/useViewerSettings';
import { LoadFailed, Loading } from './LoadStates';
import styles from './SettingsTab.module.css';

type Outcome = { tone: 'success' | 'error'; message: string } | null;

const PLAYBACK_OPTIONS = Object.values(PlaybackPreference);

const SettingsForm = ({ userId, saved }: { userId: string; saved: ViewerSettings }) => {
  const { t } = useTranslation('userData');
  const [draft, setDraft] = useState(saved);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const save = useSaveViewerSettings(userId, {
    onSuccess: (settings) => {
      setDraft(settings);
      setOutcome({ tone: 'success', message: t('settingsSaved') });
    },
    onError: () => setOutcome({ tone: 'error', message: t('saveSettingsFailed') }),
  });
  const notify = (key: keyof ViewerSettings['notifications']) => (checked: boolean) => {
    setDraft((current) => ({ ...current, notifications: { ...current.notifications, [key]: checked } }));
    setOutcome(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    save.mutate(draft);
  };

  return (
    <Form onSubmit={submit} className={styles.form}>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('emailNotifications')}</legend>
        <CheckboxField
          label={t('newReleases')}
          checked={draft.notifications.newReleases}
          onChange={notify('newReleases')}
        />
        <CheckboxField
          label={t('recommendations')}
          checked={draft.notifications.recommendations}
          onChange={notify('recommendations')}
        />
      </fieldset>
      <SelectField
        label={t('playback')}
        value={draft.playback}
        fieldClassName={styles.select}
        onChange={(event) => {
          setDraft((current) => ({ ...current, playback: event.target.value as PlaybackPreference }));
          setOutcome(null);
        }}
      >
        {PLAYBACK_OPTIONS.map((option) => (
          <option key={option} value={option}>
            {t(`playbackOptions.${option}`)}
          </option>
        ))}
      </SelectField>
      <div className={styles.actions}>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('saving') : t('saveChanges')}
        </Button>
      </div>
      {outcome && <FormAlert tone={outcome.tone} message={outcome.message} />}
    </Form>
  );
};

/** The profile's Settings (SPEC 2, DECISIONS 21): email notifications and playback, saved per user. */
export const SettingsTab = ({ userId }: { userId: string }) => {
  const { t } = useTranslation('userData');
  const settings = useViewerSettings(userId);
  if (settings.isPending) return <Loading text={t('settingsLoading')} />;
  if (settings.isError)
    return (
      <LoadFailed
        text={t('settingsFailed')}
        error={settings.error}
        service="user-data-service"
        retrying={settings.isFetching}
        onRetry={() => void settings.refetch()}
      />
    );
  return <SettingsForm userId={userId} saved={settings.data} />;
};
