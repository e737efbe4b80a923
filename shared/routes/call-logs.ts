import { callLogListQuerySchema, callLogSchema } from '../schemas/call-log';
import { pageSchema } from '../schemas/paging';
import { permission, route } from './define';

/** Spec 002 section 7 "Call logs". */
export const callLogRoutes = [
  route({
    id: 'callLogs.list',
    method: 'GET',
    path: '/admin/call-logs',
    resource: 'call-logs',
    access: permission('adminSettings', 'callLogsView'),
    query: callLogListQuerySchema,
    response: pageSchema(callLogSchema),
    summary: 'Lesson calls that ended, newest first, with who joined when and how the call went',
  }),
] as const;
