import { ConflictError } from '../../shared/http/errors';
import { directoryUserTypes } from '../../shared/rules/user-directory';
import { tableName } from '../lib/db';
import { syncTeachingLevels } from '../repositories/availability';
import { coursesRepository } from '../repositories/courses';
import {
  allLessonHistory,
  backfillTutorPaySummaries,
  getLessonHistory,
  lessonHistoryLists,
} from '../repositories/lesson-history';
import { meetingRequestsRepository } from '../repositories/meeting-requests';
import { backfillRevenueSummaries } from '../repositories/payments';
import { reportedIssuesRepository } from '../repositories/reported-issues';
import { lessonLists, sectionEntity } from '../repositories/sections';
import { trialsRepository } from '../repositories/trials';
import { backfillTutorRateCountryIndex } from '../repositories/tutor-rates';
import {
  directoryUsers,
  getUser,
  indexUserAsAdmin,
  indexUserInDirectory,
  indexUserInList,
  usersOfRole,
} from '../repositories/users';
import { rolesRepository } from '../roles/repository';
import { keys } from '../table/access-patterns';
import { type TransactItem, writeTransaction } from '../table/transactions';

/** One kind of record whose lists are kept by list indexes: where its records are, and how to list one. */
interface Backfill<R extends { _id: string }> {
  name: string;
  /** Every record of the tenant, parsed by its entity. */
  records: (tenant: string) => Promise<R[]>;
  /** The record as it is now (a consistent read, after a write in between changed it). */
  reread: (tenant: string, id: string) => Promise<R | undefined>;
  /** The transaction that lists a record stored before its indexes; none when it is listed already. */
  writes: (tenant: string, record: R) => TransactItem[];
}

const MAX_ATTEMPTS = 3;

/** A backfill of one kind of record, run record by record: answers how many it listed. */
function backfill<R extends { _id: string }>(kind: Backfill<R>) {
  return {
    name: kind.name,
    async run(tenant: string): Promise<number> {
      let listed = 0;
      for (const stored of await kind.records(tenant)) {
        let record: R | undefined = stored;
        for (let attempt = 1; record && attempt <= MAX_ATTEMPTS; attempt++) {
          const writes = kind.writes(tenant, record);
          if (writes.length === 0) break;
          try {
            await writeTransaction(writes, () => new ConflictError('Changed meanwhile'));
            listed++;
            break;
          } catch (error) {
            if (!(error instanceof ConflictError) || attempt === MAX_ATTEMPTS) throw error;
            record = await kind.reread(tenant, stored._id);
          }
        }
      }
      return listed;
    },
  };
}

/** A collection of functions/crud/repository.ts with list indexes. */
function collectionBackfill<R extends { _id: string }>(
  name: string,
  repository: {
    all: (tenant: string) => Promise<R[]>;
    get: (tenant: string, id: string, options: { consistent: boolean }) => Promise<R | undefined>;
    lists: { backfillWrites: (tenant: string, record: R) => TransactItem[] };
  },
) {
  return backfill<R>({
    name,
    records: repository.all,
    reread: (tenant, id) => repository.get(tenant, id, { consistent: true }),
    writes: repository.lists.backfillWrites,
  });
}

/**
 * The records whose lists the backfill completes: the collections with list indexes, the lesson history
 * (whose student pointers of before become entries) and the lessons of the admin schedule (day counts).
 */
const backfills = [
  collectionBackfill('trials', trialsRepository),
  collectionBackfill('lesson requests', meetingRequestsRepository),
  collectionBackfill('courses', coursesRepository),
  collectionBackfill('reported issues', reportedIssuesRepository),
  backfill({
    name: 'lesson history',
    records: allLessonHistory,
    reread: (tenant, id) => getLessonHistory(tenant, id, { consistent: true }),
    writes: (tenant, row) => {
      const writes = lessonHistoryLists.backfillWrites(tenant, row);
      if (writes.length === 0) return [];
      // The pointers that listed a student's history before the student entries did.
      const pointers = row.studentIds.map((studentId) => ({
        Delete: {
          TableName: tableName(),
          Key: keys.studentLessonHistory(tenant, studentId, row.start, row._id),
        },
      }));
      return [...writes, ...pointers];
    },
  }),
  backfill({
    name: 'lessons (schedule day counts)',
    // The lessons with a time: the sections of the admin schedule's index.
    records: (tenant) => sectionEntity.query({ index: 'gsi2', partition: keys.lessonsIndex(tenant) }),
    reread: (tenant, id) => sectionEntity.get(tenant, { _id: id }, { consistent: true }),
    writes: lessonLists.backfillWrites,
  }),
];

