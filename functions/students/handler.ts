import { ForbiddenError } from '../../shared/http/errors';
import { learningDataRoutes } from '../../shared/routes/learning-data';
import { directorySearchKey, normalizeDirectorySearch } from '../../shared/rules/user-directory';
import { isUserAdmin, taughtStudents } from '../access/records';
import { resourceHandler } from '../lib/pipeline';
import { listDirectoryUsers } from '../repositories/users';

type StudentsQuery = { limit: number; offset: number; searchText?: string };

/** The students of the courses a tutor teaches (enabled on the course, student enrolled), by name. */
async function tutorStudents(tenant: string, tutorId: string, query: StudentsQuery) {
  const search = normalizeDirectorySearch(query.searchText);
  const found = (await taughtStudents(tenant, tutorId))
    .map((user) => ({ user, key: directorySearchKey(user) }))
    .filter(({ key }) => !search || key.includes(search))
    .sort((a, b) => a.key.localeCompare(b.key))
    .map(({ user }) => user);
  return { totalDocs: found.length, docs: found.slice(query.offset, query.offset + query.limit) };
}

export const handler = resourceHandler('students', learningDataRoutes, {
  'students.list': async ({ tenant, caller, query }) => {
    if (isUserAdmin(caller)) {
      const page = await listDirectoryUsers(tenant.key, ['student'], { ...query, name: query.searchText });
      const docs = page.docs.map(({ _id, firstname, lastname, email }) => ({
        _id,
        firstname,
        lastname,
        email,
      }));
      return { limit: query.limit, offset: query.offset, totalDocs: page.totalDocs, docs };
    }
    if (caller.user.type !== 'tutor')
      throw new ForbiddenError('Only tutors and administrators can list students');
    return {
      limit: query.limit,
      offset: query.offset,
      ...(await tutorStudents(tenant.key, caller.user._id, query)),
    };
  },
});
