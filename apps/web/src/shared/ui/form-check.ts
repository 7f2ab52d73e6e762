/** A form's check: the input to send, or the message of each field that is wrong. */
export type Checked<Input, Field extends string> =
  { input: Input } | { errors: Partial<Record<Field, string>> };

/**
 * Schema issues as field messages: each issue about a field that has a message gives it that message (the first
 * issue a field gets wins); issues about anything else are left out.
 */
export const fieldErrors = <Field extends string>(
  issues: readonly { path: readonly PropertyKey[] }[],
  messages: Readonly<Record<Field, string>>,
): Partial<Record<Field, string>> => {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in messages) errors[field as Field] ??= messages[field as Field];
  }
  return errors;
};