/**
 * Lists every record of a tenant stored before its list indexes existed (no `listsVersion` marker): each
 * in a transaction of its own that writes its entries, its counts and the marker, on the condition that
 * the record is still unmarked and unchanged. So it runs while the platform serves requests: a write in
 * between marks the record itself, or changes it and the backfill reads it again. Students and tutors
 * stored before the directory's counters are counted the same way (indexUserInDirectory), and tutor rates
 * stored before the tutor-country index are put in it (backfillTutorRateCountryIndex). Idempotent: a
 * second run finds nothing to do. Answers how many records it listed, by kind.
 */
export async function backfillLists(tenant: string): Promise<Record<string, number>> {
  const report: Record<string, number> = {};
  for (const kind of backfills) report[kind.name] = await kind.run(tenant);
  let users = 0;
  for (const type of directoryUserTypes) {
    for (const user of await directoryUsers(tenant, type)) {
      if (user.directoryCounted === true) continue;
      await indexUserInDirectory(tenant, user);
      users++;
    }
  }
  report['users (directory counts)'] = users;
  // The admin Users list: every user, found by their role (gsi1), listed unless listed already.
  let listed = 0;
  for (const role of await rolesRepository.all(tenant)) {
    for (const stored of await usersOfRole(tenant, role._id)) {
      if (stored.userListed !== undefined) continue;
      let user = await getUser(tenant, stored._id);
      for (let attempt = 1; user && user.userListed === undefined && attempt <= MAX_ATTEMPTS; attempt++) {
        if (await indexUserInList(tenant, user)) {
          listed++;
          break;
        }
        user = await getUser(tenant, stored._id);
      }
    }
  }
  report['users (admin list)'] = listed;
  report['users (admin count)'] = await backfillAdminCount(tenant);
  report['tutors (teaching levels)'] = await backfillTeachingLevels(tenant);
  report['tutor rates (tutor-country index)'] = await backfillTutorRateCountryIndex(tenant);
  report['payments (revenue summaries)'] = await backfillRevenueSummaries(tenant);
  report['lesson history (tutor pay summaries)'] = await backfillTutorPaySummaries(tenant);
  return report;
}

/**
 * Counts the tenant's admin accounts stored before the admin count existed (users.ts adminCountWrite), found
 * through the admin roles' holders (gsi1): each once (indexUserAsAdmin's condition), while the platform
 * serves. Answers how many it counted. The seed runs it once per tenant on start (older local data).
 */
export async function backfillAdminCount(tenant: string): Promise<number> {
  let counted = 0;
  for (const role of await rolesRepository.all(tenant)) {
    if (role.type !== 'admin') continue;
    for (const stored of await usersOfRole(tenant, role._id)) {
      if (stored.type !== 'admin' || stored.adminCounted === true) continue;
      const current = await getUser(tenant, stored._id);
      if (current && (await indexUserAsAdmin(tenant, current))) counted++;
    }
  }
  return counted;
}

/**
 * Gives every tutor whose availability was saved before tutors kept their teaching levels those levels
 * (availability.ts syncTeachingLevels: the users dropdown finds tutors by them), each in a transaction of
 * its own on the condition that the tutor and the availability are as read. Answers how many it wrote.
 */
export async function backfillTeachingLevels(tenant: string): Promise<number> {
  let written = 0;
  for (const tutor of await directoryUsers(tenant, 'tutor')) {
    if (await syncTeachingLevels(tenant, tutor._id)) written++;
  }
  return written;
}
