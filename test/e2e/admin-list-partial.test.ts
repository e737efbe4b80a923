import { beforeAll, expect, it } from 'vitest';
import { reportedIssuesRepository } from '../../functions/repositories/reported-issues';
import { batchWriteItems } from '../../functions/table/batch';
import type { ReportedIssue } from '../../shared/schemas/learning-data';
import { demo } from '../support/api-client';
import { browserStackPerFile, screenshot } from './support/browser';

const browser = browserStackPerFile();
const COUNT = 2_010;

beforeAll(async () => {
  // More reported issues than a search reads (the plain demo has none): loaded in bulk from the items the
  // repository builds, records, list entries and counters.
  const issues: ReportedIssue[] = Array.from({ length: COUNT }, (_, i) => {
    const at = new Date(Date.UTC(2031, 0, 1) + i * 60_000).toISOString();
    return {
      _id: `partial-issue-${String(i).padStart(5, '0')}`,
      kind: 'ISSUE',
      status: 'OPEN',
      subject: i % 2 ? 'Video does not play' : 'Typo in the notes',
      description: 'Reported in bulk',
      pagePath: '/cambridge-igcse',
      resourceKey: null,
      reportedBy: {
        _id: 'demo-student-1',
        firstname: 'Sam',
        lastname: 'Student',
        email: 'student1@demo.test',
      },
      createdAt: at,
      updatedAt: at,
    };
  });
  const items = reportedIssuesRepository.seedItems('demo', issues).map((Item) => ({ PutRequest: { Item } }));
  const share = Math.ceil(items.length / 16);
  await Promise.all(
    Array.from({ length: 16 }, (_, i) => batchWriteItems(items.slice(i * share, (i + 1) * share))),
  );
  // About 6,000 items: most of a minute on one busy core, past the default hook time.
}, 300_000);

it('says a search covered only the newest records, where a filter shows the whole total', async () => {
  // Prepare: the admin on the reported issues, open ones (a filter its index serves)
  const page = await browser.signedInPage(demo.admin, '/admin/report-issues');
  const total = page.getByTestId('list-total');
  await total.getByText(`1–10 of ${COUNT}`, { exact: true }).waitFor();
  expect(await page.getByTestId('list-partial').count()).toBe(0);

  // Act: search, which reads the newest records only
  await page.getByLabel('Search reported issues').fill('video');

  // Assess: the total says what it counts, and the page says older records were not searched
  await total.getByText('1–10 of 1000 matches among the newest 2000 records', { exact: true }).waitFor();
  await page.getByTestId('list-partial').getByText('Older records were not searched').waitFor();
  await screenshot(page, 'admin-list-partial');
});
