import { asTyped, checkFields } from './form-check';

describe('checkFields', () => {
  it('gives the messages of the fields that break their rule, and builds no input', () => {
    const input = jest.fn(() => ({ email: 'a@b.in' }));

    expect(checkFields({ email: 'Email is required', password: undefined }, input)).toEqual({
      errors: { email: 'Email is required' },
    });
    expect(input).not.toHaveBeenCalled();
  });

  it('builds the input when every field keeps its rule', () => {
    expect(checkFields({ email: undefined }, () => ({ email: 'a@b.in' }))).toEqual({
      input: { email: 'a@b.in' },
    });
  });
});

describe('asTyped', () => {
  it('sends the values as typed', () => {
    expect(asTyped({ name: ' Meera ' })).toEqual({ input: { name: ' Meera ' } });
  });
});
