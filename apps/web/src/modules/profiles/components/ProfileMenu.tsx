import type { Profile, User } from '@app/contracts';
import { ProfileKind } from '@app/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Paths, toPath } from '@web/app/paths';
import { useProfiles } from '../hooks/useProfiles';
import { useSelectProfile } from '../hooks/useSelectProfile';
import { ProfileAvatar } from './ProfileAvatar';
import { LockIcon } from './ProfileTile';
import styles from './ProfileMenu.module.css';

type ProfileMenuProps = {
  user: User;
  /** The account's page (profile picture, password, plan): not for a kids profile. */
  accountLabel: string;
};

/**
 * The header's avatar: the profile this session acts as. It opens the switch (the account's other profiles, through
 * the same select as "Who's watching?"; a locked one asks for its PIN there), Manage Profiles and the account. A kids
 * profile keeps the switch only.
 */
export const ProfileMenu = ({ user, accountLabel }: ProfileMenuProps) => {
  const { t } = useTranslation('profiles');
  const { profiles, current, isPending } = useProfiles();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const select = useSelectProfile({ onSuccess: () => void navigate(Paths.userDashboard) });
  const isKids = current?.kind === ProfileKind.Kids;

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const choose = (profile: Profile) => {
    setOpen(false);
    if (profile.locked) void navigate(toPath.chooseProfile(profile.id));
    else select.mutate({ profileId: profile.id });
  };
  const others = profiles.filter((profile) => profile.id !== current?.id);

  return (
    <div ref={root} className={styles.menu}>
      <button
        type="button"
        className={styles.avatar}
        aria-label={current ? t('menu.button', { name: current.name }) : t('menu.fallbackButton')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
      >
        {current ? (
          <ProfileAvatar avatar={current.avatar} className={styles.picture} />
        ) : (
          <span aria-hidden="true">{(user.username || '?').slice(0, 1).toUpperCase()}</span>
        )}
      </button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        {current && (
          <p className={styles.current}>
            <ProfileAvatar avatar={current.avatar} className={styles.small} />
            <span>
              {current.name} <span className={styles.note}>({t('menu.current')})</span>
            </span>
          </p>
        )}
        {others.length > 0 && (
          <>
            <p className={styles.heading}>{t('menu.switchTo')}</p>
            <ul className={styles.list}>
              {others.map((profile) => (
                <li key={profile.id}>
                  <button
                    type="button"
                    className={styles.item}
                    disabled={select.isPending}
                    onClick={() => choose(profile)}
                  >
                    <ProfileAvatar avatar={profile.avatar} className={styles.small} />
                    <span className={styles.itemName}>{profile.name}</span>
                    {profile.locked && <LockIcon />}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
        {/* Held back until the profile is known: a kids profile gets no account links. */}
        {!isPending && !isKids && (
          <ul className={styles.list}>
            <li>
              <Link to={Paths.manageProfiles} className={styles.item} onClick={() => setOpen(false)}>
                {t('menu.manage')}
              </Link>
            </li>
            <li>
              <Link to={Paths.userProfile} className={styles.item} onClick={() => setOpen(false)}>
                {accountLabel}
              </Link>
            </li>
          </ul>
        )}
      </div>
    </div>
  );
};
