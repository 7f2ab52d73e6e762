import { Renditions, withinCap } from './rendition';

// Issue 29 §4: links the byte server in front (nginx's secure_link) checks on its own, so a segment's bytes never
// wait on a Node process. streaming-service signs them (src/playback/edge-link.ts); local-infra's nginx
// configuration checks them. Both read the shapes below, so they cannot drift apart.

/**
 * The fields of a stream token that the byte server reads in plain text and checks by their MD5 signature:
 * `{payload}.{mac}.{quality}.{leaseId}.{dir}.{audio}.{expiresAt}.{md5}` (the first two are the token
 * streaming-service itself checks; the six after them are the edge's).
 */
export type EdgeLinkFields = {
  quality: string;
  leaseId: string;
  /** The asset's directory, coded (`edgeDirCode`). */
  dir: string;
  /** The audio languages an admin added to the title (served from its own tracks), coded (`edgeAudioCode`). */
  audio: string;
  /** Epoch seconds: the token's own expiry. */
  expiresAt: number;
};

/** Regular-expression sources of each field, in suffix order (nginx captures and streaming-service's route parser). */
export const EdgeLinkPatterns = {
  quality: '480p|720p|1080p|best',
  leaseId: '[A-Za-z0-9_-]{22}',
  dir: '[su][0-9a-z]{1,40}',
  audio: 'a(?:[a-z]{2,3}(?:-[a-z]{2,3}){0,7})?',
  expiresAt: '[0-9]{1,12}',
  /** base64url of an MD5, unpadded: what nginx's `secure_link` reads. */
  md5: '[A-Za-z0-9_-]{22}',
} as const;

/**
 * An asset directory (media-layout.ts) as one path-safe word the byte server turns back into the directory:
 * `samples/{n}` → `s{n}`, `uploads/{movieId}/{version}` → `u{version}` (the movie id is the URL's own, and signed).
 * Null for any other directory: its links stay with streaming-service.
 */
export const edgeDirCode = (dir: string, movieId: string): string | null => {
  const sample = /^samples\/([0-9a-z]{1,39})$/.exec(dir);
  if (sample) return `s${sample[1]}`;
  const upload = /^uploads\/([a-f0-9]{24})\/([0-9a-z]{1,39})$/.exec(dir);
  return upload && upload[1] === movieId ? `u${upload[2]}` : null;
};

/**
 * The audio languages an admin added (their files are the title's own, media-layout.ts `addedAudio`; the others are
 * the version's) as one path-safe word: `a` and the languages joined by `-` (`a` alone: none). Null when they do not
 * fit (more than eight, or a code the delivery routes never name): those links stay with streaming-service.
 */
export const edgeAudioCode = (languages: readonly string[]): string | null =>
  languages.length <= 8 && languages.every((language) => /^[a-z]{2,3}$/.test(language))
    ? `a${languages.join('-')}`
    : null;

/**
 * The text whose MD5 signs an edge link, the secret last (nginx's `secure_link_md5` form): expiry, movie id, cap,
 * lease, directory and added audio, `/`-separated. local-infra's nginx.ts writes the same string from the URL.
 */
export const edgeLinkSignedText = (fields: EdgeLinkFields, movieId: string, secret: string): string =>
  `${fields.expiresAt}/${movieId}/${fields.quality}/${fields.leaseId}/${fields.dir}/${fields.audio} ${secret}`;

/**
 * What the byte server's configuration is written from (local-infra's nginx.ts takes it as an option, knowing no
 * contracts): the field patterns, the renditions, and which renditions each signed cap allows (DECISIONS 26).
 */
export const EdgeLinkShape = {
  patterns: EdgeLinkPatterns,
  renditions: Renditions,
  capRenditions: Object.fromEntries(
    (['480p', '720p', '1080p', 'best'] as const).map((cap) => [
      cap,
      Renditions.filter((rendition) => withinCap(rendition, cap)),
    ]),
  ) as Record<string, readonly string[]>,
} as const;
