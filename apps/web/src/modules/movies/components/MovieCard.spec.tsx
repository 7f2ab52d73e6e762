import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { aMovie } from '@web/test/movie-factory';
import { PLACEHOLDER_POSTER } from '../poster';
import { movieStrings } from '../strings';
import { MovieCard } from './MovieCard';
import type { Movie } from '@app/contracts';
import { english } from '@web/shared/i18n/english';

const renderCard = (movie: Movie) =>
  render(
    <MemoryRouter>
      <MovieCard movie={movie} imageBaseUrl="/images" />
    </MemoryRouter>,
  );

const poster = (title: string) => screen.getByRole('img', { name: english('movie:posterAlt', { title }) });

describe('MovieCard', () => {
  it('shows poster, title, overview and rating; the title opens the details and Watch Now goes to /login', () => {
    renderCard(
      aMovie({
        id: 'abc123',
        title: 'The Long Walk',
        description: 'Two friends, one road.',
        rating: 8.25,
        posterUrl: '/generated/abc123.svg',
      }),
    );

    expect(screen.getByRole('link', { name: 'The Long Walk' }).getAttribute('href')).toBe(
      '/moviedetails/abc123',
    );
    screen.getByText('Two friends, one road.');
    screen.getByText('8.3/10');
    expect(screen.getByRole('link', { name: movieStrings.watchNow }).getAttribute('href')).toBe('/login');
    expect(poster('The Long Walk').getAttribute('src')).toBe('/images/w500/generated/abc123.svg');
  });

  it.each([
    ['U', 'U'],
    ['UA7', 'U/A 7+'],
    ['UA13', 'U/A 13+'],
    ['UA16', 'U/A 16+'],
    ['A', 'A'],
  ] as const)('shows its class %s as a badge read out as "Rated %s" (issue 25)', (classification, label) => {
    renderCard(aMovie({ classification }));
    expect(screen.getByRole('img', { name: `Rated ${label}` }).textContent).toBe(label);
  });

  it("shows 'N/A' while the rating is unknown", () => {
    renderCard(aMovie({ rating: null }));

    screen.getByText(movieStrings.ratingUnknown);
  });

  it('swaps to the placeholder when the poster fails to load', () => {
    renderCard(aMovie({ title: 'Lost Reel', posterUrl: 'https://img.example.com/missing.jpg' }));
    expect(poster('Lost Reel').getAttribute('src')).toBe('https://img.example.com/missing.jpg');

    fireEvent.error(poster('Lost Reel'));

    expect(poster('Lost Reel').getAttribute('src')).toBe(PLACEHOLDER_POSTER);
  });

  it('uses the placeholder for a poster value that is neither a URL nor a path', () => {
    renderCard(aMovie({ title: 'No Art', posterUrl: 'poster.jpg' }));

    expect(poster('No Art').getAttribute('src')).toBe(PLACEHOLDER_POSTER);
  });
});
