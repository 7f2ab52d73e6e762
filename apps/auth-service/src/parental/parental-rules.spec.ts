import { Classification, ProfileKind } from '@app/contracts';
import { ageOn, isAdult, parentalNeeds, toParentalSettings } from './parental-rules';

const today = new Date('2026-11-27T10:00:00Z');

describe('parental rules (issue 25)', () => {
  it.each([
    ['2008-11-27', 18],
    ['2008-11-28', 17],
    ['2008-12-01', 17],
    ['2008-10-31', 18],
    ['1985-04-12', 41],
  ])('someone born on %s is %d on 2026-11-27', (dateOfBirth, age) => {
    expect(ageOn(dateOfBirth, today)).toBe(age);
  });

  it('is an adult from the 18th birthday on; nobody is without a declaration', () => {
    expect(isAdult('2008-11-27', today)).toBe(true);
    expect(isAdult('2008-11-28', today)).toBe(false);
    expect(isAdult(undefined, today)).toBe(false);
  });

  it('asks the declaration for A titles only, on any profile', () => {
    expect(parentalNeeds({}, ProfileKind.Standard, Classification.A, today).ageDeclaration).toBe(true);
    expect(parentalNeeds({}, ProfileKind.Standard, Classification.UA16, today).ageDeclaration).toBe(false);
    expect(
      parentalNeeds({ dateOfBirth: '1985-04-12' }, ProfileKind.Standard, Classification.A, today)
        .ageDeclaration,
    ).toBe(false);
  });

  it('asks the PIN, once one is set, at and above its class (A unless chosen), never on a kids profile', () => {
    const pin = { parentalPinHash: '$argon2id$x' };
    const needsPin = (account: object, kind: ProfileKind, classification: Classification) =>
      parentalNeeds(account, kind, classification, today).pin;
    expect(needsPin({}, ProfileKind.Standard, Classification.A)).toBe(false);
    expect(needsPin(pin, ProfileKind.Standard, Classification.A)).toBe(true);
    expect(needsPin(pin, ProfileKind.Standard, Classification.UA16)).toBe(false);
    const from13 = { ...pin, parentalPinFrom: Classification.UA13 };
    expect(needsPin(from13, ProfileKind.Standard, Classification.UA13)).toBe(true);
    expect(needsPin(from13, ProfileKind.Standard, Classification.UA7)).toBe(false);
    expect(needsPin({ ...pin, parentalPinFrom: Classification.U }, ProfileKind.Kids, Classification.U)).toBe(
      false,
    );
  });

  it('says what the settings are, never the PIN', () => {
    expect(toParentalSettings({ parentalPinHash: 'h', dateOfBirth: '1985-04-12' }, today)).toEqual({
      pinSet: true,
      pinFrom: Classification.A,
      adultDeclared: true,
    });
  });
});
