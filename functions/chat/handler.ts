import { ForbiddenError } from '../../shared/http/errors';
import { isBackOfficeRole } from '../../shared/permissions/check';
import { type ChatContact, chatRoutes } from '../../shared/routes/chat';
import { directorySearchKey, normalizeDirectorySearch } from '../../shared/rules/user-directory';
import { isCourseChatMember } from '../access/records';
import { callerHolds } from '../lib/access';
import { resourceHandler } from '../lib/pipeline';
import type { Caller } from '../lib/request';
import { courseMembers, userMemberships } from '../repositories/courses';
import { listDirectoryUsers } from '../repositories/users';

/** The people of the caller's courses they chat in (tutors and students), each once, not the caller. */
async function coursePeople(tenant: string, caller: Caller): Promise<ChatContact[]> {
  const courses = (await userMemberships(tenant, caller.user._id)).filter(isCourseChatMember);
  const members = (await Promise.all(courses.map((m) => courseMembers(tenant, m.course)))).flat();
  const people = new Map<string, ChatContact>();
  for (const member of members.filter(isCourseChatMember)) {
    if (member.user._id === caller.user._id || people.has(member.user._id)) continue;
    people.set(member.user._id, { ...member.user, type: member.role });
  }
  return [...people.values()];
}

export const handler = resourceHandler('chat', chatRoutes, {
  'chat.users': async ({ tenant, caller, query }) => {
    // Spec 000 section 6: guests are excluded from chat, whatever their role was given.
    if (caller.role.isGuest || caller.user.type === 'guest')
      throw new ForbiddenError('Chat is for signed-up users: guests cannot chat');
    if (isBackOfficeRole(caller.role) && callerHolds(caller, ['adminCourses'], ['courseChat'])) {
      const page = await listDirectoryUsers(tenant.key, ['student', 'tutor'], {
        ...query,
        name: query.searchText,
      });
      return { limit: query.limit, offset: query.offset, ...page };
    }
    const search = normalizeDirectorySearch(query.searchText);
    const found = (await coursePeople(tenant.key, caller))
      .map((person) => ({ person, key: directorySearchKey(person) }))
      .filter(({ key }) => !search || key.includes(search))
      .sort((a, b) => a.key.localeCompare(b.key))
      .map(({ person }) => person);
    return {
      limit: query.limit,
      offset: query.offset,
      totalDocs: found.length,
      docs: found.slice(query.offset, query.offset + query.limit),
    };
  },
});
