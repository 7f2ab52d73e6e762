// No zod here: the web's cards and pages import these labels, and must not pull zod into their chunks with them.
// The schemas are in movies.ts.

/**
 * A title's classification under India's IT Rules 2021 (Digital Media Ethics Code), DECISIONS 37. Wire values
 * are short and URL-safe; `ClassificationLabel` is what people read. In `CLASSIFICATION_ORDER`, mildest first,
 * so a profile's ceiling can be compared (and turned into the list of classes at or below it for a query).
 */
export const Classification = {
  U: 'U',
  UA7: 'UA7',
  UA13: 'UA13',
  UA16: 'UA16',
  A: 'A',
} as const;
export type Classification = (typeof Classification)[keyof typeof Classification];

export const CLASSIFICATION_ORDER: readonly Classification[] = [
  Classification.U,
  Classification.UA7,
  Classification.UA13,
  Classification.UA16,
  Classification.A,
];

export const ClassificationLabel: Record<Classification, string> = {
  U: 'U',
  UA7: 'U/A 7+',
  UA13: 'U/A 13+',
  UA16: 'U/A 16+',
  A: 'A',
};

/** The class of a title nobody has rated (an unrated data-set film, a title from before classification). */
export const UNRATED_CLASSIFICATION: Classification = Classification.UA16;

/** Negative, zero or positive as `a` is milder than, the same as, or stronger than `b`. */
export const compareClassification = (a: Classification, b: Classification): number =>
  CLASSIFICATION_ORDER.indexOf(a) - CLASSIFICATION_ORDER.indexOf(b);

/** Whether a profile whose ceiling is `ceiling` may receive a title of `classification` (none: no viewer, no limit). */
export const withinCeiling = (classification: Classification, ceiling: Classification | undefined): boolean =>
  ceiling === undefined || compareClassification(classification, ceiling) <= 0;

/** The classes a ceiling admits, mildest first (what a list query filters on: `classification: { $in }`). */
export const classificationsUpTo = (ceiling: Classification): Classification[] =>
  CLASSIFICATION_ORDER.slice(0, CLASSIFICATION_ORDER.indexOf(ceiling) + 1);

/** What a title contains that a viewer is warned of, beside its class. */
export const ContentDescriptor = {
  Violence: 'violence',
  Language: 'language',
  Sex: 'sex',
  Nudity: 'nudity',
  Substances: 'substances',
  Horror: 'horror',
  Discrimination: 'discrimination',
} as const;
export type ContentDescriptor = (typeof ContentDescriptor)[keyof typeof ContentDescriptor];

export const CONTENT_DESCRIPTORS: readonly ContentDescriptor[] = Object.values(ContentDescriptor);

export const ContentDescriptorLabel: Record<ContentDescriptor, string> = {
  violence: 'Violence',
  language: 'Language',
  sex: 'Sex',
  nudity: 'Nudity',
  substances: 'Substances',
  horror: 'Horror',
  discrimination: 'Discrimination',
};

/** "U/A 13+ · Violence, Language" (the title pages, and the playback overlay later); the label alone without any. */
export const classificationLine = (
  classification: Classification,
  descriptors: readonly ContentDescriptor[],
): string =>
  descriptors.length
    ? `${ClassificationLabel[classification]} · ${descriptors.map((d) => ContentDescriptorLabel[d]).join(', ')}`
    : ClassificationLabel[classification];

/** What a badge says to a screen reader: "Rated U/A 13+". */
export const classificationAccessibleLabel = (classification: Classification): string =>
  `Rated ${ClassificationLabel[classification]}`;

/**
 * A certification to a class (issue 25): MPAA's and TMDB's US film ratings, US TV ratings, and India's CBFC
 * certificates as TMDB writes them. Null when unknown or empty (the caller decides: unrated is U/A 16+). US TV-14
 * ("unsuitable under 14") goes to U/A 16+, not 13+: a mapping that is unsure errs towards the stricter class.
 */
const CERTIFICATIONS: Record<string, Classification> = {
  // MPAA (the seed's data set, TMDB's US release dates)
  G: 'U',
  PG: 'UA7',
  'PG-13': 'UA13',
  R: 'A',
  'NC-17': 'A',
  // US TV (TMDB's US content ratings)
  'TV-Y': 'U',
  'TV-G': 'U',
  'TV-Y7': 'UA7',
  'TV-PG': 'UA7',
  'TV-14': 'UA16',
  'TV-MA': 'A',
  // India (CBFC; 'UA' before the 2024 split into ages, 'S' for specialised audiences)
  U: 'U',
  UA: 'UA13',
  'U/A': 'UA13',
  'UA 7+': 'UA7',
  'UA 13+': 'UA13',
  'UA 16+': 'UA16',
  'U/A 7+': 'UA7',
  'U/A 13+': 'UA13',
  'U/A 16+': 'UA16',
  A: 'A',
  S: 'A',
};

export const classificationOfCertification = (
  certification: string | null | undefined,
): Classification | null => {
  const key = certification?.trim().toUpperCase() ?? '';
  return Object.hasOwn(CERTIFICATIONS, key) ? CERTIFICATIONS[key] : null;
};

/**
 * Whether a profile with this ceiling may receive a title of this class (DECISIONS 37). A title whose class is not
 * known (an event from before classification) counts as unrated; no ceiling (an admin's tool, a job) admits all.
 */
export const isWithinCeiling = (
  classification: Classification | null | undefined,
  ceiling: Classification | null | undefined,
): boolean => !ceiling || compareClassification(classification ?? UNRATED_CLASSIFICATION, ceiling) <= 0;
