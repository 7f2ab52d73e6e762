import { AuditAction } from '@app/contracts';
import { checkFields } from '@web/shared/ui/form-check';
import { adminUsersStrings } from './strings';

const { auditFilters: f } = adminUsersStrings;

/** The server's bound on a filter's text (AuditLogQuerySchema). */
const FILTER_MAX = 100;

export const AUDIT_KINDS = Object.values(AuditAction);

/** What the audit log screen filters by (issue 22): the admin, the target (a name or id) and the kind. */
export type AuditFilters = { actor?: string; target?: string; action?: AuditAction };

export type AuditFilterValues = { actor: string; target: string; action: string };

export const NO_AUDIT_FILTERS: AuditFilterValues = { actor: '', target: '', action: '' };

export const auditFilterLabels: Record<keyof AuditFilterValues, string> = {
  actor: f.actor,
  target: f.target,
  action: f.kind,
};

const isKind = (value: string): value is AuditAction => (AUDIT_KINDS as string[]).includes(value);
const lengthError = (value: string) => (value.length > FILTER_MAX ? f.tooLong : undefined);

/** The filters as the server takes them: trimmed texts within its bound, and only the ones given. */
export const checkAuditFilters = (values: AuditFilterValues) => {
  const actor = values.actor.trim();
  const target = values.target.trim();
  return checkFields({ actor: lengthError(actor), target: lengthError(target) }, (): AuditFilters => ({
    ...(actor ? { actor } : {}),
    ...(target ? { target } : {}),
    ...(isKind(values.action) ? { action: values.action } : {}),
  }));
};
