import { istInputToIso, istInputValue, istLabel, scheduleErrors } from './schedule-time';

const now = new Date('2026-11-27T12:00:00.000Z');

describe('schedule times in IST (issue 28)', () => {
  it('shows a stored instant in IST in the input and reads the input back as the same instant', () => {
    expect(istInputValue('2026-11-27T15:00:00.000Z')).toBe('2026-11-27T20:30:00');
    expect(istInputToIso('2026-11-27T20:30:00')).toBe('2026-11-27T15:00:00.000Z');
    // Minute precision (a browser without seconds) reads the same.
    expect(istInputToIso('2026-11-27T20:30')).toBe('2026-11-27T15:00:00.000Z');
    expect(istInputValue(null)).toBe('');
    expect(istInputToIso('  ')).toBeNull();
    expect(istInputToIso('tomorrow')).toBeUndefined();
  });

  it('labels a time for the lists in IST, across midnight', () => {
    expect(istLabel('2026-11-27T19:00:00.000Z')).toMatch(/28 Nov 2026.*12:30.*am IST$/i);
  });

  it('puts each schedule problem under its field, and judges only changed fields on an edit', () => {
    const draft = { status: 'draft' as const, publishAt: '', availableUntil: '' };
    expect(scheduleErrors({ ...draft, publishAt: '2026-11-27T17:00:00' }, undefined, now)).toEqual({
      publishAt: 'publishAtPast',
    });
    expect(
      scheduleErrors(
        { ...draft, publishAt: '2026-11-28T10:00:00', availableUntil: '2026-11-28T09:00:00' },
        undefined,
        now,
      ),
    ).toEqual({ availableUntil: 'availableUntilBeforePublish' });
    expect(
      scheduleErrors(
        { status: 'published', publishAt: '2026-11-28T10:00:00', availableUntil: '' },
        undefined,
        now,
      ),
    ).toEqual({ publishAt: 'publishAtNotDraft' });
    // An ended licence left as it was does not block an edit of something else.
    const ended = { status: 'published' as const, publishAt: '', availableUntil: '2026-11-01T10:00:00' };
    expect(scheduleErrors(ended, ended, now)).toEqual({});
    expect(scheduleErrors({ ...draft, publishAt: '2026-11-28T10:00:00' }, undefined, now)).toEqual({});
  });
});
