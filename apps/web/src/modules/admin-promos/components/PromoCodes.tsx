import { type CreatePromoRequest, PlanId, type Promo, type PromoRedemption } from '@app/contracts';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@web/shared/api/error-text';
import { formatDate, formatInr, formatNumber } from '@web/shared/i18n/format';
import { Button } from '@web/shared/ui/Button';
import { CheckboxField } from '@web/shared/ui/CheckboxField';
import { type Column, DataTable } from '@web/shared/ui/DataTable';
import { Form, FormRow } from '@web/shared/ui/Form';
import { Pager, pageCount } from '@web/shared/ui/Pager';
import { Panel } from '@web/shared/ui/Panel';
import { SelectField, TextField } from '@web/shared/ui/TextField';
import {
  ADMIN_PROMOS_PAGE_SIZE,
  useAdminPromos,
  useCreatePromo,
  usePromoRedemptions,
  useSetPromoPaused,
} from '../hooks/useAdminPromos';
import styles from './PromoCodes.module.css';

const DAY_MS = 24 * 60 * 60 * 1000;
const dateInput = (date: Date) => date.toISOString().slice(0, 10);
/** A day as the admin picked it, in India's time: from its start, or until its end. */
const istDay = (day: string, end: boolean) =>
  new Date(Date.parse(`${day}T00:00:00+05:30`) + (end ? DAY_MS : 0)).toISOString();

type T = TFunction<'adminPromos'>;

const rupees = (paise: number) => formatInr(paise / 100);
const day = (iso: string) => formatDate(iso, { day: 'numeric', month: 'short', year: 'numeric' });

const discountOf = (t: T, { discount }: Promo) =>
  t('discountOf', {
    off:
      discount.kind === 'percent'
        ? formatNumber(discount.percentOff / 100, { style: 'percent' })
        : rupees(discount.amountOffPaise),
  });

const PLAN_IDS = Object.values(PlanId);

const appliesToOf = (t: T, { appliesTo }: Promo) => {
  const kinds = appliesTo.titleKinds.map((kind) => t(`titleKinds.${kind}`)).join(', ');
  const titles =
    appliesTo.titles === 'all'
      ? t('appliesToAll', { kinds })
      : appliesTo.titles.length
        ? t('appliesToSome', { count: appliesTo.titles.length, kinds })
        : null;
  const plans =
    appliesTo.plans === 'all'
      ? t('appliesToEveryPlan')
      : appliesTo.plans.length
        ? t('appliesToPlans', { plans: appliesTo.plans.map((plan) => t(`plans.${plan}`)).join(', ') })
        : null;
  return titles && plans ? t('appliesToBoth', { titles, plans }) : (titles ?? plans ?? '');
};

const usesOf = (t: T, promo: Promo) =>
  t('usesOf', {
    redeemed: formatNumber(promo.redeemed),
    claimed: formatNumber(promo.claimed),
    limit: promo.totalLimit === null ? t('noLimit') : formatNumber(promo.totalLimit),
  });

type Draft = {
  code: string;
  description: string;
  kind: 'percent' | 'flat';
  value: string;
  titleScope: 'all' | 'listed' | 'none';
  titles: string;
  purchases: boolean;
  rentals: boolean;
  plans: PlanId[];
  validFrom: string;
  validTo: string;
  totalLimit: string;
  perAccountLimit: string;
};

const emptyDraft = (): Draft => ({
  code: '',
  description: '',
  kind: 'percent',
  value: '20',
  titleScope: 'all',
  titles: '',
  purchases: true,
  rentals: true,
  plans: [],
  validFrom: dateInput(new Date()),
  validTo: dateInput(new Date(Date.now() + 30 * DAY_MS)),
  totalLimit: '',
  perAccountLimit: '1',
});

const toRequest = (draft: Draft): CreatePromoRequest => {
  const ids = draft.titles
    .split(/[\s,]+/)
    .map((id) => id.trim())
    .filter(Boolean);
  return {
    code: draft.code,
    description: draft.description,
    discount:
      draft.kind === 'percent'
        ? { kind: 'percent', percentOff: Number(draft.value) }
        : { kind: 'flat', amountOffPaise: Math.round(Number(draft.value) * 100) },
    appliesTo: {
      titles: draft.titleScope === 'all' ? 'all' : draft.titleScope === 'listed' ? ids : [],
      titleKinds: [
        ...(draft.purchases ? ['purchase' as const] : []),
        ...(draft.rentals ? ['rental' as const] : []),
      ],
      // Every plan ticked: every plan, also one added later.
      plans: draft.plans.length === PLAN_IDS.length ? 'all' : draft.plans,
    },
    validFrom: istDay(draft.validFrom, false),
    validTo: istDay(draft.validTo, true),
    totalLimit: draft.totalLimit.trim() ? Number(draft.totalLimit) : null,
    perAccountLimit: Number(draft.perAccountLimit),
  };
};

