import { GST_STATES, GstinSchema, gstinCheckCharacter, isValidGstin } from './billing';

describe('GSTIN', () => {
  it('accepts real GSTINs whose check character is right', () => {
    // Published examples (Maharashtra, Tamil Nadu) and development's sample business (Karnataka).
    for (const gstin of ['27AAPFU0939F1ZV', '33AAACH7409R1Z8', '29ABCDE1234F1ZW'])
      expect(isValidGstin(gstin)).toBe(true);
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });

  it('refuses a wrong check character, any single changed character, and a broken format', () => {
    expect(isValidGstin('27AAPFU0939F1ZA')).toBe(false);
    const valid = '27AAPFU0939F1ZV';
    const chars = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    // Mod-36 with weights 1 and 2 catches every single-character change.
    for (let index = 0; index < 14; index++)
      for (const replacement of chars) {
        if (replacement === valid[index]) continue;
        const changed = valid.slice(0, index) + replacement + valid.slice(index + 1);
        expect([changed, isValidGstin(changed)]).toEqual([changed, false]);
      }
    for (const broken of [
      '',
      '27AAPFU0939F1Z',
      '27AAPFU0939F1ZVX',
      '27aapfu0939f1zv',
      '27AAPFU0939F0ZV',
      '27AAPFU0939F1YV',
    ])
      expect(isValidGstin(broken)).toBe(false);
  });

  it('refuses a state code GST does not have', () => {
    expect(Object.keys(GST_STATES)).not.toContain('28');
    const first14 = '28AAPFU0939F1Z';
    expect(isValidGstin(first14 + gstinCheckCharacter(first14))).toBe(false);
  });

  it('is read trimmed and in capitals', () => {
    expect(GstinSchema.parse(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    expect(GstinSchema.safeParse('27AAPFU0939F1ZA').success).toBe(false);
  });
});
