/** What the data set knows about a film, as the overview tells it (every field may be missing). */
export type SynopsisFacts = {
  /** The data set's own genre label ("Thriller/Suspense", "Black Comedy"). */
  majorGenre: string;
  creativeType: string | null;
  source: string | null;
  year: number | null;
  director: string | null;
  runtimeMinutes: number | null;
  imdbRating: number | null;
  imdbVotes: number | null;
  rottenTomatoes: number | null;
};

const GENRE_NOUN: Record<string, string> = {
  Action: 'action film',
  Adventure: 'adventure film',
  Comedy: 'comedy',
  'Black Comedy': 'black comedy',
  'Romantic Comedy': 'romantic comedy',
  Drama: 'drama',
  Horror: 'horror film',
  'Thriller/Suspense': 'thriller',
  Western: 'western',
  Documentary: 'documentary',
  Musical: 'musical',
  'Concert/Performance': 'concert film',
};

/** The data set's "Creative Type", as a word before the genre; "Multiple Creative Types" says nothing. */
const KIND: Record<string, string> = {
  'Contemporary Fiction': 'contemporary',
  'Historical Fiction': 'historical',
  'Science Fiction': 'science-fiction',
  Fantasy: 'fantasy',
  Dramatization: 'fact-based',
  Factual: 'factual',
  'Super Hero': 'superhero',
  'Kids Fiction': 'children’s',
};

/** The data set's "Source", as a clause; only what the label says, nothing more. */
const SOURCE: Record<string, string> = {
  'Original Screenplay': 'written as an original screenplay',
  'Based on Book/Short Story': 'adapted from a book or short story',
  'Based on Real Life Events': 'based on real events',
  Remake: 'a remake of an earlier film',
  'Based on Comic/Graphic Novel': 'adapted from a comic or graphic novel',
  'Based on TV': 'adapted from television',
  'Based on Play': 'adapted from a stage play',
  'Based on Short Film': 'expanded from a short film',
  'Traditional/Legend/Fairytale': 'drawn from a legend or fairy tale',
  'Based on Musical/Opera': 'adapted from a stage musical or opera',
  'Based on Game': 'adapted from a game',
  'Spin-Off': 'a spin-off',
  'Based on Factual Book/Article': 'based on a factual book or article',
  'Based on Magazine Article': 'based on a magazine article',
  'Disney Ride': 'inspired by a Disney theme-park ride',
  'Based on Toy': 'based on a toy line',
  Compilation: 'a compilation',
  'Musical Group Movie': 'built around a musical group',
};

/** Indian digit grouping: the viewers read "5,19,541". */
const count = new Intl.NumberFormat('en-IN');

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'An' : 'A');

const duration = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  if (h === 0) return `${m} minutes`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
};

/**
 * The seeded title's overview, composed only from the data set's fields (genre, creative type, source, director,
 * runtime, IMDb and Rotten Tomatoes scores): a missing field leaves its words out, nothing is made up. The MPAA
 * rating is not told: the title's Indian classification (IT Rules 2021, mapped from it) is shown beside the overview,
 * and "rated R" under an "A" badge would contradict it.
 * "A historical drama from 1994, directed by Frank Darabont, adapted from a book or short story. It runs 2 h 22 min.
 * It scores 9.2/10 on IMDb (5,19,541 votes) and 88% on Rotten Tomatoes."
 */
export const composeSynopsis = (facts: SynopsisFacts): string => {
  const genre = GENRE_NOUN[facts.majorGenre] ?? facts.majorGenre.toLowerCase();
  const kind = [facts.creativeType ? KIND[facts.creativeType] : undefined, genre].filter(Boolean).join(' ');
  const source = facts.source ? SOURCE[facts.source] : undefined;
  const first = [
    `${article(kind)} ${kind}${facts.year ? ` from ${facts.year}` : ''}`,
    facts.director ? `directed by ${facts.director}` : null,
    source ?? null,
  ]
    .filter(Boolean)
    .join(', ');

  const second = facts.runtimeMinutes ? `It runs ${duration(facts.runtimeMinutes)}.` : null;

  const imdb =
    facts.imdbRating !== null
      ? `${facts.imdbRating}/10 on IMDb${facts.imdbVotes ? ` (${count.format(facts.imdbVotes)} votes)` : ''}`
      : null;
  const tomatoes = facts.rottenTomatoes !== null ? `${facts.rottenTomatoes}% on Rotten Tomatoes` : null;
  const scores = [imdb, tomatoes].filter(Boolean);
  const third = scores.length ? `It scores ${scores.join(' and ')}.` : null;

  return [`${first}.`, second, third].filter(Boolean).join(' ');
};
