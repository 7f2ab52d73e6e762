import type { MovieListCache } from '../movies/movie-list.cache';
import type { MoviesRepository } from '../movies/movies.repository';
import type { ReviewsRepository } from './reviews.repository';
import { DELETED_AUTHOR, ReviewsService } from './reviews.service';

const setup = (anonymised = 2) => {
  const reviews = { anonymiseAuthor: jest.fn(async () => anonymised) };
  const listCache = { invalidate: jest.fn(async () => undefined) };
  const service = new ReviewsService(
    reviews as unknown as ReviewsRepository,
    {} as MoviesRepository,
    listCache as unknown as MovieListCache,
  );
  return { service, reviews, listCache };
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

  it("drops the kept title pages when it renamed a review (they list the author's name), and only then", async () => {
    const renamed = setup(2);
    await renamed.service.forgetAuthor('65f0a1b2c3d4e5f6a7b8c9d0');
    expect(renamed.listCache.invalidate).toHaveBeenCalledTimes(1);

    const none = setup(0);
    await none.service.forgetAuthor('65f0a1b2c3d4e5f6a7b8c9d0');
    expect(none.listCache.invalidate).not.toHaveBeenCalled();
  });
});
