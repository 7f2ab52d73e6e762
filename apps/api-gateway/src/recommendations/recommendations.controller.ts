import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { RecommendRequestSchema, SimilarQuerySchema, TrendingQuerySchema } from '@app/contracts';
import type { RecommendRequest, SessionUser, SimilarQuery, TrendingQuery } from '@app/contracts';
import { Public, ZodPipe } from '@app/server-core';
import { CurrentUser } from '../auth/auth.decorators';
import { requireOwnAccount } from '../auth/own-user';
import { MovieId } from '../catalogue/movies.controller';
import { RateLimited } from '../rate-limit/rate-limits';
import { RecommendationClient } from './recommendation.client';

/** Who the list is for: the caller (their own id or none), another user only for an admin, nobody for a visitor. */
const subjectOf = (caller: SessionUser | undefined, requested: string | undefined): string | null => {
  if (requested) requireOwnAccount(caller, requested, true);
  return requested ?? caller?.id ?? null;
};

/**
 * SPEC 7's `POST /recommend {user_id}` (issue 12, DECISIONS 12), Trending Now and "More like this". A token is
 * optional: visitors get popular titles, never another user's list. Each is an expensive read: a tighter budget
 * per client (RATE_LIMIT_BROWSE_PER_MINUTE).
 */
@Controller('api')
@Public()
@RateLimited('browse')
export class RecommendationsController {
  constructor(private readonly recommendations: RecommendationClient) {}

  @Post('recommend')
  @HttpCode(200)
  recommend(
    @CurrentUser() caller: SessionUser | undefined,
    @Body(new ZodPipe(RecommendRequestSchema, 'body')) { user_id, ...query }: RecommendRequest,
  ) {
    return this.recommendations.recommend(subjectOf(caller, user_id), query);
  }

  @Get('recommend/trending')
  trending(@Query(new ZodPipe(TrendingQuerySchema, 'query')) query: TrendingQuery) {
    return this.recommendations.trending(query);
  }

  @Get('movies/:id/similar')
  similar(@MovieId() id: string, @Query(new ZodPipe(SimilarQuerySchema, 'query')) query: SimilarQuery) {
    return this.recommendations.similar(id, query);
  }
}
