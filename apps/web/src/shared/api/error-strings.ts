import {
  AdminMessages,
  AuthMessages,
  BillingProfileMessages,
  ClassificationMessages,
  DeviceMessages,
  MovieMessages,
  ParentalMessages,
  PaymentMessages,
  ProfileMessages,
  PromoMessages,
  QoeMessages,
  ReviewMessages,
  ScheduleMessages,
  SeriesMessages,
  StreamingMessages,
  TrialMessages,
  UserDataMessages,
} from '@app/contracts';

/** The fixed texts of a `*Messages` object (those made from a number, like "Wrong PIN. 2 tries left.", are not). */
type Texts<M> = { readonly [K in keyof M as M[K] extends string ? K : never]: M[K] };

const textsOf = <M extends object>(messages: M): Texts<M> =>
  Object.fromEntries(Object.entries(messages).filter(([, text]) => typeof text === 'string')) as Texts<M>;

/**
 * The `errors` namespace (issue 26): the API keeps its codes and English texts, and the web shows a text it knows
 * in the language chosen (`errorText`). English is the contracts' own words, so it never drifts from the server.
 */
export const errorStrings = {
  auth: textsOf(AuthMessages),
  admin: textsOf(AdminMessages),
  devices: textsOf(DeviceMessages),
  profiles: textsOf(ProfileMessages),
  parental: textsOf(ParentalMessages),
  payments: textsOf(PaymentMessages),
  promos: textsOf(PromoMessages),
  trial: textsOf(TrialMessages),
  billing: textsOf(BillingProfileMessages),
  streaming: textsOf(StreamingMessages),
  qoe: textsOf(QoeMessages),
  userData: textsOf(UserDataMessages),
  schedule: textsOf(ScheduleMessages),
  reviews: textsOf(ReviewMessages),
  movies: textsOf(MovieMessages),
  classification: textsOf(ClassificationMessages),
  series: textsOf(SeriesMessages),
};
