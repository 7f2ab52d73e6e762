import { ClassificationLabel, PROFILE_LIMIT, type Profile, ProfileKind } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { FormAlert } from '@web/modules/auth/components/FormAlert';
import { errorText } from '@web/shared/api/error-text';
import { Button, buttonClass } from '@web/shared/ui/Button';
import { cardClass } from '@web/shared/ui/Card';
import { PageHeader } from '@web/shared/ui/PageTitle';
import { useProfiles } from '../hooks/useProfiles';
import { DeleteProfileModal } from './DeleteProfileModal';
import { ProfileAvatar } from './ProfileAvatar';
import { ProfileFormModal } from './ProfileFormModal';
import { LockIcon } from './ProfileTile';
import styles from './ManageProfiles.module.css';

type Open = { kind: 'add' } | { kind: 'edit' | 'delete'; profile: Profile } | null;

/**
 * Manage Profiles (issue 25): the account's profiles with Edit and Delete, and Add while there are fewer than five.
 * The profile in use is not deleted from here (its own session would end). A kids profile manages nothing.
 */
export const ManageProfiles = () => {
  const { t } = useTranslation('profiles');
  const { profiles, current, isPending, isError, error } = useProfiles();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  const content = () => {
    if (isPending) return <p role="status">{t('chooser.loading')}</p>;
    if (isError) return <FormAlert tone="error" message={errorText(error, { fallback: t('form.failed') })} />;
    if (current?.kind === ProfileKind.Kids)
      return <FormAlert tone="error" message={t('manage.kidsRefused')} />;
    return (
      <>
        <ul className={styles.list}>
          {profiles.map((profile) => (
            <li key={profile.id} className={cardClass({ padding: 'sm' }, styles.row)}>
              <ProfileAvatar avatar={profile.avatar} className={styles.rowAvatar} />
              <div className={styles.rowText}>
                <span className={styles.rowName}>{profile.name}</span>
                <span className={styles.rowFacts}>
                  {profile.kind === ProfileKind.Kids ? t('form.kidsKind') : t('form.standard')} ·{' '}
                  {ClassificationLabel[profile.maturityCeiling]}
                  {profile.locked && (
                    <>
                      {' · '}
                      <span className={styles.rowLock}>
                        <LockIcon />
                        {t('chooser.locked')}
                      </span>
                    </>
                  )}
                  {profile.id === current?.id && <span className={styles.inUse}> · {t('manage.inUse')}</span>}
                </span>
              </div>
              <div className={styles.rowActions}>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('manage.edit', { name: profile.name })}
                  onClick={() => setOpen({ kind: 'edit', profile })}
                >
                  {t('manage.editButton')}
                </Button>
                {profile.id !== current?.id && (
                  <Button
                    variant="danger"
                    size="sm"
                    aria-label={t('manage.delete', { name: profile.name })}
                    onClick={() => setOpen({ kind: 'delete', profile })}
                  >
                    {t('manage.deleteButton')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
        {profiles.length < PROFILE_LIMIT ? (
          <Button onClick={() => setOpen({ kind: 'add' })}>{t('manage.add')}</Button>
        ) : (
          <p className={styles.hint}>{t('manage.full')}</p>
        )}
      </>
    );
  };

  return (
    <main className={styles.main}>
      <title>{`${t('manage.documentTitle')} · Streamly`}</title>
      <PageHeader title={t('manage.title')} lead={t('manage.lead')} />
      {content()}
      <Link to={Paths.whoIsWatching} className={buttonClass({ variant: 'ghost' }, styles.done)}>
        {t('manage.done')}
      </Link>
      {open?.kind === 'add' && <ProfileFormModal profiles={profiles} onClose={close} />}
      {open?.kind === 'edit' && (
        <ProfileFormModal profile={open.profile} profiles={profiles} onClose={close} />
      )}
      {open?.kind === 'delete' && <DeleteProfileModal profile={open.profile} onClose={close} />}
    </main>
  );
};
