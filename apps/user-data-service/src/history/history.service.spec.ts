import { Types } from 'mongoose';
import type { EventPayload } from '@app/contracts';
import type { HistoryRepository, StoredHistory } from './history.repository';
import { HistoryService, MAX_CLOCK_SKEW_MS } from './history.service';

const now = new Date('2025-06-01T12:00:00.000Z');

const report = (
  overrides: Partial<EventPayload<'watch.progressed'>> = {},
): EventPayload<'watch.progressed'> => ({
  userId: 'a'.repeat(24),
  movieId: 'b'.repeat(24),
  positionSeconds: 754,
  durationSeconds: 5400,
  event: 'tick',
  leaseId: 'lease-0001',
  reportedAt: '2025-06-01T11:59:50.000Z',
  ...overrides,
});

const setup = () => {
  const repository = {
    recordProgress: jest.fn(async () => true),
    findOne: jest.fn(async (): Promise<StoredHistory | null> => null),
    removeOfUser: jest.fn(async () => 2),
  };
  const service = new HistoryService(repository as unknown as HistoryRepository);
  return { service, repository };
};

describe('HistoryService', () => {
  it('hands the report to the conditional upsert, ordered by reportedAt', async () => {
    const { service, repository } = setup();
    await expect(service.recordProgress(report(), now)).resolves.toBe(true);
    expect(repository.recordProgress).toHaveBeenCalledWith({
      userId: 'a'.repeat(24),
      movieId: 'b'.repeat(24),
      positionSeconds: 754,
      durationSeconds: 5400,
      reportedAt: new Date('2025-06-01T11:59:50.000Z'),
    });
  });

  it('answers false when the repository ignored an older report', async () => {
    const { service, repository } = setup();
    repository.recordProgress.mockResolvedValueOnce(false);
    await expect(service.recordProgress(report(), now)).resolves.toBe(false);
  });

  it('keeps a position past the end at the end', async () => {
    const { service, repository } = setup();
    await service.recordProgress(report({ positionSeconds: 5401.5 }), now);
    expect(repository.recordProgress).toHaveBeenCalledWith(
      expect.objectContaining({ positionSeconds: 5400 }),
    );
  });

  it('passes an unknown duration through as null, so the repository keeps the one it knows', async () => {
    const { service, repository } = setup();
    await service.recordProgress(report({ durationSeconds: null, positionSeconds: 30 }), now);
    expect(repository.recordProgress).toHaveBeenCalledWith(
      expect.objectContaining({ positionSeconds: 30, durationSeconds: null }),
    );
  });

  it.each([
    ['an unreadable reportedAt', 'yesterday-ish'],
    [
      'a reportedAt beyond the allowed clock skew',
      new Date(now.getTime() + MAX_CLOCK_SKEW_MS + 1).toISOString(),
    ],
  ])('drops %s without writing (a future date would freeze the record)', async (_, reportedAt) => {
    const { service, repository } = setup();
    await expect(service.recordProgress(report({ reportedAt }), now)).resolves.toBe(false);
    expect(repository.recordProgress).not.toHaveBeenCalled();
  });

  it('accepts a report dated slightly ahead, within the clock skew', async () => {
    const { service, repository } = setup();
    const reportedAt = new Date(now.getTime() + 1_000).toISOString();
    await expect(service.recordProgress(report({ reportedAt }), now)).resolves.toBe(true);
    expect(repository.recordProgress).toHaveBeenCalled();
  });

  it('answers the resume point from the record, or null when the title was never watched', async () => {
    const { service, repository } = setup();
    await expect(service.resumePoint('a'.repeat(24), 'b'.repeat(24))).resolves.toBeNull();
    repository.findOne.mockResolvedValueOnce({
      _id: new Types.ObjectId(),
      userId: 'a'.repeat(24),
      movieId: 'b'.repeat(24),
      positionSeconds: 754,
      durationSeconds: null,
      lastWatchedAt: new Date('2025-06-01T11:59:50.000Z'),
      createdAt: new Date('2025-06-01T11:00:00.000Z'),
    });
    await expect(service.resumePoint('a'.repeat(24), 'b'.repeat(24))).resolves.toEqual({
      movieId: 'b'.repeat(24),
      positionSeconds: 754,
      durationSeconds: null,
      lastWatchedAt: '2025-06-01T11:59:50.000Z',
    });
    expect(repository.findOne).toHaveBeenLastCalledWith('a'.repeat(24), 'b'.repeat(24));
  });

  it("removes a deleted user's history", async () => {
    const { service, repository } = setup();
    await service.forgetUser('a'.repeat(24));
    expect(repository.removeOfUser).toHaveBeenCalledWith('a'.repeat(24));
  });
});
