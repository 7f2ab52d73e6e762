import { Injectable } from '@nestjs/common';
import { ListMoviesQuery, Movie, Page } from '@app/contracts';
import { AppError } from '@app/server-core';
import { toMovie } from './movie.mapper';
import { MovieListCache } from './movie-list.cache';
import { MoviesRepository } from './movies.repository';
import { renderPoster } from '../posters/poster.renderer';

@Injectable()
export class MoviesService {
  constructor(
    private readonly movies: MoviesRepository,
    private readonly listCache: MovieListCache,
  ) {}

  async listPublished({ page, pageSize }: ListMoviesQuery): Promise<Page<Movie>> {
    const key = `published:${page}:${pageSize}`;
    const cached = await this.listCache.get(key);
    if (cached) return cached;
    const result = await this.movies.listPublished(page, pageSize);
    const mapped = { ...result, data: result.data.map(toMovie) };
    await this.listCache.set(key, mapped);
    return mapped;
  }

  async poster(id: string): Promise<{ svg: string }> {
    const movie = await this.findOrFail(id);
    return { svg: renderPoster({ id, title: movie.title, genre: movie.genre, year: movie.releaseDate?.getUTCFullYear() ?? null }) };
  }

  private async findOrFail(id: string) {
    const movie = await this.movies.findById(id);
    if (!movie) throw AppError.notFound('Movie not found');
    return movie;
  }
}
