/**
 * A translation of an English catalogue: the same keys, every text a string (issue 26). Typing a language's
 * catalogue with it makes a missing or extra key a compile error.
 */
export type Catalogue<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]>;
};

/** What a namespace's catalogue loads from: English always, other languages once translated. */
export type CatalogueLoaders = Record<string, { en: () => Promise<object>; hi?: () => Promise<object> }>;
