/** The search key for a title: lower case, accents removed, punctuation as spaces, single-spaced. */
export const normalizeTitle = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Regex metacharacters in a search stay literal. */
export const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A list's search as the title fragment it matches: undefined for none (absent or blank), null for one that can
 * match nothing (only punctuation, which normalises to nothing: it matches nothing rather than everything).
 */
export const searchFragment = (search: string | undefined): string | null | undefined =>
  search?.trim() ? normalizeTitle(search) || null : undefined;
