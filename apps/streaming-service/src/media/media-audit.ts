import type { MediaAsset, UploadTicket } from '@app/contracts';
import { AssetStatus, AuditAction, AuditTargetType } from '@app/contracts';
import type { AuditNote } from '@app/server-core';

const describeAsset = (asset: MediaAsset) =>
  asset.status === AssetStatus.None
    ? 'no media'
    : `${asset.status}${asset.source ? `, ${asset.source}` : ''}${asset.sourceName ? ` ${asset.sourceName}` : ''}`;

/**
 * The audit log's entry for an admin's media upload (issue 22, finding 6), made when the admin is given the upload
 * link: the only moment the request names them (the file itself comes later, on that single-use link). Media
 * deletions are audited as the deletions of their titles (catalogue-service).
 */
export const mediaUploadAudit = (current: MediaAsset, ticket: UploadTicket): AuditNote => ({
  action: AuditAction.MediaUpload,
  target: { type: AuditTargetType.Title, id: current.movieId, name: null },
  detail: `upload of new media for ${current.movieId} authorised until ${ticket.expiresAt}`,
  before: describeAsset(current),
  after: 'replaced by the uploaded file once it is transcoded',
});

/** The same entry for an added audio track's link (issue 26): it adds a language and replaces nothing. */
export const audioUploadAudit = (current: MediaAsset, language: string, ticket: UploadTicket): AuditNote => ({
  action: AuditAction.MediaUpload,
  target: { type: AuditTargetType.Title, id: current.movieId, name: null },
  detail: `upload of a ${language} audio track for ${current.movieId} authorised until ${ticket.expiresAt}`,
  before: describeAsset(current),
  after: `a ${language} audio track once it is transcoded`,
});
