import { fireEvent, render, screen } from '@testing-library/react';
import { themeStrings } from './strings';
import { THEME_STORAGE_KEY, Themes } from './theme';
import { ThemeProvider } from './ThemeProvider';
import { ThemeToggle } from './ThemeToggle';

const renderToggle = () =>
  render(
    <ThemeProvider>
      <ThemeToggle />
    </ThemeProvider>,
  );

const currentTheme = () => document.documentElement.dataset.theme;

describe('theme', () => {
  beforeEach(() => {
    localStorage.clear();
    delete document.documentElement.dataset.theme;
  });

  it('starts dark when nothing is stored', () => {
    renderToggle();

    expect(currentTheme()).toBe(Themes.Dark);
  });

  it('toggles between dark and light and remembers the choice', () => {
    renderToggle();

    fireEvent.click(screen.getByRole('button', { name: themeStrings.switchToLight }));
    expect(currentTheme()).toBe(Themes.Light);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe(Themes.Light);

    fireEvent.click(screen.getByRole('button', { name: themeStrings.switchToDark }));
    expect(currentTheme()).toBe(Themes.Dark);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe(Themes.Dark);
  });

  it('applies the stored theme on load', () => {
    localStorage.setItem(THEME_STORAGE_KEY, Themes.Light);

    renderToggle();

    expect(currentTheme()).toBe(Themes.Light);
    screen.getByRole('button', { name: themeStrings.switchToDark });
  });

  it('ignores a stored value that is not a theme', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');

    renderToggle();

    expect(currentTheme()).toBe(Themes.Dark);
  });
});
