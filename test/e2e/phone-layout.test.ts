import type { Page } from 'playwright-core';
import { beforeAll, expect, it, onTestFinished } from 'vitest';
import type { SectionTree } from '../../shared/schemas/section';
import { apiClient, demo } from '../support/api-client';
import { appRoutePaths } from './support/app-routes';
import { browserStackPerFile, screenshot } from './support/browser';

/**
 * Every page of the SPA on a 390 × 844 phone (issue #16 item 9): none scrolls sideways. The routes come from
 * the SPA's route table, so a new route fails here until it has a sample below (who opens it, and with which
 * of the lived-in demo's records for its parameters).
 */
const browser = browserStackPerFile({ seed: 'lived-in' });
const PHONE = { width: 390, height: 844 };

type Role = 'visitor' | 'student' | 'parent' | 'tutor' | 'admin';

/** Tom teaches Sam IGCSE Physics in the lived-in demo. */
const COURSE = 'course-demo-igcse-physics';
const SUB_TOPIC = '/cambridge-igcse/mathematics/algebra-and-graphs/linear-equations';

interface Sample {
  /** Who opens it (the first role that can), and any other role whose page differs enough to check too. */
  as: Role[];
  /** The address with real ids for the route's parameters. */
  path: string;
  /** Where the page settles when it is not `path` itself (a link that forwards to its page). */
  landsOn?: string;
}

/** Records of the seeded demo the samples name, read once through the API. */
const ids = { homework: '', lesson: '', resource: '', invoice: '' };

beforeAll(async () => {
  const api = apiClient(browser.stack().apiUrl);
  const admin = await api.signIn(demo.admin.email, demo.admin.password);
  const { body } = await api.call<{ docs: SectionTree[] }>('sections.adminList', {
    ...admin,
    query: { course: COURSE },
  });
  const sections = flatten(body.docs);
  ids.homework = sections.find((s) => s.kind === 'HOMEWORK')?._id ?? '';
  ids.lesson = sections.find((s) => s.kind === 'TEAMS' || s.kind === 'ZOOM')?._id ?? '';
  const { body: resolved } = await api.call<{ subTopic: { resources: Array<{ _id: string }> } }>(
    'curriculums.resolvePath',
    { query: { path: SUB_TOPIC } },
  );
  ids.resource = resolved.subTopic.resources[0]?._id ?? '';
  const { body: invoice } = await api.call<{ _id: string }>('invoices.create', {
    ...admin,
    body: {
      userId: 'demo-student-1',
      lineItems: [
        {
          description: 'One-to-one mathematics lessons, March (4 x 60 minutes)',
          quantity: 4,
          unitAmount: 45,
        },
        { description: 'Past-paper workbook', quantity: 1, unitAmount: 12.5 },
      ],
      dueDate: '2030-04-01',
    },
  });
  ids.invoice = invoice._id;
  expect(Object.values(ids).every(Boolean), `demo records found: ${JSON.stringify(ids)}`).toBe(true);
});

function flatten(tree: SectionTree[]): SectionTree[] {
  return tree.flatMap((section) => [section, ...flatten(section.sections)]);
}

