import type { UpdateUserRequest, User, UserStatus } from '@app/contracts';
import type { TFunction } from 'i18next';
import type { Checked } from '@web/shared/ui/form-check';

export type UserFormValues = { username: string; email: string; status: string };

export const userFormLabels = (t: TFunction<'adminUsers'>): Record<keyof UserFormValues, string> => ({
  username: t('username'),
  email: t('email'),
  status: t('status'),
});

export const userFormValuesOf = (user: User): UserFormValues => ({
  username: user.username,
  email: user.email,
  status: user.status ?? 'active',
});

/** Edit User Profile sends only what changed (the browser checks the email's form). */
export const checkUserChanges = (values: UserFormValues, user: User): Checked<UpdateUserRequest, never> => {
  const changes: UpdateUserRequest = {};
  if (values.username.trim() !== user.username) changes.username = values.username.trim();
  if (values.email.trim() !== user.email) changes.email = values.email.trim();
  if (values.status !== user.status) changes.status = values.status as UserStatus;
  return { input: changes };
};
