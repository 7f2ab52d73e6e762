import type { MoviesRepository } from '../movies/movies.repository';
import type { ReviewsRepository } from './reviews.repository';
import { DELETED_AUTHOR, ReviewsService } from './reviews.service';

const setup = () => {
  const reviews = { anonymiseAuthor: jest.fn(async () => 2) };
  const service = new ReviewsService(reviews as unknown as ReviewsRepository, {} as MoviesRepository);
  return { service, reviews };
};

describe('ReviewsService.forgetAuthor (user.deleted)', () => {
  it('renames the author "Deleted user" and replaces their id with a marker that is not theirs', async () => {
    const { service, reviews } = setup();
    const userId = '65f0a1b2c3d4e5f6a7b8c9d0';
    await service.forgetAuthor(userId);
    expect(reviews.anonymiseAuthor).toHaveBeenCalledWith(userId, expect.any(String), DELETED_AUTHOR);
    const [[, marker]] = reviews.anonymiseAuthor.mock.calls as unknown as [[string, string, string]];
    expect(marker).toMatch(/^deleted:[0-9a-f-]{36}$/);
    expect(marker).not.toContain(userId);
  });

  it('gives each deleted account its own marker, so two of them can have reviewed the same title', async () => {
    const { service, reviews } = setup();
    await service.forgetAuthor('65f0a1b2c3d4e5f6a7b8c9d0');
    await service.forgetAuthor('65f0a1b2c3d4e5f6a7b8c9d1');
    const markers = (reviews.anonymiseAuthor.mock.calls as unknown as [string, string, string][]).map(
      ([, marker]) => marker,
    );
    expect(new Set(markers).size).toBe(2);
  });
});
