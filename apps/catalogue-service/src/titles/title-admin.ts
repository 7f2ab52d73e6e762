import type { Types } from 'mongoose';
import type { z } from 'zod';
import type { TitleInputSchema } from '@app/contracts';
import { accessForRating, ErrorCode, MovieStatus } from '@app/contracts';
import { AppError } from '@app/server-core';
import type { TitleRepository } from './title.repository';
import type { StoredTitle, TitleRecord } from './title.schema';
import { normalizeTitle } from './title-search';
import { scheduleFields } from './title-schedule';

type TitleInput = z.infer<typeof TitleInputSchema>;
type TitleMessages = { notFound: string; onlyDraftsPublish: string };

/** A save as `TitleWrites.plan` decides it: the fields it sets, and whether (and when) it publishes a draft. */
export type SavePlan<R extends TitleRecord> = { fields: Partial<R>; publishing: boolean; publishDate: Date };

/** A form's `YYYY-MM-DD` as UTC midnight. */
export const toDate = (value: string | null | undefined) =>
  value ? new Date(`${value}T00:00:00.000Z`) : null;

/** The shared fields of a new title as stored (access defaults from the rating, DECISIONS 5). */
export const newTitle = (input: TitleInput, status: MovieStatus) => ({
  title: input.title,
  titleNormalized: normalizeTitle(input.title),
  description: input.description,
  genre: input.genre,
  genres: [input.genre],
  rating: input.rating,
  votes: null,
  posterUrl: input.posterUrl,
  status,
  access: input.access ?? accessForRating(input.rating),
  language: input.language ?? null,
  cast: input.cast ?? [],
  classification: input.classification,
  descriptors: input.descriptors,
  publishDate: status === MovieStatus.Published ? new Date() : null,
  publishAt: null,
  availableUntil: null,
  ...scheduleFields(input),
  popularity: 0,
});

/** An edit's fields as stored; only the keys present are set (an edit is partial), and the status is the save's. */
export const editedFields = <
  E extends {
    title?: string;
    status?: MovieStatus;
    publishAt?: string | null;
    availableUntil?: string | null;
  },
>(
  changes: E,
) => {
  const { title, status: _status, publishAt, availableUntil, ...rest } = changes;
  return {
    ...rest,
    ...(title !== undefined ? { title, titleNormalized: normalizeTitle(title) } : {}),
    ...scheduleFields({ publishAt, availableUntil }),
  };
};

/**
 * The admin writes movies and series make alike (DECISIONS 16: the gateway lets only admins here): an Add once
 * per idempotency key, a partial save that publishes a draft saved as published, Publish, Delete. Each kind's
 * admin service adds its own records, events, audit notes and cache work around them.
 */
export class TitleWrites<R extends TitleRecord> {
  constructor(
    private readonly titles: TitleRepository<R>,
    private readonly messages: TitleMessages,
  ) {}

  async findOrFail(id: string | StoredTitle['_id']): Promise<StoredTitle<R>> {
    const title = await this.titles.findById(id);
    if (!title) throw AppError.notFound(this.messages.notFound);
    return title;
  }

  /**
   * Stores a new title; `created` is false when an Add sent again with its idempotency key (a double click, a
   * retry) found the title the first one made under `sourceKey`. `_id` when its event names it before the write.
   */
  async create(
    record: R & { _id?: Types.ObjectId },
    sourceKey?: string,
  ): Promise<{ title: StoredTitle<R>; created: boolean }> {
    const title = await this.titles.create(record);
    if (title) return { title, created: true };
    const first = sourceKey ? await this.titles.findBySourceKey(sourceKey) : null;
    // Deleted since, only if an admin raced the retry.
    if (!first) throw AppError.notFound(this.messages.notFound);
    return { title: first, created: false };
  }

  /**
   * Saves an edit. A draft saved as published is published (publish date), like Publish and as conditionally:
   * the same save sent twice publishes once. Answers the title before and after, and whether this save published it.
   */
  async save(
    id: string,
    fields: Partial<R>,
    changes: { genre?: string; status?: MovieStatus },
  ): Promise<{ before: StoredTitle<R>; after: StoredTitle<R>; published: boolean }> {
    const before = await this.findOrFail(id);
    return this.apply(before, this.plan(before, fields, changes));
  }

  /**
   * What saving `fields` over `before` stores, and whether it publishes a draft: known before the write, so its
   * event can be stored first (the outbox). `apply` makes it.
   */
  plan(
    before: StoredTitle<R>,
    fields: Partial<R>,
    { genre, status }: { genre?: string; status?: MovieStatus },
    publishDate: Date = new Date(),
  ): SavePlan<R> {
    const planned = { ...fields };
    // The form's genre is the primary one; the others the title had stay after it.
    if (genre !== undefined)
      planned.genres = [genre, ...before.genres.filter((g) => g !== before.genre && g !== genre)];
    const publishing = status === MovieStatus.Published && before.status === MovieStatus.Draft;
    if (status !== undefined && !publishing) planned.status = status;
    return { fields: planned, publishing, publishDate };
  }

  /** Makes a planned save; `published` is false when a save racing it published the draft first. */
  async apply(
    before: StoredTitle<R>,
    { fields, publishing, publishDate }: SavePlan<R>,
  ): Promise<{ before: StoredTitle<R>; after: StoredTitle<R>; published: boolean }> {
    const id = before._id.toHexString();
    const updated = await this.titles.update(id, fields);
    if (!updated) throw AppError.notFound(this.messages.notFound);
    const published = publishing ? await this.titles.publishDraft(id, publishDate) : null;
    // Not published by this save: a save racing it did, after this one read the title; answer it as it now is.
    const after = published ?? (publishing ? await this.findOrFail(id) : updated);
    return { before, after, published: published !== null };
  }

  /** Only drafts publish (conditional: once); anything else is a conflict, an unknown id not found. */
  async publish(id: string, publishDate: Date = new Date()): Promise<StoredTitle<R>> {
    const title = await this.titles.publishDraft(id, publishDate);
    if (title) return title;
    await this.findOrFail(id);
    throw new AppError(ErrorCode.Conflict, this.messages.onlyDraftsPublish);
  }

  /** Deletes the title; answers the name it had, for the audit log. */
  async remove(id: string): Promise<string> {
    const name = (await this.titles.findById(id))?.title ?? id;
    if (!(await this.titles.delete(id))) throw AppError.notFound(this.messages.notFound);
    return name;
  }
}
