import type { ContactMessageExport } from '@app/contracts';
import type { StoredContact } from './contacts.repository';

export const toContactExport = (record: StoredContact): ContactMessageExport => ({
  id: record._id.toHexString(),
  sentAt: record.createdAt?.toISOString() ?? null,
  firstName: record.firstName,
  lastName: record.lastName,
  email: record.email,
  companyName: record.companyName,
  serviceInterested: record.serviceInterested,
  message: record.message,
});
