import i18next from 'i18next';
import { accessBadge } from './access-badge';
import { paymentStrings as texts } from './strings';
import { paymentStringsHi } from './strings.hi';
import { anEntitlement } from './testing/payments-test-kit';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const HOUR = 3_600_000;
const at = (offset: number) => new Date(NOW + offset).toISOString();
const started = (expiresIn: number) => ({
  rentedAt: at(-HOUR),
  startBy: at(29 * 24 * HOUR),
  startedAt: at(-HOUR),
  expiresAt: at(expiresIn),
});
const plan = { id: 'premium' as const, name: 'Premium' };

describe('accessBadge (what a card says of the viewer’s access)', () => {
  it.each([
    ['a plan that includes it', anEntitlement({ canWatch: true, reason: 'plan', plan }), undefined],
    ['a free title', anEntitlement({ access: 'free', canWatch: true, reason: 'free' }), undefined],
    ['an admin', anEntitlement({ canWatch: true, reason: 'admin' }), undefined],
    [
      'a purchase',
      anEntitlement({ canWatch: true, reason: 'purchase', purchasedAt: at(-HOUR) }),
      texts.badges.owned,
    ],
    [
      'a purchase with a plan too',
      anEntitlement({ canWatch: true, reason: 'plan', plan, purchasedAt: at(-HOUR) }),
      texts.badges.owned,
    ],
    [
      'a started rental',
      anEntitlement({ canWatch: true, reason: 'rental', rental: started(47.5 * HOUR) }),
      'Rented: 47 h left',
    ],
    [
      'a rental in its last hour',
      anEntitlement({ canWatch: true, reason: 'rental', rental: started(0.25 * HOUR) }),
      'Rented: 15 minutes left',
    ],
    [
      'a rental not started',
      anEntitlement({
        canWatch: true,
        reason: 'rental',
        rental: { rentedAt: at(-HOUR), startBy: at(30 * 24 * HOUR), startedAt: null, expiresAt: null },
      }),
      'Rented: 30 days to start',
    ],
    [
      'a rental that ran out while the page was open',
      anEntitlement({ canWatch: true, reason: 'rental', rental: started(-1000) }),
      texts.badges.rentalEnded,
    ],
    [
      'a rental that ran out long ago',
      anEntitlement({ reason: 'rental-expired', rental: started(-HOUR) }),
      texts.badges.rentalEnded,
    ],
    ['no plan, purchase or rental', anEntitlement(), texts.badges.subscriptionRequired],
  ])('%s', (_case, entitlement, badge) => {
    expect(accessBadge(entitlement, NOW, i18next.getFixedT('en', 'payments'))).toBe(badge);
  });

  it('reads in Hindi when Hindi is shown (issue 26)', async () => {
    await i18next.changeLanguage('hi');
    const hindi = i18next.getFixedT('hi', 'payments');
    expect(
      accessBadge(
        anEntitlement({ canWatch: true, reason: 'rental', rental: started(47.5 * HOUR) }),
        NOW,
        hindi,
      ),
    ).toBe('किराये पर: 47 घंटे बाकी');
    expect(accessBadge(anEntitlement(), NOW, hindi)).toBe(paymentStringsHi.badges.subscriptionRequired);
  });
});
