/** The search key for a title: lower case, accents removed, punctuation as spaces, single-spaced. */
export const normalizeTitle = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
