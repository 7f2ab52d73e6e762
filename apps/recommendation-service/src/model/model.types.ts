// The recommender's model, as plain data: built off the request path (a worker thread), handed to the serving
// side by structured clone, scored in memory on each request. Nothing here touches Nest, Mongo or Redis, so the
// offline evaluation (tools/bench/recommendations.bench.ts) runs exactly the code the service runs.

/** What the model knows of a title (from `movie.published` / `movie.updated`). */
export type ItemFeatures = {
  movieId: string;
  genre: string;
  director: string | null;
  cast: string[];
  releaseYear: number | null;
  rating: number | null;
  /**
   * When the title was published on the service (epoch ms). Titles published within `newTitleDays` of the build are
   * new: content stands in for the co-watching they have not had time to earn. Without it, a title counts as new
   * while nobody has watched it.
   */
  publishedAt?: number | null;
};

/** What one viewer did with one title, as the events told it. Every field only grows, so redelivery is harmless. */
export type InteractionSignals = {
  /** The largest share of the film the viewer reached, 0–1. */
  watchedFraction: number;
  /** Reached the finished threshold (FINISHED_PERCENT) at least once. */
  finished: boolean;
  /** In the viewer's favorites (= My List) now. */
  favorite: boolean;
  /** Bought or rented it (`payment.captured`). */
  paid: boolean;
};

/** One row the model learns from: a viewer's strength of preference for a title, and when it last changed. */
export type Interaction = { userId: string; movieId: string; strength: number; at: number };

/** A viewer's profile at request time: their interactions, newest first or in any order. */
export type ProfileEntry = { movieId: string; strength: number; at: number };

/** A neighbour list entry: `[movieId, similarity]`, best first. Tuples keep the model small to clone and hold. */
export type Neighbour = [movieId: string, similarity: number];

export type ModelOptions = {
  /** Neighbours kept per item. */
  neighbours: number;
  /** Weight of content similarity (genre, director, cast, decade) against co-watching, 0–1. */
  contentWeight: number;
  /** Shrinkage of co-watching similarity toward 0 for pairs seen together by few viewers. */
  shrinkage: number;
  /**
   * Weight of content similarity for pairs with a new title (see `newTitleDays`), 0–1: above contentWeight, it puts
   * new titles before viewers of similar titles until co-watching speaks for them. A new title joins the lists of its
   * `neighbours` nearest titles by content only, not every list of its genre.
   */
  coldContentWeight: number;
  /** How long after publication (ItemFeatures.publishedAt) a title counts as new. */
  newTitleDays: number;
  /** Half-life of an interaction's weight in popularity, in days: recent viewing counts more. */
  popularityHalfLifeDays: number;
  /** Extra weight of a viewer's latest titles when scoring: weight × (1 + recentBoost × 2^(−age / recentHalfLifeDays)). */
  recentBoost: number;
  /** Age (from the viewer's newest interaction) at which the recency boost halves, in days. */
  recentHalfLifeDays: number;
};

export type ModelSnapshot = {
  builtAt: number;
  buildMillis: number;
  options: ModelOptions;
  /** Item → its nearest items (co-watching blended with content similarity), best first. */
  neighbours: Map<string, Neighbour[]>;
  /** Every item with any interaction, most popular first: `[movieId, popularity]`. */
  popularity: Neighbour[];
  users: number;
  interactions: number;
};

/** One scored candidate for a viewer: `basedOn` is the profile item that contributed most (the reason). */
export type ScoredItem = { movieId: string; score: number; basedOn: string | null };
