import type { Classification } from '@app/contracts';
import { CLASSIFICATION_ORDER, classificationsUpTo } from '@app/contracts';
import { RequestContext } from '@app/server-core';

/**
 * The classes the calling profile may receive (issue 25, DECISIONS 37): those at or below its ceiling, from the
 * profile the RPC envelope names (never a client field). Undefined when every class is admitted: a profile rated A,
 * or a call no viewer's session makes (admins' tools, jobs, events).
 */
export const viewerClasses = (): Classification[] | undefined => {
  const ceiling = RequestContext.profile()?.maturityCeiling;
  const classes = ceiling ? classificationsUpTo(ceiling) : undefined;
  return classes && classes.length < CLASSIFICATION_ORDER.length ? classes : undefined;
};

/**
 * The query condition that keeps a viewer's reads within its ceiling, on the indexed `classification` (so lists
 * stay index reads, never a post-filter over pages); none when every class is admitted. The one place it is built.
 */
export const viewerClassCondition = (): { classification?: { $in: Classification[] } } => {
  const classes = viewerClasses();
  return classes ? { classification: { $in: classes } } : {};
};

/** What tells cached answers apart by ceiling (`all` when every class is admitted): a kids answer never serves an adult, nor the reverse. */
export const viewerCacheScope = (): string => viewerClasses()?.at(-1) ?? 'all';
