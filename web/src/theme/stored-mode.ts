import { storageKeys } from '../config/storage-keys';

/**
 * Puts the stored light or dark mode on <html> before the app first renders. next-themes only applies it in
 * an effect after that render, so a dark-mode visitor would see the page light for a moment. Light is the
 * default (spec 000 section 1); the provider keeps the class up to date from then on.
 */
export function applyStoredThemeMode(): void {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(storageKeys.themeMode);
  } catch {
    // Storage blocked: the default mode.
  }
  const mode = stored === 'dark' ? 'dark' : 'light';
  const html = document.documentElement;
  html.classList.remove('light', 'dark');
  html.classList.add(mode);
  html.style.colorScheme = mode;
}
