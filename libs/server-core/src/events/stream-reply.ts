/** One stream entry; `fields` is null when the entry was trimmed from the stream while still pending. */
export type StreamEntry = { id: string; fields: string[] | null };

type XReadReply = [key: string, items: [id: string, fields: string[] | null][]][] | null;

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

const toEntries = (items: unknown): StreamEntry[] => {
  if (!Array.isArray(items)) throw new Error('unexpected stream reply: entries are not a list');
  return items.map((item: unknown) => {
    if (!Array.isArray(item) || typeof item[0] !== 'string')
      throw new Error('unexpected stream reply: bad entry');
    const fields: unknown = item[1];
    if (fields !== null && !isStringArray(fields))
      throw new Error(`unexpected stream reply: bad fields of ${item[0]}`);
    return { id: item[0], fields };
  });
};

/** XREADGROUP over one stream: its entries, or none when the read timed out. */
export const entriesOfRead = (reply: XReadReply): StreamEntry[] =>
  reply ? reply.flatMap(([, items]) => toEntries(items)) : [];

export type AutoClaimReply = { cursor: string; entries: StreamEntry[] };

/** XAUTOCLAIM (Redis 7: `[cursor, entries, deletedIds]`; 6.2 has no third element, which we do not need). */
export const parseAutoClaim = (reply: unknown[]): AutoClaimReply => {
  const [cursor, entries] = reply;
  if (typeof cursor !== 'string') throw new Error('unexpected XAUTOCLAIM reply: no cursor');
  return { cursor, entries: toEntries(entries) };
};

/** XPENDING's extended form: `[[id, consumer, idleMs, deliveries], …]` → deliveries by id. */
export const deliveriesById = (reply: unknown[]): Map<string, number> => {
  const deliveries = new Map<string, number>();
  for (const row of reply) {
    if (!Array.isArray(row) || typeof row[0] !== 'string') throw new Error('unexpected XPENDING reply');
    const count = Number(row[3]);
    if (!Number.isInteger(count))
      throw new Error(`unexpected XPENDING reply: no delivery count for ${row[0]}`);
    deliveries.set(row[0], count);
  }
  return deliveries;
};
