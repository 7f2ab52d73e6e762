import type { StoredItem } from './items.repository';
import { toCatalogueItem } from './item.mapper';

const record = (overrides: Partial<StoredItem> = {}): StoredItem => ({
  _id: 'b'.repeat(24),
  title: 'Lagaan',
  genre: ' Drama ',
  status: 'published',
  ...overrides,
});

describe('toCatalogueItem', () => {
  it('reads a record written before series existed (no kind) as a movie', () => {
    expect(toCatalogueItem(record())).toMatchObject({
      movieId: 'b'.repeat(24),
      kind: 'movie',
      genreKey: 'drama',
    });
  });

  it('keeps a series as a series', () => {
    expect(toCatalogueItem(record({ kind: 'series' })).kind).toBe('series');
    expect(toCatalogueItem(record({ kind: 'movie' })).kind).toBe('movie');
  });

  it('offers only published, undeleted items', () => {
    expect(toCatalogueItem(record({ kind: 'series' })).recommendable).toBe(true);
    expect(toCatalogueItem(record({ kind: 'series', deleted: true })).recommendable).toBe(false);
    expect(toCatalogueItem(record({ kind: 'series', status: 'draft' })).recommendable).toBe(false);
  });

  it('stops offering a title at its licence end (issue 28), not before', () => {
    const end = new Date('2026-12-01T00:00:00.000Z');
    const ended = record({ availableUntil: end });
    expect(toCatalogueItem(ended, new Date(end.getTime() - 1)).recommendable).toBe(true);
    expect(toCatalogueItem(ended, end).recommendable).toBe(false);
    expect(toCatalogueItem(record({ availableUntil: null }), end).recommendable).toBe(true);
  });
});
