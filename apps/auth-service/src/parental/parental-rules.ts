import {
  ADULT_AGE,
  Classification,
  compareClassification,
  DEFAULT_PIN_FROM,
  ProfileKind,
} from '@app/contracts';
import type { ParentalSettings } from '@app/contracts';

type ParentalFields = { parentalPinHash?: string; parentalPinFrom?: Classification; dateOfBirth?: string };

/** The age in whole years on `today` of someone born on `dateOfBirth` (both YYYY-MM-DD, UTC calendar days). */
export const ageOn = (dateOfBirth: string, today: Date): number => {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  return beforeBirthday ? age - 1 : age;
};

export const isAdult = (dateOfBirth: string | undefined, today: Date): boolean =>
  dateOfBirth !== undefined && ageOn(dateOfBirth, today) >= ADULT_AGE;

export const pinFromOf = (account: ParentalFields): Classification =>
  account.parentalPinFrom ?? DEFAULT_PIN_FROM;

/** What playing a title of `classification` on a profile of `kind` needs from this account (issue 25). */
export const parentalNeeds = (
  account: ParentalFields,
  kind: ProfileKind,
  classification: Classification,
  today: Date,
): { ageDeclaration: boolean; pin: boolean } => ({
  ageDeclaration: classification === Classification.A && !isAdult(account.dateOfBirth, today),
  pin:
    kind !== ProfileKind.Kids &&
    account.parentalPinHash !== undefined &&
    compareClassification(classification, pinFromOf(account)) >= 0,
});

export const toParentalSettings = (account: ParentalFields, today: Date): ParentalSettings => ({
  pinSet: account.parentalPinHash !== undefined,
  pinFrom: pinFromOf(account),
  adultDeclared: isAdult(account.dateOfBirth, today),
});
