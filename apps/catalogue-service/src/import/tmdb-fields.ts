/** How TMDB's fields become the catalogue's, for films and shows alike. */

/**
 * TMDB's genre names where the catalogue's categories call them otherwise: "Science Fiction" is 'Sci-Fi', and
 * TV's paired genres ("Action & Adventure", "Sci-Fi & Fantasy") count under their first half.
 */
const GENRE_NAMES: Record<string, string> = {
  'Science Fiction': 'Sci-Fi',
  'Sci-Fi & Fantasy': 'Sci-Fi',
  'Action & Adventure': 'Action',
};

export const genreName = (name: string) => GENRE_NAMES[name] ?? name;

/** The genres of a title, by TMDB's genre ids (names from its genre list), primary first; 'Drama' if none. */
export const genresOf = (genres: Array<{ id: number; name: string }>, names: Map<number, string>) => {
  const mapped = [...new Set(genres.map((genre) => genreName(names.get(genre.id) ?? genre.name)))];
  return mapped.length ? mapped : ['Drama'];
};

/** A `YYYY-MM-DD` date at UTC midnight; anything else (TMDB sends "" for unknown) is null. */
export const tmdbDate = (value: string | null | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00.000Z`) : null;

/** TMDB's vote average to one decimal, as the catalogue's ratings are. */
export const tmdbRating = (value: number | null | undefined) =>
  typeof value === 'number' ? Math.round(value * 10) / 10 : null;

/** TMDB sends 0 for an unknown budget, revenue or runtime. */
export const positive = (value: number | null | undefined) => (value && value > 0 ? value : null);
