/** The run's NATS, for suites that start services over it (libs/server-testing's global setup starts or finds it). */
export const natsUrl = (): string => {
  const url = process.env.NATS_URL;
  if (!url) throw new Error('NATS_URL missing: run through the int-test jest config');
  return url;
};
