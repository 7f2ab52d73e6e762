import { AuditAction } from '@app/contracts';
import type { TFunction } from 'i18next';
import { checkFields } from '@web/shared/ui/form-check';

type T = TFunction<'adminUsers'>;

/** The server's bound on a filter's text (AuditLogQuerySchema). */
const FILTER_MAX = 100;

export const AUDIT_KINDS = Object.values(AuditAction);

/** What the audit log screen filters by (issue 22): the admin, the target (a name or id) and the kind. */
export type AuditFilters = { actor?: string; target?: string; action?: AuditAction };

export type AuditFilterValues = { actor: string; target: string; action: string };

export const NO_AUDIT_FILTERS: AuditFilterValues = { actor: '', target: '', action: '' };

export const auditFilterLabels = (t: T): Record<keyof AuditFilterValues, string> => ({
  actor: t('auditFilters.actor'),
  target: t('auditFilters.target'),
  action: t('auditFilters.kind'),
});

const isKind = (value: string): value is AuditAction => (AUDIT_KINDS as string[]).includes(value);
/** The filters as the server takes them: trimmed texts within its bound, and only the ones given. */
export const checkAuditFilters = (t: T) => (values: AuditFilterValues) => {
  const lengthError = (value: string) => (value.length > FILTER_MAX ? t('auditFilters.tooLong') : undefined);
  const actor = values.actor.trim();
  const target = values.target.trim();
  return checkFields({ actor: lengthError(actor), target: lengthError(target) }, (): AuditFilters => ({
    ...(actor ? { actor } : {}),
    ...(target ? { target } : {}),
    ...(isKind(values.action) ? { action: values.action } : {}),
  }));
};
