import { moneyHistoryRoutes } from '../../shared/routes/money-history';
import { payerFor } from '../access/family';
import { resourceHandler } from '../lib/pipeline';
import {
  addLogNote,
  addPaymentNote,
  courseCredits,
  deleteLogNote,
  deletePaymentNote,
  paymentHistoryPage,
  transactionLogPage,
} from './service';

/** Payment history, transaction logs and course credits (spec 002 section 7): the rules in ./service.ts. */
export const handler = resourceHandler('money-history', moneyHistoryRoutes, {
  'paymentHistory.list': async ({ tenant, caller, query }) =>
    paymentHistoryPage(tenant.key, (await payerFor(tenant.key, caller, query.userId))._id, query),
  'paymentHistory.adminList': ({ tenant, query }) => paymentHistoryPage(tenant.key, query.userId, query),
  'paymentHistory.createNote': ({ tenant, caller, params, body }) =>
    addPaymentNote(tenant.key, caller, params.id, body.note),
  'paymentHistory.deleteNote': ({ tenant, params, query }) =>
    deletePaymentNote(tenant.key, params.id, query.noteId),
  'transactionLogs.list': async ({ tenant, caller, query }) =>
    transactionLogPage(tenant.key, (await payerFor(tenant.key, caller, query.userId))._id, query),
  'transactionLogs.adminList': ({ tenant, query }) => transactionLogPage(tenant.key, query.userId, query),
  'transactionLogs.createNote': ({ tenant, caller, params, body }) =>
    addLogNote(tenant.key, caller, params.id, body.note),
  'transactionLogs.deleteNote': ({ tenant, params, query }) =>
    deleteLogNote(tenant.key, params.id, query.noteId),
  'courseCredits.list': async ({ tenant, caller, query }) =>
    courseCredits(tenant.key, (await payerFor(tenant.key, caller, query.userId))._id),
});