const titleScopeOf = (value: string): Draft['titleScope'] =>
  value === 'listed' || value === 'none' ? value : 'all';

const NewPromoForm = () => {
  const { t } = useTranslation('adminPromos');
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const create = useCreatePromo();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((now) => ({ ...now, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(toRequest(draft), { onSuccess: () => setDraft(emptyDraft()) });
  };
  return (
    <Form onSubmit={submit} aria-label={t('createTitle')}>
      <FormRow>
        <TextField
          label={t('code')}
          hint={t('codeHint')}
          required
          maxLength={20}
          value={draft.code}
          onChange={(event) => set('code', event.target.value.toUpperCase())}
        />
        <TextField
          label={t('description')}
          maxLength={200}
          value={draft.description}
          onChange={(event) => set('description', event.target.value)}
        />
      </FormRow>
      <FormRow>
        <SelectField
          label={t('kind')}
          value={draft.kind}
          onChange={(event) => set('kind', event.target.value === 'flat' ? 'flat' : 'percent')}
        >
          <option value="percent">{t('kinds.percent')}</option>
          <option value="flat">{t('kinds.flat')}</option>
        </SelectField>
        <TextField
          label={draft.kind === 'percent' ? t('percentOff') : t('amountOff')}
          type="number"
          required
          min={draft.kind === 'percent' ? 1 : 1}
          max={draft.kind === 'percent' ? 99 : undefined}
          step={draft.kind === 'percent' ? 1 : 0.01}
          value={draft.value}
          onChange={(event) => set('value', event.target.value)}
        />
      </FormRow>
      <SelectField
        label={t('titles')}
        value={draft.titleScope}
        onChange={(event) => set('titleScope', titleScopeOf(event.target.value))}
      >
        <option value="all">{t('titleScopes.all')}</option>
        <option value="listed">{t('titleScopes.listed')}</option>
        <option value="none">{t('titleScopes.none')}</option>
      </SelectField>
      {draft.titleScope === 'listed' && (
        <TextField
          label={t('titleIds')}
          hint={t('titleIdsHint')}
          required
          value={draft.titles}
          onChange={(event) => set('titles', event.target.value)}
        />
      )}
      {draft.titleScope !== 'none' && (
        <FormRow>
          <CheckboxField
            label={t('purchases')}
            checked={draft.purchases}
            onChange={(checked) => set('purchases', checked)}
          />
          <CheckboxField
            label={t('rentals')}
            checked={draft.rentals}
            onChange={(checked) => set('rentals', checked)}
          />
        </FormRow>
      )}
      <fieldset className={styles.plans}>
        <legend>{t('plansLegend')}</legend>
        <p className={styles.note}>{t('plansHint')}</p>
        <FormRow>
          {PLAN_IDS.map((plan) => (
            <CheckboxField
              key={plan}
              label={t(`plans.${plan}`)}
              checked={draft.plans.includes(plan)}
              onChange={(checked) =>
                set('plans', checked ? [...draft.plans, plan] : draft.plans.filter((id) => id !== plan))
              }
            />
          ))}
        </FormRow>
      </fieldset>
      <FormRow>
        <TextField
          label={t('validFrom')}
          type="date"
          required
          value={draft.validFrom}
          onChange={(event) => set('validFrom', event.target.value)}
        />
        <TextField
          label={t('validTo')}
          type="date"
          required
          value={draft.validTo}
          onChange={(event) => set('validTo', event.target.value)}
        />
      </FormRow>
      <FormRow>
        <TextField
          label={t('totalLimit')}
          type="number"
          min={1}
          value={draft.totalLimit}
          onChange={(event) => set('totalLimit', event.target.value)}
        />
        <TextField
          label={t('perAccountLimit')}
          type="number"
          min={1}
          max={100}
          required
          value={draft.perAccountLimit}
          onChange={(event) => set('perAccountLimit', event.target.value)}
        />
      </FormRow>
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('creating') : t('create')}
        </Button>
      </div>
      {create.isError && (
        <p role="alert" className={styles.error}>
          {errorText(create.error, { fallback: t('createFailed') })}
        </p>
      )}
      {create.isSuccess && (
        <p role="status" className={styles.note}>
          {t('created', { code: create.data.code })}
        </p>
      )}
    </Form>
  );
};

const Redemptions = ({ promo, onHide }: { promo: Promo; onHide: () => void }) => {
  const { t } = useTranslation('adminPromos');
  const [page, setPage] = useState(1);
  const { data, isError } = usePromoRedemptions(promo.id, { page, pageSize: ADMIN_PROMOS_PAGE_SIZE });
  const columns: Column<PromoRedemption & { id: string }>[] = [
    {
      header: t('redemptionColumns.at'),
      cell: (row) => formatDate(row.at, { dateStyle: 'medium', timeStyle: 'short' }),
    },
    { header: t('redemptionColumns.email'), cell: (row) => row.email ?? row.userId },
    {
      header: t('redemptionColumns.item'),
      cell: (row) => t('redemptionItem', { kind: t(`titleKinds.${row.kind}`), item: row.item }),
    },
    { header: t('redemptionColumns.price'), cell: (row) => rupees(row.listPricePaise) },
    { header: t('redemptionColumns.discount'), cell: (row) => `-${rupees(row.discountPaise)}` },
    { header: t('redemptionColumns.paid'), cell: (row) => rupees(row.amountPaise) },
  ];
  return (
    <Panel title={t('redemptionsTitle', { code: promo.code })}>
      <Button variant="ghost" size="sm" onClick={onHide}>
        {t('hide')}
      </Button>
      {isError && <p role="alert">{t('loadFailed')}</p>}
      {data && data.total === 0 && <p className={styles.note}>{t('noRedemptions')}</p>}
      {data && data.total > 0 && (
        <>
          <DataTable
            caption={t('redemptionsCaption')}
            label={t('redemptionsTitle', { code: promo.code })}
            rows={data.data.map((row) => ({ ...row, id: row.orderId }))}
            columns={columns}
          />
          <Pager page={page} pages={pageCount(data.total, ADMIN_PROMOS_PAGE_SIZE)} onPage={setPage} />
        </>
      )}
    </Panel>
  );
};

/** Admin → Promo codes (issue 27): create, list, pause or resume, and each code's paid orders. */
export const PromoCodes = () => {
  const { t } = useTranslation('adminPromos');
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<Promo | null>(null);
  const { data, isError } = useAdminPromos({ page, pageSize: ADMIN_PROMOS_PAGE_SIZE });
  const pause = useSetPromoPaused();
  const columns: Column<Promo>[] = [
    { header: t('columns.code'), cell: (promo) => <strong>{promo.code}</strong> },
    { header: t('columns.discount'), cell: (promo) => discountOf(t, promo) },
    { header: t('columns.appliesTo'), cell: (promo) => appliesToOf(t, promo) },
    {
      header: t('columns.valid'),
      cell: (promo) => `${day(promo.validFrom)} – ${day(promo.validTo)}`,
    },
    { header: t('columns.uses'), cell: (promo) => usesOf(t, promo) },
    { header: t('columns.status'), cell: (promo) => t(`status.${promo.status}`) },
    {
      header: t('columns.actions'),
      cell: (promo) => (
        <span className={styles.actions}>
          <Button
            variant="ghost"
            size="sm"
            disabled={pause.isPending}
            onClick={() => pause.mutate({ promoId: promo.id, paused: promo.status === 'active' })}
          >
            {promo.status === 'active' ? t('pause') : t('resume')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setShown(promo)}>
            {t('showRedemptions')}
          </Button>
        </span>
      ),
    },
  ];
  return (
    <div className={styles.stack}>
      <Panel title={t('createTitle')}>
        <NewPromoForm />
      </Panel>
      <Panel title={t('title')}>
        {isError && <p role="alert">{t('loadFailed')}</p>}
        {data && data.total === 0 && <p className={styles.note}>{t('empty')}</p>}
        {data && data.total > 0 && (
          <>
            <DataTable
              caption={t('listCaption')}
              label={t('listCaption')}
              rows={data.data}
              columns={columns}
            />
            <Pager page={page} pages={pageCount(data.total, ADMIN_PROMOS_PAGE_SIZE)} onPage={setPage} />
          </>
        )}
      </Panel>
      {shown && <Redemptions promo={shown} onHide={() => setShown(null)} />}
    </div>
  );
};
