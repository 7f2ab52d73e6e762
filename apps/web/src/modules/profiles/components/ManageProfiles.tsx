import { PROFILE_LIMIT, type Profile, ProfileKind } from '@app/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { FormAlert } from '@web/modules/auth/components/FormAlert';
import { errorText } from '@web/shared/api/error-text';
import { Button, buttonClass } from '@web/shared/ui/Button';
import { cardClass } from '@web/shared/ui/Card';
import { PageHeader } from '@web/shared/ui/PageTitle';
import { useProfiles } from '../hooks/useProfiles';
import { profileStrings } from '../strings';
import { DeleteProfileModal } from './DeleteProfileModal';
import { ProfileAvatar } from './ProfileAvatar';
import { ProfileFormModal } from './ProfileFormModal';
import { LockIcon } from './ProfileTile';
import styles from './ManageProfiles.module.css';

const { manage: texts, chooser, form } = profileStrings;

type Open = { kind: 'add' } | { kind: 'edit' | 'delete'; profile: Profile } | null;

/**
 * Manage Profiles (issue 25): the account's profiles with Edit and Delete, and Add while there are fewer than five.
 * The profile in use is not deleted from here (its own session would end). A kids profile manages nothing.
 */
export const ManageProfiles = () => {
  const { profiles, current, isPending, isError, error } = useProfiles();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  const content = () => {
    if (isPending) return <p role="status">{chooser.loading}</p>;
    if (isError) return <FormAlert tone="error" message={errorText(error, { fallback: form.failed })} />;
    if (current?.kind === ProfileKind.Kids) return <FormAlert tone="error" message={texts.kidsRefused} />;
    return (
      <>
        <ul className={styles.list}>
          {profiles.map((profile) => (
            <li key={profile.id} className={cardClass({ padding: 'sm' }, styles.row)}>
              <ProfileAvatar avatar={profile.avatar} className={styles.rowAvatar} />
              <div className={styles.rowText}>
                <span className={styles.rowName}>{profile.name}</span>
                <span className={styles.rowFacts}>
                  {profile.kind === ProfileKind.Kids ? form.kidsKind : form.standard} ·{' '}
                  {profileStrings.ceilingLabel(profile.maturityCeiling)}
                  {profile.locked && (
                    <>
                      {' · '}
                      <span className={styles.rowLock}>
                        <LockIcon />
                        {chooser.locked}
                      </span>
                    </>
                  )}
                  {profile.id === current?.id && <span className={styles.inUse}> · {texts.inUse}</span>}
                </span>
              </div>
              <div className={styles.rowActions}>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={texts.edit(profile.name)}
                  onClick={() => setOpen({ kind: 'edit', profile })}
                >
                  {texts.editButton}
                </Button>
                {profile.id !== current?.id && (
                  <Button
                    variant="danger"
                    size="sm"
                    aria-label={texts.delete(profile.name)}
                    onClick={() => setOpen({ kind: 'delete', profile })}
                  >
                    {texts.deleteButton}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
        {profiles.length < PROFILE_LIMIT ? (
          <Button onClick={() => setOpen({ kind: 'add' })}>{texts.add}</Button>
        ) : (
          <p className={styles.hint}>{texts.full}</p>
        )}
      </>
    );
  };

  return (
    <main className={styles.main}>
      <title>{`${texts.documentTitle} · Streamly`}</title>
      <PageHeader title={texts.title} lead={texts.lead} />
      {content()}
      <Link to={Paths.whoIsWatching} className={buttonClass({ variant: 'ghost' }, styles.done)}>
        {texts.done}
      </Link>
      {open?.kind === 'add' && <ProfileFormModal profiles={profiles} onClose={close} />}
      {open?.kind === 'edit' && (
        <ProfileFormModal profile={open.profile} profiles={profiles} onClose={close} />
      )}
      {open?.kind === 'delete' && <DeleteProfileModal profile={open.profile} onClose={close} />}
    </main>
  );
};