/** Each route of the route table, by its router path, filled in. */
function samples(): Record<string, Sample> {
  return {
    '/': { as: ['visitor', 'student'], path: '/' },
    '/sign-up': { as: ['visitor'], path: '/sign-up' },
    '/login': { as: ['visitor'], path: '/login' },
    '/forgot-password': { as: ['visitor'], path: '/forgot-password' },
    '/reset-password': { as: ['visitor'], path: '/reset-password?token=expired' },
    '/manage-accounts': { as: ['parent'], path: '/manage-accounts' },
    '/profile': { as: ['student', 'tutor'], path: '/profile' },
    '/tutors': { as: ['visitor', 'student'], path: '/tutors?country=GB' },
    '/tutors/:tutorId': { as: ['visitor'], path: '/tutors/demo-tutor-1?country=GB' },
    '/portal': { as: ['student', 'parent', 'tutor', 'admin'], path: '/portal' },
    '/portal/courses': { as: ['student', 'tutor'], path: '/portal/courses' },
    '/portal/courses/:courseId': { as: ['student', 'tutor'], path: `/portal/courses/${COURSE}` },
    '/portal/courses/:courseId/homework/:sectionId': {
      as: ['tutor', 'student'],
      path: `/portal/courses/${COURSE}/homework/${ids.homework}`,
    },
    '/portal/schedule': { as: ['student', 'tutor'], path: '/portal/schedule' },
    '/portal/availability': { as: ['tutor'], path: '/portal/availability' },
    '/portal/requests': { as: ['student', 'tutor'], path: '/portal/requests' },
    '/portal/notifications': { as: ['student'], path: '/portal/notifications' },
    '/portal/lesson-history': { as: ['student', 'tutor'], path: '/portal/lesson-history' },
    '/admin/chat': { as: ['admin'], path: '/admin/chat' },
    '/portal/invoices': { as: ['parent', 'student'], path: '/portal/invoices' },
    '/portal/invoices/:invoiceId': { as: ['parent'], path: `/portal/invoices/${ids.invoice}` },
    '/portal/pay': { as: ['tutor'], path: '/portal/pay' },
    '/portal/penalties': { as: ['tutor'], path: '/portal/penalties' },
    '/dashboard/:curriculum/:subject/:subjectLevel/:subjectCode/past-papers': {
      as: ['student'],
      path: '/dashboard/cambridge-igcse/mathematics/IGCSE/0580/past-papers',
    },
    '/topical-past-papers': {
      as: ['student'],
      path: '/topical-past-papers?curriculum=cambridge-igcse&subject=mathematics',
    },
    '/dashboard': { as: ['student', 'parent'], path: '/dashboard' },
    '/onboarding': { as: ['student'], path: '/onboarding' },
    '/subscriptions': { as: ['parent', 'student'], path: '/subscriptions' },
    '/billing': { as: ['parent', 'student'], path: '/billing' },
    '/admin/roles': { as: ['admin'], path: '/admin/roles' },
    '/admin/users': { as: ['admin'], path: '/admin/users' },
    '/admin/users/:userId': { as: ['admin'], path: '/admin/users/demo-tutor-1' },
    '/admin/tutor-roles': { as: ['admin'], path: '/admin/tutor-roles' },
    '/admin/tutor-sorting': { as: ['admin'], path: '/admin/tutor-sorting' },
    '/admin/lesson-feedback': { as: ['admin'], path: '/admin/lesson-feedback' },
    '/admin/flexible-plans': { as: ['admin'], path: '/admin/flexible-plans' },
    '/admin/subscription-plans': { as: ['admin'], path: '/admin/subscription-plans' },
    '/admin/groups': { as: ['admin'], path: '/admin/groups' },
    '/admin/course-pricing-templates': { as: ['admin'], path: '/admin/course-pricing-templates' },
    '/admin/course-permission-templates': { as: ['admin'], path: '/admin/course-permission-templates' },
    '/admin/one-to-one-tutor-rate-student-types': {
      as: ['admin'],
      path: '/admin/one-to-one-tutor-rate-student-types',
    },
    '/admin/group-tutor-rate-course-types': { as: ['admin'], path: '/admin/group-tutor-rate-course-types' },
    '/admin/student-flexible-rate-versions': { as: ['admin'], path: '/admin/student-flexible-rate-versions' },
    '/admin/student-subscription-rate-versions': {
      as: ['admin'],
      path: '/admin/student-subscription-rate-versions',
    },
    '/admin/student-flexible-rates': { as: ['admin'], path: '/admin/student-flexible-rates' },
    '/admin/student-subscription-rates': { as: ['admin'], path: '/admin/student-subscription-rates' },
    '/admin/one-to-one-tutor-rates': { as: ['admin'], path: '/admin/one-to-one-tutor-rates' },
    '/admin/group-tutor-rates': { as: ['admin'], path: '/admin/group-tutor-rates' },
    '/admin/currencies': { as: ['admin'], path: '/admin/currencies' },
    '/admin/late-change-policy': { as: ['admin'], path: '/admin/late-change-policy' },
    '/admin/penalty-waivers': { as: ['admin'], path: '/admin/penalty-waivers' },
    '/admin/manual-adjustments': { as: ['admin'], path: '/admin/manual-adjustments' },
    '/admin/call-logs': { as: ['admin'], path: '/admin/call-logs' },
    '/admin/payment-history': { as: ['admin'], path: '/admin/payment-history' },
    '/admin/transaction-logs': { as: ['admin'], path: '/admin/transaction-logs' },
    '/admin/finance': { as: ['admin'], path: '/admin/finance' },
    '/admin/courses': { as: ['admin'], path: '/admin/courses' },
    '/admin/courses/:courseId': { as: ['admin'], path: `/admin/courses/${COURSE}` },
    '/admin/course-templates': { as: ['admin'], path: '/admin/course-templates' },
    '/admin/schedule': { as: ['admin'], path: '/admin/schedule' },
    '/admin/meeting-requests': { as: ['admin'], path: '/admin/meeting-requests' },
    '/admin/lesson-history': { as: ['admin'], path: '/admin/lesson-history' },
    '/admin/meta-tags': { as: ['admin'], path: '/admin/meta-tags' },
    '/admin/redirections': { as: ['admin'], path: '/admin/redirections' },
    '/admin/sitemap': { as: ['admin'], path: '/admin/sitemap' },
    '/admin/report-issues': { as: ['admin'], path: '/admin/report-issues' },
    '/admin/tags': { as: ['admin'], path: '/admin/tags' },
    '/admin/trials': { as: ['admin'], path: '/admin/trials' },
    '/admin/callback-requests': { as: ['admin'], path: '/admin/callback-requests' },
    '/admin/invoices': { as: ['admin'], path: '/admin/invoices' },
    '/admin/invoices/:invoiceId': { as: ['admin'], path: `/admin/invoices/${ids.invoice}` },
    '/trial-recording/:trialId': { as: ['student'], path: '/trial-recording/trial-sam-physics' },
    '/waiting-room/:waitingId': { as: ['student'], path: `/waiting-room/${ids.lesson}` },
    '/meeting-room/:waitingId': { as: ['student'], path: `/meeting-room/${ids.lesson}` },
    '/verifyNotesLink': {
      as: ['visitor'],
      path: `/verifyNotesLink?resourceKey=${encodeURIComponent(ids.resource)}`,
      landsOn: SUB_TOPIC,
    },
    '/:curriculum': { as: ['visitor'], path: '/cambridge-igcse' },
    '/:curriculum/:subject/*': { as: ['visitor', 'student'], path: SUB_TOPIC },
    '/*': { as: ['visitor'], path: '/no-such-curriculum/no-such-subject/' },
  };
}

