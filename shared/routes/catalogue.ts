import { adminUserRoutes } from './admin-users';
import { authRoutes } from './auth';
import { callLogRoutes } from './call-logs';
import { chatRoutes } from './chat';
import { courseMemberRoutes } from './course-members';
import { courseTemplateRoutes } from './course-templates';
import type { RouteDef } from './define';
import { familyRoutes } from './family';
import { fcmTokenRoutes } from './fcm-tokens';
import { financeReportRoutes } from './finance-reports';
import { invoiceRoutes } from './invoices';
import { learningCatalogueRoutes } from './learning-catalogue';
import { learningDataRoutes } from './learning-data';
import { lessonFeedbackRoutes } from './lesson-feedback';
import { lessonHistoryRoutes } from './lesson-history';
import { manualAdjustmentRoutes } from './manual-adjustments';
import { meetingRoutes } from './meetings';
import { moneyHistoryRoutes } from './money-history';
import { notificationRoutes } from './notifications';
import { paymentRoutes } from './payments';
import { penaltyWaiverRoutes } from './penalty-waivers';
import { priceCatalogueRoutes } from './price-catalogue';
import { profileRoutes } from './profile';
import { roleRoutes } from './roles';
import { scheduleRoutes } from './schedule';
import { schedulingRoutes } from './scheduling';
import { homeworkSubmissionRoutes, sectionRoutes } from './sections';
import { siteRoutes } from './site';
import { stripeWebhookRoutes } from './stripe-webhooks';
import { tenantSettingsRoutes } from './tenant-settings';
import { tenantRoutes } from './tenants';
import { trialRoutes } from './trials';
import { tutorRateRoutes } from './tutor-rates';
import { tutorRoleRoutes } from './tutor-roles';
import { tutorRoutes } from './tutors';
import { uploadRoutes } from './uploads';
import { userDirectoryRoutes } from './user-directory';
import { userRoutes } from './users';
import { zoomWebhookRoutes } from './zoom-webhooks';

/*
 * Each Lambda imports only the route group(s) of its own resource (building every zod schema of the API
 * at cold start cost ~80 ms); this catalogue is for the route table, the stacks and the tests.
 */

const declaredRoutes = [
  ...authRoutes,
  ...userRoutes,
  ...userDirectoryRoutes,
  ...adminUserRoutes,
  ...profileRoutes,
  ...fcmTokenRoutes,
  ...tenantRoutes,
  ...tenantSettingsRoutes,
  ...roleRoutes,
  ...tutorRoleRoutes,
  ...tutorRoutes,
  ...schedulingRoutes,
  ...trialRoutes,
  ...courseMemberRoutes,
  ...courseTemplateRoutes,
  ...meetingRoutes,
  ...scheduleRoutes,
  ...sectionRoutes,
  ...homeworkSubmissionRoutes,
  ...learningCatalogueRoutes,
  ...uploadRoutes,
  ...lessonHistoryRoutes,
  ...lessonFeedbackRoutes,
  ...siteRoutes,
  ...learningDataRoutes,
  ...familyRoutes,
  ...stripeWebhookRoutes,
  ...paymentRoutes,
  ...moneyHistoryRoutes,
  ...priceCatalogueRoutes,
  ...invoiceRoutes,
  ...tutorRateRoutes,
  ...penaltyWaiverRoutes,
  ...manualAdjustmentRoutes,
  ...callLogRoutes,
  ...financeReportRoutes,
  ...chatRoutes,
  ...zoomWebhookRoutes,
  ...notificationRoutes,
];

/** Every route of the API, declared once. */
export const routes: readonly RouteDef[] = declaredRoutes;
/** Any declared route, with its exact declaration type (its literal id and path, its schemas). */
export type ApiRoute = (typeof declaredRoutes)[number];
/** Every route with its exact type, for code that needs the literal ids (the SPA's access checks' tests). */
export const apiRoutes: readonly ApiRoute[] = declaredRoutes;
/** The id of a declared route: `'trials.book' | 'auth.token' | ...`. */
export type RouteId = ApiRoute['id'];
/** The declaration of one route, by id. */
export type RouteById<Id extends RouteId> = Extract<ApiRoute, { id: Id }>;

export const routesById: ReadonlyMap<string, RouteDef> = new Map(routes.map((r) => [r.id, r]));

export function routeById(id: string): RouteDef {
  const found = routesById.get(id);
  if (!found) throw new Error(`Unknown route ${id}`);
  return found;
}

export const resources: string[] = [...new Set(routes.map((r) => r.resource))].sort();
