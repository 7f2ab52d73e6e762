import { Body, Controller, Param, Query } from '@nestjs/common';
import { RecommendationRoutes } from '@app/contracts';
import type { RecommendRequest, SessionUser, SimilarQuery, TrendingQuery } from '@app/contracts';
import { CurrentUser } from '../auth/auth.decorators';
import { requireOwnAccount } from '../auth/own-user';
import { Endpoint } from '../routes/endpoint.decorator';
import { RecommendationClient } from './recommendation.client';

/**
 * Who the list is for: the caller (their own id or none), another user only for an admin, nobody for a visitor, nor
 * for a session that has not chosen a profile yet (issue 25: it is answered as a visitor's, never the default
 * profile's list).
 */
const subjectOf = (caller: SessionUser | undefined, requested: string | undefined): string | null => {
  if (requested) requireOwnAccount(caller, requested, true);
  const subject = requested ?? caller?.id ?? null;
  return subject === caller?.id && !caller.profile ? null : subject;
};

/**
 * SPEC 7's `POST /recommend {user_id}` (issue 12, DECISIONS 12), Trending Now and "More like this". A token is
 * optional: visitors get popular titles, never another user's list. Each is an expensive read: a tighter budget
 * per client (RATE_LIMIT_BROWSE_PER_MINUTE).
 */
@Controller()
export class RecommendationsController {
  constructor(private readonly recommendations: RecommendationClient) {}

  @Endpoint(RecommendationRoutes.recommend)
  recommend(@CurrentUser() caller: SessionUser | undefined, @Body() { user_id, ...query }: RecommendRequest) {
    return this.recommendations.recommend(subjectOf(caller, user_id), query);
  }

  @Endpoint(RecommendationRoutes.trending)
  trending(@Query() query: TrendingQuery) {
    return this.recommendations.trending(query);
  }

  @Endpoint(RecommendationRoutes.similar)
  similar(@Param('id') id: string, @Query() query: SimilarQuery) {
    return this.recommendations.similar(id, query);
  }
}