/** One browser profile per role, at phone size, made once and reused by every journey of this file. */
let profiles: Promise<Record<Role, Page>> | undefined;
const phone = () => {
  profiles ??= phonePages();
  return profiles;
};

async function phonePages(): Promise<Record<Role, Page>> {
  const options = { viewport: PHONE };
  const [visitor, student, parent, tutor, admin] = await Promise.all([
    browser.newPage(options),
    ...[demo.student, demo.parent, demo.tutor, demo.admin].map((account) =>
      browser.signedInPage(account, undefined, options),
    ),
  ]);
  if (!visitor || !student || !parent || !tutor || !admin) throw new Error('A profile did not open');
  for (const page of [visitor, student, parent, tutor, admin]) countRequests(page);
  return { visitor, student, parent, tutor, admin };
}

/** Requests each page has in flight: a move inside the SPA has no load event to wait for. */
const inFlight = new WeakMap<Page, number>();

function countRequests(page: Page): void {
  inFlight.set(page, 0);
  const change = (by: number) => () => inFlight.set(page, (inFlight.get(page) ?? 0) + by);
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
}

/** Until no request has been in flight for a quarter of a second. */
async function networkQuiet(page: Page): Promise<void> {
  const giveUpAt = Date.now() + 30_000;
  let quietSince = Date.now();
  while (Date.now() - quietSince < 250) {
    if (Date.now() > giveUpAt) throw new Error(`${page.url()} kept requesting for 30 s`);
    if ((inFlight.get(page) ?? 0) > 0) quietSince = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Opens a page and waits until it has read what it shows (its code, then its data: no request in flight and
 * no spinner left). A profile already in the SPA moves there as a link does (the router follows the
 * address), rather than loading the whole app again for each of some 90 pages; on a machine too busy to
 * settle in time the page is loaded whole once more before it counts as failed.
 */
async function open(page: Page, path: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (attempt === 1 && page.url().startsWith(browser.portalUrl('/'))) {
        await page.evaluate((url) => {
          window.history.pushState(null, '', url);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, browser.portalUrl(path));
      } else {
        await page.goto(browser.portalUrl(path));
      }
      await networkQuiet(page);
      await page.getByRole('status', { name: 'Loading' }).first().waitFor({ state: 'detached' });
      return;
    } catch (error) {
      if (attempt === 2) throw error;
    }
  }
}

/** Runs `work` on each item, at most `lanes` at a time. */
async function inLanes<T>(items: T[], lanes: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

// About 50 pages, two profiles at a time: a few minutes on a loaded machine pinned to one core.
it('every route of the SPA fits a 390 px phone without scrolling sideways', {
  timeout: 600_000,
}, async () => {
  // Prepare: the route table's pages, each with its sample
  const routes = appRoutePaths();
  const table = samples();
  const unsampled = routes.filter((route) => !table[route]);
  expect(unsampled, 'routes without a sample in test/e2e/phone-layout.test.ts').toEqual([]);
  const pages = await phone();
  const visits = routes.flatMap((route) => {
    const sample = table[route];
    return sample ? sample.as.map((role) => ({ route, role, sample })) : [];
  });

  // Act: every route, as each role it is for, each role's profile taking its routes in turn
  const wide: string[] = [];
  const failed: string[] = [];
  const roles = [...new Set(visits.map((visit) => visit.role))];
  // The profiles are shared with the journeys below: a timed-out run stops visiting before they start.
  let stopped = false;
  onTestFinished(() => {
    stopped = true;
  });
  // Two profiles at a time: more only queue up on one busy core and time out.
  await inLanes(roles, 2, async (role) => {
    const page = pages[role];
    for (const { route, sample } of visits.filter((visit) => visit.role === role)) {
      if (stopped) return;
      const visit = `${route} as ${role}`;
      try {
        await open(page, sample.path);
      } catch (error) {
        failed.push(`${visit}: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
        continue;
      }
      const expected = sample.landsOn ?? new URL(sample.path, 'http://x').pathname;
      const at = new URL(page.url()).pathname.replace(/^\/learning-portal/, '') || '/';
      if (at !== expected) failed.push(`${visit}: landed on ${at}`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > PHONE.width) {
        wide.push(`${visit}: ${width} px`);
        await screenshot(page, `phone-too-wide-${role}-${route.replace(/[^a-z0-9]+/gi, '-')}`);
      }
    }
  });

  // Assess: each page opened where it was asked for (failed), and none is wider than the phone (wide)
  expect({ failed: failed.sort(), wide: wide.sort() }).toEqual({ failed: [], wide: [] });
});

it('a tutor on a phone switches Edit mode and Homework mode from the menu and adds homework', async () => {
  // Prepare: Tom on his course, the modes off
  const { tutor: page } = await phone();
  await open(page, `/portal/courses/${COURSE}`);
  await page.getByRole('heading', { name: 'Lessons and materials' }).waitFor();
  expect(await page.getByRole('button', { name: 'Add homework' }).count()).toBe(0);

  // Act: Edit mode from the phone menu
  await page.getByRole('button', { name: 'Menu' }).click();
  const edit = page.getByRole('menuitemcheckbox', { name: 'Edit mode' });
  await page.getByRole('menuitemcheckbox', { name: 'Homework mode' }).waitFor();
  await screenshot(page, 'phone-tutor-menu');
  await edit.click();
  await page.getByRole('menuitemcheckbox', { name: 'Edit mode', checked: true }).waitFor();
  await page.keyboard.press('Escape');

  // Assess: the course offers Add homework, and it saves
  await page.getByRole('button', { name: 'Add homework' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Title/).fill('Phone homework: moments');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Homework Added').waitFor();
  await page.getByText('Phone homework: moments', { exact: true }).waitFor();

  // Act + Assess: Homework mode shows each homework's submissions. The menu is opened once the toast and the
  // menu before have gone, and the switch is read from its state: on a loaded machine a click that lands
  // while the menu is still opening is not taken, and is made again.
  await page.getByText('Homework Added').waitFor({ state: 'detached' });
  await page.getByRole('menu').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Menu' }).click();
  const homework = page.getByRole('menuitemcheckbox', { name: 'Homework mode' });
  for (let attempt = 0; (await homework.getAttribute('aria-checked')) !== 'true'; attempt++) {
    expect(attempt, 'Homework mode switched on').toBeLessThan(3);
    await homework.click();
    await page
      .getByRole('menuitemcheckbox', { name: 'Homework mode', checked: true })
      .waitFor({ timeout: 5_000 })
      .catch(() => undefined);
  }
  await page.keyboard.press('Escape');
  await page.getByTestId('homework-submissions').first().waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});

it('the week calendar keeps each lesson inside its day on a phone, and the month dots the days and lists a tapped one', async () => {
  // Prepare: Sam's week has lessons in the lived-in demo
  const { student: page } = await phone();
  await open(page, '/portal/schedule');
  const chips = page.getByTestId('calendar-lesson');
  await chips.first().waitFor();

  // Assess: no lesson reaches past its day's cell, and no text shows past its own box, in the week (a day
  // per row on a phone) and in the month (seven narrow columns)
  const spills = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('[role="gridcell"]')].flatMap((cell) => {
        const day = cell.getBoundingClientRect();
        return [
          ...cell.querySelectorAll('[data-testid="calendar-lesson"], [data-testid="calendar-lesson"] *'),
        ]
          .filter((element) => {
            const box = element.getBoundingClientRect();
            const outside = box.left < day.left - 0.5 || box.right > day.right + 0.5;
            const clipped = getComputedStyle(element).overflowX !== 'visible';
            return outside || (element.scrollWidth > element.clientWidth + 1 && !clipped);
          })
          .map((element) => `${cell.getAttribute('data-date')}: ${element.textContent}`);
      }),
    );
  expect(await spills()).toEqual([]);
  await screenshot(page, 'phone-schedule-week');
  const lessonDay = await page
    .locator('[role="gridcell"]', { has: chips.first() })
    .first()
    .getAttribute('data-date');
  expect(lessonDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  // The month on a phone (issue #16 item 11's gap: each lesson read "0…"): a dot per lesson in each day, no
  // cut text in the grid; tapping a day lists its lessons below it with their times whole
  await page.getByRole('button', { name: 'Month', exact: true }).click();
  await page
    .getByTestId('calendar-title')
    .getByText(/^[A-Z][a-z]+ \d{4}$/)
    .waitFor();
  const grid = page.getByRole('grid', { name: 'Calendar' });
  await grid.getByTestId('month-day').first().waitFor();
  expect(await grid.getByTestId('calendar-lesson').count()).toBe(0);
  expect(await grid.getByText(/…/).count()).toBe(0);
  const dayButton = (date: string) => grid.locator(`[role="gridcell"][data-date="${date}"] button`);
  const dots = (date: string) => grid.locator(`[data-date="${date}"] [data-testid="lesson-dots"] > div`);
  await expect.poll(() => dots(lessonDay ?? '').count()).toBeGreaterThan(0);
  expect(await dayButton(lessonDay ?? '').getAttribute('aria-label')).toMatch(/: \d+ lessons?$/);
  const listed = page.getByTestId('day-lessons');
  const emptyDay = await grid
    .locator('[role="gridcell"]:not(:has([data-testid="lesson-dots"] > div))')
    .first()
    .getAttribute('data-date');
  await dayButton(emptyDay ?? '').click();
  await listed.getByText('No lessons on this day.').waitFor();
  await dayButton(lessonDay ?? '').click();
  await listed.getByTestId('calendar-lesson').first().waitFor();
  // (three dots at most, then "+n")
  const dotCount = await dots(lessonDay ?? '').count();
  const listedCount = await listed.getByTestId('calendar-lesson').count();
  expect(dotCount < 3 ? listedCount === dotCount : listedCount >= 3).toBe(true);
  const times = await listed.getByTestId('calendar-lesson').evaluateAll((chips) =>
    chips.map((chip) => {
      const time = chip.querySelector('p');
      return { text: time?.textContent ?? '', cut: time ? time.scrollWidth > time.clientWidth + 1 : true };
    }),
  );
  expect(times.every(({ text, cut }) => /^\d\d:\d\d [AP]M$/.test(text) && !cut)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await screenshot(page, 'phone-schedule-month');
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  const title = await chips.first().getAttribute('title');
  expect(title).toMatch(/^\d\d:\d\d [AP]M · .+ · .+$/);

  // The dashboard on the same phone, for the record
  await open(page, '/dashboard');
  await page.getByTestId('subject-card').first().waitFor();
  await screenshot(page, 'phone-dashboard');
});

it('the back-office menu folds behind one button on a phone, so the page starts on the first screen', async () => {
  // Prepare
  const { admin: page } = await phone();
  await open(page, '/admin/roles');
  const nav = page.getByRole('navigation', { name: 'Back-office' });

  // Assess: the sections are folded, the page's heading is near the top
  const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
  expect(heading?.y).toBeLessThan(PHONE.height / 3);
  expect(await nav.getByRole('link', { name: 'Courses', exact: true }).isVisible()).toBe(false);
  await screenshot(page, 'phone-admin-menu-folded');

  // Act: open the menu, choose a section
  await nav.getByRole('button', { name: 'Back-office: Roles & permissions' }).click();
  await nav.getByRole('link', { name: 'Courses', exact: true }).waitFor();
  await screenshot(page, 'phone-admin-menu-open');
  await nav.getByRole('link', { name: 'Courses', exact: true }).click();

  // Assess: the section opens and the menu folds again, naming it
  await page.waitForURL(/\/admin\/courses$/);
  await nav.getByRole('button', { name: 'Back-office: Courses' }).waitFor();
  await nav.getByRole('link', { name: 'Courses', exact: true }).waitFor({ state: 'hidden' });
});

it('on a desktop the back-office menu stays open and the week calendar shows lessons in full', async () => {
  // Prepare
  const admin = await browser.signedInPage(demo.admin, '/admin/roles');
  const nav = admin.getByRole('navigation', { name: 'Back-office' });

  // Assess: every section is listed, with no fold button
  await nav.getByRole('link', { name: 'Courses', exact: true }).waitFor();
  expect(await nav.getByRole('button').isVisible()).toBe(false);
  await screenshot(admin, 'desktop-admin-menu');

  const student = await browser.signedInPage(demo.student, '/portal/schedule');
  await student.getByTestId('calendar-lesson').first().waitFor();
  await screenshot(student, 'desktop-schedule-week');
});
