import { ClassificationLabel, PROFILE_AVATARS, type Profile, ProfileKind } from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@web/modules/auth/components/FormAlert';
import { errorText } from '@web/shared/api/error-text';
import { Button } from '@web/shared/ui/Button';
import { CheckboxField } from '@web/shared/ui/CheckboxField';
import { Form } from '@web/shared/ui/Form';
import { Modal } from '@web/shared/ui/Modal';
import { PinField } from '@web/shared/ui/PinField';
import { SelectField, TextField } from '@web/shared/ui/TextField';
import { useCreateProfile, useUpdateProfile } from '../hooks/useProfileActions';
import {
  ceilingsFor,
  checkProfileForm,
  editProfileForm,
  type LockChoice,
  newProfileForm,
  type ProfileForm,
  type ProfileFormErrors,
  toCreateBody,
  toUpdateBody,
  withKind,
} from '../profile-form';
import { CaptionStyleFields } from './CaptionStyleFields';
import { ProfileAvatar } from './ProfileAvatar';
import styles from './ManageProfiles.module.css';

type ProfileFormModalProps = {
  /** The profile to edit; none to add one. */
  profile?: Profile;
  /** The account's profiles (a new one gets an avatar nobody has yet). */
  profiles: readonly Profile[];
  onClose: () => void;
};

/**
 * Add or edit a profile: name, avatar, kind, maturity rating (U or U/A 7+ for kids), an optional 4-digit lock and,
 * on edit, its subtitle style (issue 26).
 * The server's refusals (409: the fifth profile, a name taken; 400: a kids rating) show in the form as it said them.
 */
export const ProfileFormModal = ({ profile, profiles, onClose }: ProfileFormModalProps) => {
  const { t } = useTranslation('profiles');
  const [form, setForm] = useState<ProfileForm>(() =>
    profile ? editProfileForm(profile) : newProfileForm(profiles),
  );
  const [errors, setErrors] = useState<ProfileFormErrors>({});
  const create = useCreateProfile({ onSuccess: onClose });
  const update = useUpdateProfile({ onSuccess: onClose });
  const saving = profile ? update : create;
  const set = (changes: Partial<ProfileForm>) => setForm((current) => ({ ...current, ...changes }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkProfileForm(form, t);
    setErrors(found);
    if (Object.keys(found).length > 0 || saving.isPending) return;
    if (profile) update.mutate({ profileId: profile.id, changes: toUpdateBody(form) });
    else create.mutate(toCreateBody(form));
  };
  const failure = saving.isError ? errorText(saving.error, { fallback: t('form.failed') }) : null;
  const lockChoices: LockChoice[] = ['keep', 'set', 'remove'];
  const lockLabel: Record<LockChoice, string> = {
    none: t('form.lock'),
    set: t('form.changeLock'),
    keep: t('form.keepLock'),
    remove: t('form.removeLock'),
  };

  return (
    <Modal
      title={profile ? t('form.editTitle', { name: profile.name }) : t('form.addTitle')}
      onClose={onClose}
    >
      <Form onSubmit={submit} noValidate>
        <FormAlert tone="error" message={failure} />
        <TextField
          label={t('form.name')}
          value={form.name}
          maxLength={60}
          error={errors.name}
          onChange={(event) => set({ name: event.target.value })}
          autoComplete="off"
        />
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('form.avatar')}</legend>
          <div className={styles.avatars}>
            {PROFILE_AVATARS.map((avatar) => (
              <label key={avatar} className={styles.avatarChoice}>
                <input
                  type="radio"
                  name="avatar"
                  value={avatar}
                  checked={form.avatar === avatar}
                  onChange={() => set({ avatar })}
                  aria-label={t(`avatars.${avatar}`)}
                  className={styles.avatarInput}
                />
                <ProfileAvatar avatar={avatar} />
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('form.kind')}</legend>
          <div className={styles.choices}>
            {[ProfileKind.Standard, ProfileKind.Kids].map((kind) => (
              <label key={kind} className={styles.choice}>
                <input
                  type="radio"
                  name="kind"
                  value={kind}
                  checked={form.kind === kind}
                  onChange={() => setForm((current) => withKind(current, kind))}
                />
                {kind === ProfileKind.Kids ? t('form.kidsKind') : t('form.standard')}
              </label>
            ))}
          </div>
          {form.kind === ProfileKind.Kids && <p className={styles.hint}>{t('form.kidsHint')}</p>}
        </fieldset>
        <SelectField
          label={t('form.ceiling')}
          hint={t('form.ceilingHint')}
          value={form.maturityCeiling}
          onChange={(event) => set({ maturityCeiling: event.target.value as ProfileForm['maturityCeiling'] })}
        >
          {ceilingsFor(form.kind).map((ceiling) => (
            <option key={ceiling} value={ceiling}>
              {ClassificationLabel[ceiling]}
            </option>
          ))}
        </SelectField>
        {profile && <CaptionStyleFields value={form.captions} onChange={(captions) => set({ captions })} />}
        {profile?.locked ? (
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{t('form.lockChoice')}</legend>
            <div className={styles.choices}>
              {lockChoices.map((lock) => (
                <label key={lock} className={styles.choice}>
                  <input
                    type="radio"
                    name="lock"
                    value={lock}
                    checked={form.lock === lock}
                    onChange={() => set({ lock, pin: '' })}
                  />
                  {lockLabel[lock]}
                </label>
              ))}
            </div>
          </fieldset>
        ) : (
          <CheckboxField
            label={t('form.lock')}
            checked={form.lock === 'set'}
            onChange={(checked) => set({ lock: checked ? 'set' : 'none', pin: '' })}
          />
        )}
        {form.lock === 'set' && (
          <PinField
            label={t('form.pin')}
            autoComplete="new-password"
            value={form.pin}
            error={errors.pin}
            onChange={(pin) => set({ pin })}
          />
        )}
        <div className={styles.formActions}>
          <Button variant="ghost" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" disabled={saving.isPending}>
            {saving.isPending ? t('form.saving') : t('form.save')}
          </Button>
        </div>
      </Form>
    </Modal>
  );
};
