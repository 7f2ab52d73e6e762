import { isListed, scheduleProblem, ScheduleMessages } from './schedule';

const now = new Date('2026-11-27T12:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const changedBoth = { publishAt: true, availableUntil: true };

describe('scheduleProblem (issue 28)', () => {
  it('accepts a draft scheduled ahead with a licence end after it, and no schedule at all', () => {
    expect(
      scheduleProblem(
        { status: 'draft', publishAt: later(60_000), availableUntil: later(120_000) },
        changedBoth,
        now,
      ),
    ).toBeNull();
    expect(
      scheduleProblem({ status: 'published', publishAt: null, availableUntil: null }, changedBoth, now),
    ).toBeNull();
  });

  it.each([
    [
      'a publish time now or past',
      { status: 'draft' as const, publishAt: now, availableUntil: null },
      ScheduleMessages.publishAtPast,
    ],
    [
      'a publish time on a published title',
      { status: 'published' as const, publishAt: later(1), availableUntil: null },
      ScheduleMessages.publishAtNotDraft,
    ],
    [
      'a licence end in the past',
      { status: 'published' as const, publishAt: null, availableUntil: later(-1) },
      ScheduleMessages.availableUntilPast,
    ],
    [
      'a licence end at the publish time',
      { status: 'draft' as const, publishAt: later(5), availableUntil: later(5) },
      ScheduleMessages.availableUntilBeforePublish,
    ],
  ])('refuses %s', (_case, schedule, message) => {
    expect(scheduleProblem(schedule, changedBoth, now)).toBe(message);
  });

  it('judges only changed fields against the clock: an edit of a title whose licence ended is not refused for it', () => {
    expect(
      scheduleProblem(
        { status: 'published', publishAt: null, availableUntil: later(-1) },
        { publishAt: false, availableUntil: false },
        now,
      ),
    ).toBeNull();
  });

  it('lists a title until its licence end, not at it', () => {
    expect(isListed(null, now)).toBe(true);
    expect(isListed(later(1).toISOString(), now)).toBe(true);
    expect(isListed(now, now)).toBe(false);
  });
});
