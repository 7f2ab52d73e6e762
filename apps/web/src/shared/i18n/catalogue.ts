import type { Language } from './languages';

/**
 * A translation of an English catalogue: the same keys, every text a string (issue 26). Typing a language's
 * catalogue with it makes a missing or extra key a compile error.
 */
export type Catalogue<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]>;
};

/** What one namespace's catalogue loads from, per language. */
export type CatalogueEntry = Record<Language, () => Promise<object>>;

/** What each namespace's catalogue loads from. */
export type CatalogueLoaders = Record<string, CatalogueEntry>;
