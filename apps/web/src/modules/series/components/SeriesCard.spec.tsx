import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { aSeries } from '../testing/series-test-kit';
import { SeriesCard } from './SeriesCard';

describe('SeriesCard', () => {
  it('shows the series class as a badge read out as "Rated …", beside its access badge (issue 25)', () => {
    render(
      <MemoryRouter>
        <SeriesCard series={aSeries({ classification: 'UA7' })} badge="Subscription Required" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('img', { name: 'Rated U/A 7+' }).textContent).toBe('U/A 7+');
    screen.getByText('Subscription Required');
  });
});
