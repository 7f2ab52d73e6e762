import { MovieStatus } from '@app/contracts';
import { adminPage } from './title-lists';

const setup = () => {
  const stored = [{ id: 'a' }, { id: 'b' }];
  const repository = {
    list: jest.fn(async (_criteria: object, _sort: 'added', page: number, pageSize: number) => ({
      data: stored,
      page,
      pageSize,
      total: stored.length,
    })),
  };
  return { repository, stored };
};

describe('adminPage', () => {
  it('asks for the newest first with the normalised search and the status, and answers what the repository found', async () => {
    const { repository, stored } = setup();
    const page = await adminPage(repository, {
      page: 2,
      pageSize: 5,
      status: MovieStatus.Draft,
      search: '  PÂNCHAYAT! ',
    });
    expect(repository.list).toHaveBeenCalledWith(
      // Every class: the admin list is not limited by the admin's profile (issue 25).
      { status: MovieStatus.Draft, search: 'panchayat', everyClass: true },
      'added',
      2,
      5,
    );
    expect(page).toEqual({ data: stored, page: 2, pageSize: 5, total: 2 });
  });

  it('lists everything for a blank search', async () => {
    const { repository } = setup();
    await adminPage(repository, { page: 1, pageSize: 20, search: '   ' });
    expect(repository.list).toHaveBeenCalledWith(
      { status: undefined, search: undefined, everyClass: true },
      'added',
      1,
      20,
    );
  });

  it('answers an empty page, without a query, for a punctuation-only search', async () => {
    const { repository } = setup();
    await expect(adminPage(repository, { page: 3, pageSize: 10, search: '?!' })).resolves.toEqual({
      data: [],
      page: 3,
      pageSize: 10,
      total: 0,
    });
    expect(repository.list).not.toHaveBeenCalled();
  });
});
