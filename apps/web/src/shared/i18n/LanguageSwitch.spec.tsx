import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { ThemeProvider } from '@web/shared/theme/ThemeProvider';
import { ThemeToggle } from '@web/shared/theme/ThemeToggle';
import { themeStrings } from '@web/shared/theme/strings';
import { themeStringsHi } from '@web/shared/theme/strings.hi';
import { formatInr } from './format';
import { LANGUAGE_STORAGE_KEY } from './languages';
import { LanguageSwitch } from './LanguageSwitch';

describe('the language switch (issue 26)', () => {
  beforeEach(() => localStorage.clear());

  it('shows the interface in Hindi and back, keeps the choice, and marks the page’s language', async () => {
    render(
      <ThemeProvider>
        <LanguageSwitch />
        <ThemeToggle />
      </ThemeProvider>,
    );
    screen.getByRole('button', { name: themeStrings.switchToLight });

    fireEvent.click(screen.getByRole('button', { name: 'Show the interface in हिन्दी' }));

    await screen.findByRole('button', { name: themeStringsHi.switchToLight });
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(formatInr(100000)).toBe('₹1,00,000');

    fireEvent.click(screen.getByRole('button', { name: 'इंटरफ़ेस English में दिखाएँ' }));

    await screen.findByRole('button', { name: themeStrings.switchToLight });
    expect(i18next.language).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
