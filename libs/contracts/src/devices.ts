import { z } from 'zod';
import { UserIdSchema } from './auth';
import { DeviceIdSchema } from './common';
import { query, rpc } from './rpc';

/**
 * Issue 27, "Devices and sign-ins": a device is one sign-in (password, Google or admin login). Every session issued
 * under it (profile selects included) shares its id, so switching profiles adds no device, and signing the device
 * out ends all of them. A session from before devices is its own device, named by its session id.
 */

export const DeviceSchema = z.object({
  id: z.string(),
  /** "Chrome on Windows", "Safari on iPhone", or "Unknown device". */
  label: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  /** The device of the session asking. */
  current: z.boolean(),
});
export type Device = z.infer<typeof DeviceSchema>;

/** `GET /api/users/{id}/sessions`: the signed-in devices, most recently seen first. */
export const DeviceListSchema = z.object({ data: z.array(DeviceSchema) });
export type DeviceList = z.infer<typeof DeviceListSchema>;

export const DeviceParamsSchema = z.object({ id: UserIdSchema, sessionId: DeviceIdSchema }).strict();
export type DeviceParams = z.infer<typeof DeviceParamsSchema>;

export const DeviceMessages = {
  notFound: 'This device is not signed in',
  unknownDevice: 'Unknown device',
} as const;

// ---- RPC (gateway → auth-service) ----

/** `currentDeviceId`: the caller's device, when the list is the caller's own (an admin reading another's has none). */
export const ListDevicesRpcSchema = z
  .object({ userId: UserIdSchema, currentDeviceId: DeviceIdSchema.optional() })
  .strict();
export type ListDevicesRpc = z.infer<typeof ListDevicesRpcSchema>;
export const SignOutDeviceRpcSchema = z.object({ userId: UserIdSchema, deviceId: DeviceIdSchema }).strict();
export type SignOutDeviceRpc = z.infer<typeof SignOutDeviceRpcSchema>;
/** `keepDeviceId`: the caller's device, kept; none (an admin on another account): every device. */
export const SignOutOtherDevicesRpcSchema = z
  .object({ userId: UserIdSchema, keepDeviceId: DeviceIdSchema.optional() })
  .strict();
export type SignOutOtherDevicesRpc = z.infer<typeof SignOutOtherDevicesRpcSchema>;
/** The sessions ended (so the gateway drops what it holds of them). */
export const SignedOutSchema = z.object({ sessionIds: z.array(z.string()) });
export type SignedOut = z.infer<typeof SignedOutSchema>;

export const DevicePatterns = {
  list: 'auth.devices.list',
  signOut: 'auth.devices.sign-out',
  signOutOthers: 'auth.devices.sign-out-others',
} as const;

export const DeviceRpc = {
  list: query(DevicePatterns.list, ListDevicesRpcSchema, DeviceListSchema),
  signOut: rpc(DevicePatterns.signOut, SignOutDeviceRpcSchema, SignedOutSchema),
  signOutOthers: rpc(DevicePatterns.signOutOthers, SignOutOtherDevicesRpcSchema, SignedOutSchema),
} as const;
