import { type OutboxEntry, OutboxState, type OutboxStore } from './outbox.repository';

/**
 * The outbox repository's conditional writes over a map, for rule specs (Outbox's own and each service's): what is
 * announced and when, without MongoDB. Nothing in an app uses it.
 */
export const memoryOutboxStore = () => {
  const rows = new Map<string, OutboxEntry>();
  const store: OutboxStore = {
    insert: async (entries) => {
      for (const entry of entries) rows.set(entry._id, { ...entry });
    },
    markReady: async (entries) => {
      for (const entry of entries) rows.set(entry._id, { ...rows.get(entry._id), ...entry });
    },
    claimNext: async (now, until) => {
      const [next] = [...rows.values()]
        .filter((row) => row.claimedUntil <= now)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.seq - b.seq);
      if (!next) return null;
      next.claimedUntil = until;
      return { ...next };
    },
    release: async (ids, now) => {
      for (const id of ids) {
        const row = rows.get(id);
        if (row) row.claimedUntil = now;
      }
    },
    remove: async (id) => {
      rows.delete(id);
    },
    dropPending: async (ids) =>
      ids.filter((id) => rows.get(id)?.state === OutboxState.Pending && rows.delete(id)).length,
    count: async (state) => [...rows.values()].filter((row) => row.state === state).length,
  };
  return { rows, store };
};
