import { z } from 'zod';

export const MAX_PAGE_SIZE = 100;

export const PageQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(24),
  })
  .strict();
export type PageQuery = z.infer<typeof PageQuerySchema>;

export type Page<T> = { data: T[]; page: number; pageSize: number; total: number };

/** The reply schema of a page of `item`s. */
export const pageSchemaOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
