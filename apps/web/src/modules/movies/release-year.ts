/** The year of an ISO date ('1994-09-23' → '1994'), or null. */
export const releaseYear = (releaseDate: string | null): string | null => {
  const year = releaseDate?.match(/^(\d{4})/)?.[1];
  return year ?? null;
};
