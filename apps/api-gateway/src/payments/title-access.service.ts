import { AsyncResource } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import pLimit from 'p-limit';
import {
  Classification,
  ErrorCode,
  MOVIE_DETAILS_MAX_IDS,
  SeriesMessages,
  withinCeiling,
} from '@app/contracts';
import type { Playable, SessionUser, TitleFacts, TitleOrderKind } from '@app/contracts';
import { AppError, MemoCache, RequestContext } from '@app/server-core';
import { CatalogueClient } from '../catalogue/catalogue.client';
import { PaymentClient, viewerOf } from './payment.client';

/**
 * Title facts loaded from catalogue-service at once by this process, at most. A signed-in home page asks the
 * entitlements of five rows of titles at the same moment (one look-up per id not yet memoised): unbounded, that is a
 * hundred RPCs at once, past catalogue-service's admission limit (32 running, 16 waiting), and the rows' badges
 * failed with 503 OVERLOADED. The rest wait their turn here instead.
 */
const CATALOGUE_LOADS = 16;

/**
 * Paying for a title and asking access to it: what a title costs and whether it is premium is catalogue-service's,
 * read there (published titles only, `catalogue.playables.get`) and handed to payment-service, never the client's.
 */
@Injectable()
export class TitleAccessService {
  /**
   * Title facts (access, prices; for an episode its series' facts and its place in the series) for the entitlement
   * answer, the hottest payment call: every title page and every playback asks it. Held 30 s in memory, and one
   * load at a time per id, so a burst of viewers costs catalogue-service one call. An admin's price or access change
   * is seen within 30 s; a failed load (unknown title, catalogue down) is not kept.
   */
  private readonly titles = new MemoCache<Playable>({ ttlMs: 30_000, maxEntries: 10_000 });
  private readonly loads = pLimit(CATALOGUE_LOADS);

  constructor(
    private readonly catalogue: CatalogueClient,
    private readonly payments: PaymentClient,
  ) {}

  /**
   * What decides access to a movie, series or episode id (an episode's facts are its series', kind 'series'), with
   * the title the screens list and an episode's place in its series. Published only: a draft or unknown id is 404,
   * and so is a title above the calling profile's ceiling (catalogue-service filters by it), so the memo is kept
   * per ceiling: an adult's answer never serves a kids profile.
   */
  playable(id: string): Promise<Playable> {
    const ceiling = RequestContext.profile()?.maturityCeiling ?? 'none';
    // On a miss, bound to the asking request's context (its profile and correlation id travel with the RPC),
    // whichever request's finished load lets it start; a held answer binds nothing (a heartbeat's every 10 s).
    return this.titles.get(`${ceiling}:${id}`, () =>
      this.loads(AsyncResource.bind(() => this.catalogue.playable(id, false))),
    );
  }

  /** Watch Now (purchase) or Rent Now (rental), at the title's price as catalogue-service holds it. */
  async createTitleOrder(
    user: SessionUser,
    movieId: string,
    kind: TitleOrderKind,
    idempotencyKey: string | undefined,
    promoCode?: string,
  ) {
    const { facts } = await this.playable(movieId);
    // Refused here too, so no payment call is made for it; payment-service holds the same rule.
    if (facts.kind === 'series') throw new AppError(ErrorCode.ValidationFailed, SeriesMessages.noTitleOrder);
    return this.payments.createTitleOrder(user, facts, kind, idempotencyKey, promoCode);
  }

  async entitlement(user: SessionUser | undefined, movieId: string) {
    const { facts } = await this.playable(movieId);
    return this.payments.entitlement(viewerOf(user), facts);
  }

  /**
   * My titles: the account's purchases and rentals, without those above the calling profile's ceiling (issue 25).
   * payment-service does not know classes; catalogue-service's ceiling-filtered look-up of the same ids (one call per
   * 50, only for a profile rated below A) says which the profile may receive.
   */
  async ownedTitles(userId: string) {
    const owned = await this.payments.ownedTitles(userId);
    const ceiling = RequestContext.profile()?.maturityCeiling;
    if (withinCeiling(Classification.A, ceiling) || owned.data.length === 0) return owned;
    const ids = [...new Set(owned.data.map(({ movieId }) => movieId))];
    const batches = Array.from({ length: Math.ceil(ids.length / MOVIE_DETAILS_MAX_IDS) }, (_, n) =>
      ids.slice(n * MOVIE_DETAILS_MAX_IDS, (n + 1) * MOVIE_DETAILS_MAX_IDS),
    );
    const visible = new Set(
      (await Promise.all(batches.map((batch) => this.catalogue.details(batch)))).flat().map(({ id }) => id),
    );
    return { data: owned.data.filter(({ movieId }) => visible.has(movieId)) };
  }

  /** The answer for each of a screen's titles, in order; ids that name no published title are left out. */
  async entitlements(user: SessionUser, movieIds: string[]) {
    const facts = await Promise.all(
      [...new Set(movieIds)].map((id) =>
        this.playable(id).then(
          (title) => title.facts,
          (error: unknown) => {
            if (error instanceof AppError && error.code === ErrorCode.NotFound) return null;
            throw error;
          },
        ),
      ),
    );
    const titles = facts.filter((title): title is TitleFacts => title !== null);
    if (titles.length === 0) return [];
    return this.payments.entitlements(viewerOf(user), titles);
  }
}
