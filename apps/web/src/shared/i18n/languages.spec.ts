import { initialLanguage } from './languages';

describe('the first language of a visit (issue 26)', () => {
  it('keeps the visitor’s choice, else takes Hindi when the browser asks for it first among ours, else English', () => {
    expect(initialLanguage('hi', ['en-GB'])).toBe('hi');
    expect(initialLanguage('en', ['hi-IN'])).toBe('en');
    expect(initialLanguage(null, ['hi-IN', 'en-IN'])).toBe('hi');
    expect(initialLanguage(null, ['en-IN', 'hi'])).toBe('en');
    expect(initialLanguage(null, ['ta-IN', 'hi'])).toBe('hi');
    expect(initialLanguage('fr', ['fr-FR'])).toBe('en');
    expect(initialLanguage(null, [])).toBe('en');
  });
});
