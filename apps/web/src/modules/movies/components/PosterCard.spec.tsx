import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PosterCard } from './PosterCard';
import { english } from '@web/shared/i18n/english';

describe('PosterCard badges (issue 24: at 390 px they covered the poster’s year line)', () => {
  it('puts the access badge and the class in a row under the poster, before the title, never over the artwork', () => {
    render(
      <MemoryRouter>
        <PosterCard
          title="Night Train"
          posterUrl="/generated/abc.svg"
          to="/moviedetails/abc"
          badge="Subscription Required"
          classification="UA13"
        />
      </MemoryRouter>,
    );
    const poster = screen.getByRole('img', { name: english('movie:posterAlt', { title: 'Night Train' }) });
    const access = screen.getByText('Subscription Required');
    const rated = screen.getByRole('img', { name: 'Rated U/A 13+' });
    const frame = poster.parentElement as HTMLElement;
    expect(frame.contains(access)).toBe(false);
    expect(frame.contains(rated)).toBe(false);
    const title = screen.getByRole('heading', { name: 'Night Train' });
    // Document order: poster, then the badge row, then the title.
    expect(poster.compareDocumentPosition(access) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(access.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(rated.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
