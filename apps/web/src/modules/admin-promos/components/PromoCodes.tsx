import type { CreatePromoRequest, Promo, PromoRedemption } from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { errorText } from '@web/shared/api/error-text';
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
import { adminPromoStrings as texts } from '../strings';
import styles from './PromoCodes.module.css';

const DAY_MS = 24 * 60 * 60 * 1000;
const dateInput = (date: Date) => date.toISOString().slice(0, 10);
/** A day as the admin picked it, in India's time: from its start, or until its end. */
const istDay = (day: string, end: boolean) =>
  new Date(Date.parse(`${day}T00:00:00+05:30`) + (end ? DAY_MS : 0)).toISOString();

type Draft = {
  code: string;
  description: string;
  kind: 'percent' | 'flat';
  value: string;
  titles: string;
  purchases: boolean;
  rentals: boolean;
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
  titles: '',
  purchases: true,
  rentals: true,
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
      titles: ids.length ? ids : 'all',
      titleKinds: [
        ...(draft.purchases ? ['purchase' as const] : []),
        ...(draft.rentals ? ['rental' as const] : []),
      ],
    },
    validFrom: istDay(draft.validFrom, false),
    validTo: istDay(draft.validTo, true),
    totalLimit: draft.totalLimit.trim() ? Number(draft.totalLimit) : null,
    perAccountLimit: Number(draft.perAccountLimit),
  };
};

const NewPromoForm = () => {
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const create = useCreatePromo();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((now) => ({ ...now, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(toRequest(draft), { onSuccess: () => setDraft(emptyDraft()) });
  };
  return (
    <Form onSubmit={submit} aria-label={texts.createTitle}>
      <FormRow>
        <TextField
          label={texts.code}
          hint={texts.codeHint}
          required
          maxLength={20}
          value={draft.code}
          onChange={(event) => set('code', event.target.value.toUpperCase())}
        />
        <TextField
          label={texts.description}
          maxLength={200}
          value={draft.description}
          onChange={(event) => set('description', event.target.value)}
        />
      </FormRow>
      <FormRow>
        <SelectField
          label={texts.kind}
          value={draft.kind}
          onChange={(event) => set('kind', event.target.value === 'flat' ? 'flat' : 'percent')}
        >
          <option value="percent">{texts.kinds.percent}</option>
          <option value="flat">{texts.kinds.flat}</option>
        </SelectField>
        <TextField
          label={draft.kind === 'percent' ? texts.percentOff : texts.amountOff}
          type="number"
          required
          min={draft.kind === 'percent' ? 1 : 1}
          max={draft.kind === 'percent' ? 99 : undefined}
          step={draft.kind === 'percent' ? 1 : 0.01}
          value={draft.value}
          onChange={(event) => set('value', event.target.value)}
        />
      </FormRow>
      <TextField
        label={texts.titles}
        hint={texts.titlesHint}
        value={draft.titles}
        onChange={(event) => set('titles', event.target.value)}
      />
      <FormRow>
        <CheckboxField
          label={texts.purchases}
          checked={draft.purchases}
          onChange={(checked) => set('purchases', checked)}
        />
        <CheckboxField
          label={texts.rentals}
          checked={draft.rentals}
          onChange={(checked) => set('rentals', checked)}
        />
      </FormRow>
      <p className={styles.note}>{texts.plansNote}</p>
      <FormRow>
        <TextField
          label={texts.validFrom}
          type="date"
          required
          value={draft.validFrom}
          onChange={(event) => set('validFrom', event.target.value)}
        />
        <TextField
          label={texts.validTo}
          type="date"
          required
          value={draft.validTo}
          onChange={(event) => set('validTo', event.target.value)}
        />
      </FormRow>
      <FormRow>
        <TextField
          label={texts.totalLimit}
          type="number"
          min={1}
          value={draft.totalLimit}
          onChange={(event) => set('totalLimit', event.target.value)}
        />
        <TextField
          label={texts.perAccountLimit}
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
          {create.isPending ? texts.creating : texts.create}
        </Button>
      </div>
      {create.isError && (
        <p role="alert" className={styles.error}>
          {errorText(create.error, { fallback: texts.createFailed })}
        </p>
      )}
      {create.isSuccess && (
        <p role="status" className={styles.note}>
          {texts.created(create.data.code)}
        </p>
      )}
    </Form>
  );
};

const Redemptions = ({ promo, onHide }: { promo: Promo; onHide: () => void }) => {
  const [page, setPage] = useState(1);
  const { data, isError } = usePromoRedemptions(promo.id, { page, pageSize: ADMIN_PROMOS_PAGE_SIZE });
  const columns: Column<PromoRedemption & { id: string }>[] = [
    { header: texts.redemptionColumns.at, cell: (row) => new Date(row.at).toLocaleString('en-IN') },
    { header: texts.redemptionColumns.email, cell: (row) => row.email ?? row.userId },
    { header: texts.redemptionColumns.item, cell: (row) => `${row.kind}: ${row.item}` },
    { header: texts.redemptionColumns.price, cell: (row) => texts.rupees(row.listPricePaise) },
    { header: texts.redemptionColumns.discount, cell: (row) => `-${texts.rupees(row.discountPaise)}` },
    { header: texts.redemptionColumns.paid, cell: (row) => texts.rupees(row.amountPaise) },
  ];
  return (
    <Panel title={texts.redemptionsTitle(promo.code)}>
      <Button variant="ghost" size="sm" onClick={onHide}>
        {texts.hide}
      </Button>
      {isError && <p role="alert">{texts.loadFailed}</p>}
      {data && data.total === 0 && <p className={styles.note}>{texts.noRedemptions}</p>}
      {data && data.total > 0 && (
        <>
          <DataTable
            caption={texts.redemptionsCaption}
            label={texts.redemptionsTitle(promo.code)}
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
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<Promo | null>(null);
  const { data, isError } = useAdminPromos({ page, pageSize: ADMIN_PROMOS_PAGE_SIZE });
  const pause = useSetPromoPaused();
  const columns: Column<Promo>[] = [
    { header: texts.columns.code, cell: (promo) => <strong>{promo.code}</strong> },
    { header: texts.columns.discount, cell: texts.discountOf },
    { header: texts.columns.appliesTo, cell: texts.appliesToOf },
    {
      header: texts.columns.valid,
      cell: (promo) =>
        `${new Date(promo.validFrom).toLocaleDateString('en-IN')} – ${new Date(promo.validTo).toLocaleDateString('en-IN')}`,
    },
    { header: texts.columns.uses, cell: texts.usesOf },
    { header: texts.columns.status, cell: (promo) => texts.status[promo.status] },
    {
      header: texts.columns.actions,
      cell: (promo) => (
        <span className={styles.actions}>
          <Button
            variant="ghost"
            size="sm"
            disabled={pause.isPending}
            onClick={() => pause.mutate({ promoId: promo.id, paused: promo.status === 'active' })}
          >
            {promo.status === 'active' ? texts.pause : texts.resume}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setShown(promo)}>
            {texts.showRedemptions}
          </Button>
        </span>
      ),
    },
  ];
  return (
    <div className={styles.stack}>
      <Panel title={texts.createTitle}>
        <NewPromoForm />
      </Panel>
      <Panel title={texts.title}>
        {isError && <p role="alert">{texts.loadFailed}</p>}
        {data && data.total === 0 && <p className={styles.note}>{texts.empty}</p>}
        {data && data.total > 0 && (
          <>
            <DataTable
              caption={texts.listCaption}
              label={texts.listCaption}
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
