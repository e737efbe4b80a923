import * as z from 'zod/mini';
import { directoryUserTypes } from '../rules/user-directory';
import { pageSchema, pagingQuerySchema } from '../schemas/paging';
import '../schemas/zod-english';
import { permission, route } from './define';

/** Someone the caller may start a conversation with. */
export const chatContactSchema = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  type: z.enum(directoryUserTypes),
});
export type ChatContact = z.infer<typeof chatContactSchema>;

/**
 * Spec 001 section 7 "Chat": the global chat users list feeds the new-conversation view (beside the
 * students list, GET /students). Chat itself is the WebSocket API's (shared/realtime/socket-events.ts).
 */
export const chatRoutes = [
  route({
    id: 'chat.users',
    method: 'GET',
    path: '/chat/users',
    resource: 'chat',
    access: permission(['courses', 'adminCourses'], 'courseChat'),
    query: z.strictObject({
      ...pagingQuerySchema.shape,
      searchText: z.optional(z.string().check(z.trim(), z.maxLength(100))),
    }),
    response: pageSchema(chatContactSchema),
    silent: true,
    summary:
      "Who the caller may chat with, by name (load more with offset): an admin, every student and tutor; a user, their courses' people",
  }),
];
