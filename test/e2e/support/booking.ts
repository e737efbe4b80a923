import { DateTime } from 'luxon';
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/** The month calendar of a booking dialog (web/src/components/booking/month-calendar.tsx). */
export function monthCalendar(scope: Locator): Locator {
  return scope.getByTestId('month-calendar');
}

/** The month the calendar shows, as its heading reads (`November 2026`). */
export async function shownMonth(scope: Locator): Promise<string> {
  return (await monthCalendar(scope).locator('[aria-live="polite"]').textContent()) ?? '';
}

/** Pages the calendar forward (or back) to the month of `date` and chooses that day. */
export async function pickDay(scope: Locator, date: string): Promise<void> {
  const calendar = monthCalendar(scope);
  const target = DateTime.fromISO(date).toFormat('LLLL yyyy');
  for (let step = 0; step < 13; step++) {
    const shown = await shownMonth(scope);
    if (shown === target) break;
    const forward = DateTime.fromFormat(shown, 'LLLL yyyy') < DateTime.fromISO(date);
    await calendar.getByRole('button', { name: forward ? 'Next month' : 'Previous month' }).click();
    await expect.poll(() => shownMonth(scope)).not.toBe(shown);
  }
  await calendar.locator(`button[data-date="${date}"]`).click();
  await expect.poll(() => chosenDay(scope)).toBe(date);
}

/** The chosen day (`YYYY-MM-DD`), or '' when none is chosen in the month shown. */
export async function chosenDay(scope: Locator): Promise<string> {
  const chosen = monthCalendar(scope).locator('[role="gridcell"][aria-selected="true"] button');
  return (await chosen.count()) ? ((await chosen.getAttribute('data-date')) ?? '') : '';
}

/** The days of the month shown that are marked as having free times. */
export async function markedDays(scope: Locator): Promise<string[]> {
  const marked = monthCalendar(scope).locator('button[data-free]');
  return Promise.all((await marked.all()).map(async (day) => (await day.getAttribute('data-date')) ?? ''));
}

/** Chooses a time zone in the dialog's searchable zone select. */
export async function chooseZone(scope: Locator, search: string, zone: string): Promise<void> {
  const input = scope.getByRole('combobox', { name: 'Time zone' });
  await input.click();
  await input.fill(search);
  await scope
    .page()
    .getByRole('option', { name: new RegExp(`^${zone.replace('/', '\\/')}\\b`) })
    .click();
  await expect.poll(() => input.inputValue()).toContain(zone);
}
