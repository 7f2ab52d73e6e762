import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createApiClient } from '@web/shared/api/api-client';
import { ApiClientProvider } from '@web/shared/api/ApiClientProvider';
import { paymentKeys } from '../hooks/payment-keys';
import { paymentStrings as texts } from '../strings';
import { anOwnedTitle } from '../testing/payments-test-kit';
import { MyTitles } from './MyTitles';

const USER = '65f0c0ffee00000000000001';
const NOW = Date.parse('2026-03-01T06:30:00.000Z');
const HOUR = 3_600_000;

describe('My titles', () => {
  beforeEach(() => jest.useFakeTimers({ now: NOW }));
  afterEach(() => jest.useRealTimers());

  const renderWith = (titles: ReturnType<typeof anOwnedTitle>[]) => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    queryClient.setQueryData(paymentKeys.ownedTitles(USER), titles);
    render(
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={createApiClient('http://127.0.0.1:9')}>
          <MemoryRouter>
            <MyTitles userId={USER} />
          </MemoryRouter>
        </ApiClientProvider>
      </QueryClientProvider>,
    );
  };

  it('lists purchases and rentals, each linking to its title, with rental time counting down live', () => {
    renderWith([
      anOwnedTitle({ movieId: '65f0c0ffee00000000000011', title: 'Golden Hour' }),
      anOwnedTitle({
        movieId: '65f0c0ffee00000000000012',
        title: 'Night Train',
        kind: 'rental',
        acquiredAt: '2026-02-27T06:30:00.000Z',
        rental: {
          rentedAt: '2026-02-27T06:30:00.000Z',
          startBy: '2026-03-29T06:30:00.000Z',
          startedAt: new Date(NOW - 6 * HOUR).toISOString(),
          expiresAt: new Date(NOW + 42 * HOUR).toISOString(),
        },
      }),
      anOwnedTitle({
        movieId: '65f0c0ffee00000000000013',
        title: 'The Quiet Sea',
        kind: 'rental',
        rental: {
          rentedAt: new Date(NOW).toISOString(),
          startBy: new Date(NOW + 30 * 24 * HOUR).toISOString(),
          startedAt: null,
          expiresAt: null,
        },
      }),
      anOwnedTitle({ movieId: '65f0c0ffee00000000000014', title: 'Refunded One', active: false }),
    ]);

    const item = (name: string) => screen.getByRole('link', { name: new RegExp(name) });
    expect(item('Golden Hour').getAttribute('href')).toBe('/movie/65f0c0ffee00000000000011');
    within(item('Golden Hour')).getByText('Bought on 1 February 2026');
    within(item('Golden Hour')).getByText(texts.ownedForever);
    within(item('Night Train')).getByText('42 h left');
    within(item('The Quiet Sea')).getByText('30 days to start');
    within(item('Refunded One')).getByText(texts.ended);

    act(() => jest.advanceTimersByTime(41 * HOUR + 30 * 60_000));
    within(item('Night Train')).getByText('30 minutes left');

    act(() => jest.advanceTimersByTime(30 * 60_000));
    within(item('Night Train')).getByText(texts.ended);
  });

  it('says so when there is nothing yet', () => {
    renderWith([]);
    screen.getByText(texts.myTitlesEmpty);
    expect(screen.getByRole('link', { name: texts.browse }).getAttribute('href')).toBe('/movies');
  });
});
