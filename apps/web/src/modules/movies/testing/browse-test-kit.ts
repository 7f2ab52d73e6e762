import type { MovieSections, Review, Role, User } from '@app/contracts';
import { aMovie } from '@web/test/movie-factory';

/** Stores a signed-in session the way the accounts work does (SPEC 3 keys), before the app renders. */
export const signInAs = (role: Role, overrides: Partial<User> = {}): User => {
  const user: User = {
    id: '65f0c0ffee00000000000001',
    username: role === 'admin' ? 'Admin' : 'Asha',
    email: `${role}@streamly.in`,
    role,
    status: 'active',
    createdAt: '2024-01-01T00:00:00.000Z',
    profileImage: null,
    hasPassword: true,
    ...overrides,
  };
  window.localStorage.setItem('user', JSON.stringify(user));
  window.localStorage.setItem('token', `${role}-token`);
  return user;
};

export const someSections = (overrides: Partial<MovieSections> = {}): MovieSections => ({
  hero: null,
  newlyLaunched: [aMovie({ title: 'Fresh Launch' })],
  topRated: [aMovie({ title: 'The Best One', rating: 9.1, access: 'premium' })],
  free: [aMovie({ title: 'Free Ride', rating: 6.5 })],
  premium: [aMovie({ title: 'Golden Hour', rating: 8.6, access: 'premium' })],
  popular: [
    aMovie({ title: 'Monsoon Wedding' }),
    aMovie({ title: 'Night Train' }),
    aMovie({ title: 'The Quiet Sea' }),
  ],
  trending: [aMovie({ title: 'Trending Drama', genre: 'Drama' })],
  ...overrides,
});

let reviewSequence = 0;
export const aReview = (overrides: Partial<Review> = {}): Review => {
  reviewSequence += 1;
  return {
    id: `65f0c0ffee1${String(reviewSequence).padStart(13, '0')}`,
    movieId: '65f0c0ffee00000000000099',
    userId: '65f0c0ffee00000000000002',
    username: `Reviewer ${reviewSequence}`,
    rating: 8,
    content: `Review number ${reviewSequence}`,
    createdAt: '2024-03-15T10:00:00.000Z',
    ...overrides,
  };
};
