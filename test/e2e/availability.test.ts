import { expect, it } from 'vitest';
import { demo } from '../support/api-client';
import { browserStackPerFile, screenshot } from './support/browser';

const browser = browserStackPerFile();

it('a tutor adds a day off and changes Monday hours, saves, and finds both after a reload', async () => {
  // Prepare: tutor 1 (Europe/London, Monday to Friday 09:00-17:00, Saturday 10:00-13:00) on the portal home
  const page = await browser.signedInPage(demo.tutor, '/portal');
  await page.getByRole('heading', { name: 'Welcome, Tom!' }).waitFor();

  // Act: open the availability screen from the portal home card
  await page.getByRole('link', { name: 'Edit availability' }).click();
  await page.getByRole('heading', { name: 'My availability' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/learning-portal/portal/availability');

  // Assess: the seeded availability, weekdays Sunday to Saturday
  expect(await page.getByLabel('Time zone', { exact: true }).inputValue()).toBe('Europe/London');
  // The zones are the spec's fixed list, each read with its country (spec 000 section 9)
  const zone = page.getByLabel('Time zone', { exact: true });
  expect(await zone.locator('option:checked').textContent()).toMatch(/^United Kingdom: .*London/);
  expect(await zone.locator('option', { hasText: 'Singapore: Singapore Time (Singapore)' }).count()).toBe(1);
  expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('available');
  expect(await page.locator('option[value="notAvailableAdmin"]').isDisabled()).toBe(true);
  const days = await page
    .getByRole('group')
    .evaluateAll((groups) =>
      groups.map((g) => g.getAttribute('aria-label')).filter((name) => name?.endsWith('day')),
    );
  expect(days).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
  expect(await page.getByLabel('Monday start 1', { exact: true }).inputValue()).toBe('09:00');
  expect(await page.getByLabel('Monday end 1', { exact: true }).inputValue()).toBe('17:00');
  await page.getByRole('group', { name: 'Sunday' }).getByText('Unavailable').waitFor();

  // Act: Monday ends at 16:00; an end before the start is refused before saving
  await page.getByLabel('Monday end 1', { exact: true }).fill('08:00');
  await page.getByText('The end must be after the start').waitFor();
  expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
  await page.getByLabel('Monday end 1', { exact: true }).fill('16:00');
  expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(false);

  // Act: a day off
  await page.getByRole('button', { name: 'Add exception' }).click();
  await page.getByLabel('Exception 1 date', { exact: true }).fill('2030-03-15');
  expect(await page.getByLabel('Exception 1 kind', { exact: true }).inputValue()).toBe('dayOff');
  await page.getByText('Unsaved changes').waitFor();
  await screenshot(page, 'availability-edit');
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  // Assess: the green toast, and the change is there after a reload
  const toast = page.locator('[data-testid="toast-success"]');
  await toast.waitFor();
  expect(await toast.textContent()).toContain('User Availability Data Updated!');
  await screenshot(page, 'availability-saved');
  await page.getByText('Unsaved changes').waitFor({ state: 'hidden' });
  await page.reload();
  await page.getByRole('heading', { name: 'My availability' }).waitFor();
  await page.getByLabel('Exception 1 date', { exact: true }).waitFor();
  expect(await page.getByLabel('Exception 1 date', { exact: true }).inputValue()).toBe('2030-03-15');
  expect(await page.getByLabel('Exception 1 kind', { exact: true }).inputValue()).toBe('dayOff');
  expect(await page.getByLabel('Monday end 1', { exact: true }).inputValue()).toBe('16:00');
  expect(await page.getByLabel('Tuesday end 1', { exact: true }).inputValue()).toBe('17:00');
  expect(await page.getByText(/^Last saved /).isVisible()).toBe(true);
  await screenshot(page, 'availability-after-reload');
});

it("an admin opens a tutor's availability by id, where the admin-only statuses are offered", async () => {
  // Act
  const page = await browser.signedInPage(demo.admin, '/portal/availability?tutorId=demo-tutor-2');

  // Assess: tutor 2's zone and hours, and every status may be chosen
  await page.getByRole('heading', { name: 'Tutor availability' }).waitFor();
  expect(await page.getByLabel('Tutor', { exact: true }).inputValue()).toBe('demo-tutor-2');
  await page.getByLabel('Monday start 1', { exact: true }).waitFor();
  expect(await page.getByLabel('Time zone', { exact: true }).inputValue()).toBe('America/New_York');
  expect(await page.getByLabel('Monday end 1', { exact: true }).inputValue()).toBe('16:30');
  expect(await page.locator('option[value="notAvailableAdmin"]').isDisabled()).toBe(false);

  // Act: extra hours on a date, and a window that ends before it starts (not saved)
  await page.getByRole('button', { name: 'Add exception' }).click();
  await page.getByLabel('Exception 1 kind', { exact: true }).selectOption('extraHours');
  expect(await page.getByLabel('Exception 1 start 1', { exact: true }).inputValue()).toBe('09:00');
  await page.getByRole('button', { name: 'Add window' }).click();
  await page.getByLabel('Window 1 start date', { exact: true }).fill('2030-02-01');
  await page.getByLabel('Window 1 end date', { exact: true }).fill('2030-01-01');
  await page.getByText('The end date must not be before the start date').waitFor();
  expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'availability-admin');

  // Act: switch to tutor 3 with the picker: it lists the tenant's tutors (not students), found by name
  const picker = page.getByLabel('Tutor', { exact: true });
  await expect
    .poll(() => picker.locator('option').allTextContents())
    .toEqual(
      expect.arrayContaining([
        'Tom Turing (tutor1@demo.test)',
        'Grace Hopper (tutor2@demo.test)',
        'Mei Lin (tutor3@demo.test)',
      ]),
    );
  const offered = await picker.locator('option').allTextContents();
  expect(offered.some((label) => label.includes('student'))).toBe(false);
  await page.getByLabel('Search tutors').fill('mei');
  // The search narrows the choice; the tutor shown now stays listed
  await expect
    .poll(async () => picker.locator('option').allTextContents())
    .toEqual(['Choose a tutor', 'Grace Hopper (tutor2@demo.test)', 'Mei Lin (tutor3@demo.test)']);
  await screenshot(page, 'availability-admin-picker');
  await picker.selectOption({ label: 'Mei Lin (tutor3@demo.test)' });
  await page.waitForURL(/tutorId=demo-tutor-3/);
  await page.getByLabel('Time zone', { exact: true }).waitFor();
  await expect
    .poll(() => page.getByLabel('Time zone', { exact: true }).inputValue())
    .toBe('Australia/Sydney');
});
