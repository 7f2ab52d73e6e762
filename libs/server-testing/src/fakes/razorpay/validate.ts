import type { JsonObject } from './http';
import { badRequest } from './http';
import type { Notes } from './types';

/** Input checks with Razorpay's wording, so our error handling meets realistic messages. */
export const integerField = (body: JsonObject, field: string, { min = 0, required = true } = {}) => {
  const value = body[field];
  if (value === undefined || value === null || value === '') {
    if (required) throw badRequest(`The ${field} field is required.`, field);
    return undefined;
  }
  const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number))
    throw badRequest(`The ${field} must be an integer.`, field);
  if (number < min) throw badRequest(`The ${field} must be at least ${min}.`, field);
  return number;
};

export const stringField = (body: JsonObject, field: string, { max = 255, required = false } = {}) => {
  const value = body[field];
  if (value === undefined || value === null) {
    if (required) throw badRequest(`The ${field} field is required.`, field);
    return undefined;
  }
  if (typeof value !== 'string') throw badRequest(`The ${field} must be a string.`, field);
  if (value.length > max) throw badRequest(`The ${field} may not be greater than ${max} characters.`, field);
  return value;
};

/** Razorpay takes true/false or 1/0 (the SDK sends 1 for cancel_at_cycle_end). */
export const booleanField = (body: JsonObject, field: string, fallback: boolean) => {
  const value = body[field];
  if (value === undefined || value === null) return fallback;
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  throw badRequest(`The ${field} field must be true or false.`, field);
};

/** Up to 15 keys of strings or numbers (256 characters each); Razorpay answers an empty set as `[]`. */
export const notesField = (body: JsonObject): Notes | [] => {
  const value = body.notes;
  if (value === undefined || value === null) return [];
  if (typeof value !== 'object' || Array.isArray(value)) {
    if (Array.isArray(value) && value.length === 0) return [];
    throw badRequest('The notes must be an array.', 'notes');
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > 15)
    throw badRequest('Number of fields in notes should be less than or equal to 15', 'notes');
  const notes: Notes = {};
  for (const [key, note] of entries) {
    if (typeof note !== 'string' && typeof note !== 'number')
      throw badRequest('The notes must be an array of strings.', 'notes');
    if (String(note).length > 256)
      throw badRequest('The notes may not be greater than 256 characters.', 'notes');
    notes[key] = note;
  }
  return entries.length ? notes : [];
};

export const objectField = (body: JsonObject, field: string): JsonObject => {
  const value = body[field];
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw badRequest(`The ${field} field is required.`, field);
  return value as JsonObject;
};

/** `addons` on create-subscription: up to 10 of `{ item: { name, amount (at least ₹1), currency } }`. */
export const addonsField = (body: JsonObject): Array<{ name: string; amount: number; currency: string }> => {
  const value = body.addons;
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > 10) throw badRequest('The addons must be an array.', 'addons');
  return value.map((addon: unknown) => {
    if (!addon || typeof addon !== 'object') throw badRequest('The addons must be an array.', 'addons');
    const item = objectField(addon as JsonObject, 'item');
    const amount = integerField(item, 'amount') as number;
    if (amount < 100) throw badRequest('The amount must be atleast INR 1.00', 'amount');
    return {
      name: stringField(item, 'name', { required: true }) as string,
      amount,
      currency: stringField(item, 'currency', { max: 3 }) ?? 'INR',
    };
  });
};
