import type { Profile } from '@app/contracts';
import { ProfileKind } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { CHOSEN_PROFILE_PARAM, Paths } from '@web/app/paths';
import { FormAlert } from '@web/modules/auth/components/FormAlert';
import { originFrom } from '@web/modules/auth/origin';
import { errorText } from '@web/shared/api/error-text';
import { buttonClass } from '@web/shared/ui/Button';
import { useProfiles } from '../hooks/useProfiles';
import { useSelectProfile } from '../hooks/useSelectProfile';
import { PinDialog } from './PinDialog';
import { ProfileTile } from './ProfileTile';
import styles from './WhoIsWatching.module.css';

/**
 * "Who's watching?" after sign-in (issue 25): the account's profiles as tiles; a locked one asks for its PIN.
 * Choosing stores a session acting as the profile and goes on to where sign-in was going. An account with one
 * unlocked profile skips it (the session acts as that profile already), and so does a list that cannot be loaded:
 * the sign-in's own session is the account's first profile (the server refuses it when it is not: ChooseProfileFirst).
 */
export const WhoIsWatching = () => {
  const { t } = useTranslation('profiles');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const next = originFrom(location.state) ?? Paths.userDashboard;
  const { profiles, current, isPending, isError } = useProfiles();
  const [askingId, setAskingId] = useState<string | null>(params.get(CHOSEN_PROFILE_PARAM));
  const select = useSelectProfile({ onSuccess: () => void navigate(next, { replace: true }) });
  const asking = profiles.find((profile) => profile.id === askingId && profile.locked) ?? null;

  if (isPending)
    return (
      <p role="status" className={styles.status}>
        {t('chooser.loading')}
      </p>
    );
  const only = profiles.length === 1 ? profiles[0] : null;
  if (isError || (only && !only.locked)) return <Navigate to={next} replace />;

  const choose = (profile: Profile) => {
    select.reset();
    if (profile.locked) setAskingId(profile.id);
    else if (profile.id === current?.id) void navigate(next, { replace: true });
    else select.mutate({ profileId: profile.id });
  };
  const failure = select.isError ? errorText(select.error, { fallback: t('chooser.selectFailed') }) : null;

  return (
    <div className={styles.chooser}>
      <title>{`${t('chooser.documentTitle')} · Streamly`}</title>
      <h1 className={styles.title}>{t('chooser.title')}</h1>
      {!asking && <FormAlert tone="error" message={failure} />}
      <ul className={styles.tiles} aria-label={t('chooser.list')}>
        {profiles.map((profile) => (
          <li key={profile.id}>
            <ProfileTile profile={profile} disabled={select.isPending} onChoose={choose} />
          </li>
        ))}
      </ul>
      {/* Managing needs a profile acting (the server refuses a session that names none, issue 25). */}
      {current && current.kind !== ProfileKind.Kids && (
        <Link to={Paths.manageProfiles} className={buttonClass({ variant: 'ghost' })}>
          {t('chooser.manage')}
        </Link>
      )}
      {asking && (
        <PinDialog
          key={asking.id}
          profile={asking}
          error={failure}
          busy={select.isPending}
          onSubmit={(pin) => select.mutate({ profileId: asking.id, pin })}
          onClose={() => {
            select.reset();
            setAskingId(null);
          }}
        />
      )}
      {select.isPending && !asking && (
        <p role="status" className={styles.status}>
          {t('chooser.opening')}
        </p>
      )}
    </div>
  );
};
