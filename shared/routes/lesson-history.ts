import * as z from 'zod';
import {
  lessonHistoryListQuerySchema,
  lessonHistoryPaymentStatusBodySchema,
  lessonHistorySchema,
  presentedLessonHistorySchema,
} from '../schemas/lesson-history';
import { pageSchema } from '../schemas/paging';
import { permission, route } from './define';

/**
 * Spec 001 section 7, lesson history. Admin roles holding lessonHistory `view` see every row of the tenant;
 * tutors and students (whose roles hold `view` too, for their own history) see only their own rows.
 */
export const lessonHistoryRoutes = [
  route({
    id: 'lessonHistory.list',
    method: 'GET',
    path: '/lesson-history',
    resource: 'lesson-history',
    access: permission('lessonHistory', 'view'),
    query: lessonHistoryListQuerySchema,
    response: pageSchema(presentedLessonHistorySchema),
    summary: 'Lessons that ended, with every filter of spec 001 section 7 (own rows for tutors and students)',
  }),
  route({
    id: 'lessonHistory.get',
    method: 'GET',
    path: '/lesson-history/{id}',
    resource: 'lesson-history',
    access: permission('lessonHistory', 'view'),
    query: z.object({ includeTutorAmountData: z.enum(['0', '1']).optional() }).strict(),
    response: presentedLessonHistorySchema,
    summary: 'One lesson history entry',
  }),
  route({
    id: 'lessonHistory.updateTutorPaymentStatus',
    method: 'PUT',
    path: '/admin/lesson-history/update-tutor-payment-status',
    resource: 'lesson-history',
    access: permission('lessonHistory', 'tutorPaymentStatus'),
    body: lessonHistoryPaymentStatusBodySchema,
    response: z.object({ docs: z.array(lessonHistorySchema) }),
    summary: 'An admin sets the tutor payment status of many lessons at once',
  }),
];
