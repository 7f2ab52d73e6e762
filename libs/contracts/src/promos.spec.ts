import { CreatePromoRequestSchema, PromoMessages } from './promos';

const request = (appliesTo: unknown) => ({
  code: 'monsoon20',
  discount: { kind: 'percent', percentOff: 20 },
  appliesTo,
  validFrom: '2026-11-01T00:00:00.000+05:30',
  validTo: '2026-12-01T00:00:00.000+05:30',
});

describe('CreatePromoRequestSchema appliesTo', () => {
  it('takes titles only (no plans, as codes made before plans were offered), plans only, or both', () => {
    expect(CreatePromoRequestSchema.parse(request({ titles: 'all' })).appliesTo).toEqual({
      titles: 'all',
      titleKinds: ['purchase', 'rental'],
      plans: [],
    });
    expect(CreatePromoRequestSchema.parse(request({ titles: [], plans: ['basic'] })).appliesTo.plans).toEqual(
      ['basic'],
    );
    expect(CreatePromoRequestSchema.parse(request({ titles: 'all', plans: 'all' })).appliesTo.plans).toBe(
      'all',
    );
  });

  it('refuses a code for nothing, and plans that do not exist', () => {
    const nothing = CreatePromoRequestSchema.safeParse(request({ titles: [], plans: [] }));
    expect(nothing.error?.issues).toEqual([
      expect.objectContaining({ path: ['appliesTo', 'titles'], message: PromoMessages.appliesToNothing }),
    ]);
    expect(CreatePromoRequestSchema.safeParse(request({ titles: [], plans: ['gold'] })).success).toBe(false);
  });
});
