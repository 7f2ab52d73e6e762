/**
 * The one way a form checks what was typed (with useFormFields): a check takes the values as typed and answers
 * the input to send, or the message of each field that is wrong.
 */
export type Checked<Input, Field extends string> =
  { input: Input } | { errors: Partial<Record<Field, string>> };

/** Each field's rule applied: the messages of the fields that break theirs, or the input when none does. */
export const checkFields = <Input, Field extends string>(
  found: Readonly<Record<Field, string | undefined>>,
  input: () => Input,
): Checked<Input, Field> => {
  const errors: Partial<Record<Field, string>> = {};
  for (const [field, message] of Object.entries(found) as [Field, string | undefined][])
    if (message) errors[field] = message;
  return Object.keys(errors).length > 0 ? { errors } : { input: input() };
};

/** The check of a form the browser validates (`required`, `type="email"`): the values go as typed. */
export const asTyped = <Values>(values: Values): Checked<Values, never> => ({ input: values });

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
