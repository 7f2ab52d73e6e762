import type { Profile } from '@app/contracts';
import { ProfileKind } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { ProfileAvatar } from './ProfileAvatar';
import styles from './WhoIsWatching.module.css';

/** The lock drawn beside a locked profile's name. */
export const LockIcon = () => (
  <svg className={styles.lock} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <rect x="5" y="11" width="14" height="10" rx="2" fill="currentColor" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="2" />
  </svg>
);

type ProfileTileProps = { profile: Profile; disabled: boolean; onChoose: (profile: Profile) => void };

/** One profile on "Who's watching?": its avatar and name, marked Kids or Locked. */
export const ProfileTile = ({ profile, disabled, onChoose }: ProfileTileProps) => {
  const { t } = useTranslation('profiles');
  return (
    <button type="button" className={styles.tile} disabled={disabled} onClick={() => onChoose(profile)}>
      <span className={styles.picture}>
        <ProfileAvatar avatar={profile.avatar} />
      </span>
      <span className={styles.name}>{profile.name}</span>
      {(profile.kind === ProfileKind.Kids || profile.locked) && (
        <span className={styles.marks}>
          {profile.kind === ProfileKind.Kids && <span className={styles.kids}>{t('chooser.kids')}</span>}
          {profile.locked && (
            <span className={styles.locked}>
              <LockIcon />
              {t('chooser.locked')}
            </span>
          )}
        </span>
      )}
    </button>
  );
};
