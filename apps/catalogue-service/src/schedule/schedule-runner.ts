import { Injectable, Logger, Module, OnApplicationBootstrap } from '@nestjs/common';
import { InjectEnv } from '@app/server-core';
import { CatalogueDataModule } from '../data/catalogue-data.module';
import type { Env } from '../env';
import { MovieAdminService } from '../movies/movie-admin.service';
import { MoviesModule } from '../movies/movies.module';
import { MoviesRepository } from '../movies/movies.repository';
import { EpisodesRepository } from '../series/episodes.repository';
import { SeriesAdminService } from '../series/series-admin.service';
import { SeriesModule } from '../series/series.module';
import { SeriesRepository } from '../series/series.repository';
import { jobsOf, type ScheduleJob, ScheduleQueue } from './schedule.queue';

/** How far back the sweep re-adds licence ends: one whose job Redis lost while down still empties the lists. */
const EXPIRY_LOOKBACK_MS = 24 * 60 * 60 * 1000;

/**
 * Runs the schedule's jobs (issue 28) in the running service: each job asks the title's admin service to do what an
 * admin would (publish with its events, release an episode, end a licence), conditionally on the stored schedule, so
 * a job run twice, or one whose title was rescheduled or published by hand, changes nothing.
 *
 * At boot, and then every SCHEDULE_SWEEP_EVERY_MS, the sweep adds the jobs every stored schedule asks for (the same
 * job ids, so nothing is added twice): a save whose job could not be queued, or a Redis that lost its data, still
 * gets its title published.
 */
@Injectable()
export class ScheduleRunner implements OnApplicationBootstrap {
  private readonly logger = new Logger(ScheduleRunner.name);

  constructor(
    private readonly queue: ScheduleQueue,
    private readonly movieAdmin: MovieAdminService,
    private readonly seriesAdmin: SeriesAdminService,
    private readonly movies: MoviesRepository,
    private readonly series: SeriesRepository,
    private readonly episodes: EpisodesRepository,
    @InjectEnv() private readonly env: Env,
  ) {}

  async onApplicationBootstrap() {
    await this.sweep();
    await this.queue.start(
      (job) => this.run(job),
      () => this.sweep(),
      this.env.SCHEDULE_SWEEP_EVERY_MS,
    );
  }

  async run({ action, kind, id, at }: ScheduleJob): Promise<void> {
    const when = new Date(at);
    const done = await this.dispatch(action, kind, id, when);
    this.logger.log({
      msg: done ? 'scheduled job done' : 'scheduled job had nothing to do',
      action,
      kind,
      id,
      at,
    });
  }

  async sweep(now: Date = new Date()): Promise<void> {
    const since = new Date(now.getTime() - EXPIRY_LOOKBACK_MS);
    const [movies, series, episodes] = await Promise.all([
      this.movies.scheduled(since),
      this.series.scheduled(since),
      this.episodes.scheduled(),
    ]);
    const jobs = [
      ...movies.flatMap((title) => jobsOf('movie', title)),
      ...series.flatMap((title) => jobsOf('series', title)),
      ...episodes.flatMap((episode) => jobsOf('episode', episode)),
    ];
    for (const job of jobs) await this.queue.add(job, now);
  }

  private dispatch(action: ScheduleJob['action'], kind: ScheduleJob['kind'], id: string, at: Date) {
    switch (kind) {
      case 'movie':
        return action === 'publish'
          ? this.movieAdmin.publishScheduled(id, at)
          : this.movieAdmin.expire(id, at);
      case 'series':
        return action === 'publish'
          ? this.seriesAdmin.publishScheduled(id, at)
          : this.seriesAdmin.expire(id, at);
      case 'episode':
        return action === 'publish' ? this.seriesAdmin.releaseEpisode(id, at) : Promise.resolve(false);
    }
  }
}

/** The schedule's worker and sweep: in the running service only (seed and import do not run jobs). */
@Module({
  imports: [CatalogueDataModule, MoviesModule, SeriesModule],
  providers: [ScheduleRunner],
})
export class ScheduleModule {}
