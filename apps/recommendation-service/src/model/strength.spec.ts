import type { InteractionSignals } from './model.types';
import { interactionStrength } from './strength';

const signals = (overrides: Partial<InteractionSignals> = {}): InteractionSignals => ({
  watchedFraction: 0,
  finished: false,
  favorite: false,
  paid: false,
  ...overrides,
});

describe('interactionStrength', () => {
  it('is 0 without evidence, so the row can be dropped', () => {
    expect(interactionStrength(signals())).toBe(0);
    expect(interactionStrength(signals({ watchedFraction: 0.005 }))).toBe(0);
    expect(interactionStrength(signals({ watchedFraction: Number.NaN }))).toBe(0);
  });

  it('grows from started (≈1) through half (≈2) to finished (3)', () => {
    const started = interactionStrength(signals({ watchedFraction: 0.05 }));
    const half = interactionStrength(signals({ watchedFraction: 0.5 }));
    const finished = interactionStrength(signals({ watchedFraction: 0.95, finished: true }));
    expect(started).toBeCloseTo(1, 0);
    expect(half).toBeCloseTo(2, 5);
    expect(finished).toBe(3);
    expect(interactionStrength(signals({ favorite: true }))).toBeGreaterThan(0);
    expect(interactionStrength(signals({ paid: true }))).toBeGreaterThan(
      interactionStrength(signals({ favorite: true })),
    );
  });

  it('never decreases when any one signal grows', () => {
    const fractions = [0, 0.01, 0.02, 0.1, 0.5, 0.89, 0.9, 1, 1.5];
    const flags = [false, true];
    for (const watchedFraction of fractions)
      for (const finished of flags)
        for (const favorite of flags)
          for (const paid of flags) {
            const base = { watchedFraction, finished, favorite, paid };
            const value = interactionStrength(base);
            const more = fractions.filter((f) => f > watchedFraction);
            for (const f of more)
              expect(interactionStrength({ ...base, watchedFraction: f })).toBeGreaterThanOrEqual(value);
            expect(interactionStrength({ ...base, finished: true })).toBeGreaterThanOrEqual(value);
            expect(interactionStrength({ ...base, favorite: true })).toBeGreaterThan(
              favorite ? value - 1e-9 : value,
            );
            expect(interactionStrength({ ...base, paid: true })).toBeGreaterThan(paid ? value - 1e-9 : value);
          }
  });
});
