import { Injectable } from '@nestjs/common';
import { ListMoviesQuery, Movie, Page } from '@app/contracts';
import { AppError } from '@app/server-core';
import { toMovie } from './movie.mapper';
import { MoviesRepository } from './movies.repository';
import { renderPoster } from '../posters/poster.renderer';

@Injectable()
export class MoviesService {
  constructor(private readonly movies: MoviesRepository) {}

  async listPublished({ page, pageSize }: ListMoviesQuery): Promise<Page<Movie>> {
    const result = await this.movies.listPublished(page, pageSize);
    return { ...result, data: result.data.map(toMovie) };
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
