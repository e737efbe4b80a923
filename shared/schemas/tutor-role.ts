import * as z from 'zod';
import { type CourseTutorFeature, courseTutorFeatures } from '../permissions/check';
import { requiredText } from './common';

/**
 * Spec 001: a course tutor's rights on that course come from the tutor role they hold there. A tutor added
 * without one holds the tenant's default role, "Editor", which starts with every feature mode on.
 */
export const DEFAULT_TUTOR_ROLE_NAME = 'Editor';
/** The default role's fixed id: every tenant has it from onboarding, and it cannot be deleted. */
export const DEFAULT_TUTOR_ROLE_ID = 'tutor-role-editor';

/** What each feature mode lets a course tutor do, as the admin's screen names it. */
export const tutorFeatureLabels: Record<CourseTutorFeature, string> = {
  courseView: 'View the course',
  courseEdit: 'Edit the course',
  sectionCreate: 'Add sections',
  sectionEdit: 'Edit sections',
  teamsCreate: 'Schedule Teams lessons',
  zoomCreate: 'Schedule Zoom lessons',
  resourceCreate: 'Add resources',
};

const featureFlags = {
  courseView: z.boolean(),
  courseEdit: z.boolean(),
  sectionCreate: z.boolean(),
  sectionEdit: z.boolean(),
  teamsCreate: z.boolean(),
  zoomCreate: z.boolean(),
  resourceCreate: z.boolean(),
} satisfies Record<CourseTutorFeature, z.ZodBoolean>;

/** Each feature mode on or off; a mode not sent is off. */
export const tutorRolePermissionsSchema = z.object(featureFlags).partial().strict();
export type TutorRolePermissions = z.infer<typeof tutorRolePermissionsSchema>;

/** The default role's modes: all of them. */
export const editorPermissions: Required<TutorRolePermissions> = {
  courseView: true,
  courseEdit: true,
  sectionCreate: true,
  sectionEdit: true,
  teamsCreate: true,
  zoomCreate: true,
  resourceCreate: true,
};

export const tutorRoleInputSchema = z.object({
  name: requiredText('Name', 80),
  permissions: tutorRolePermissionsSchema.default({}),
});
export type TutorRoleInput = z.infer<typeof tutorRoleInputSchema>;

export const tutorRoleSchema = z.object({
  _id: z.string(),
  name: z.string(),
  permissions: tutorRolePermissionsSchema,
  /** The tenant's default role (Editor): held by course tutors given no other. */
  isDefault: z.boolean().optional(),
  /** How many course tutors hold it (the default role, held by tutors given no other, is not counted). */
  holders: z.number().int().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TutorRole = z.infer<typeof tutorRoleSchema>;

/** The features a role switches on, in the catalogue's order. */
export function enabledFeatures(permissions: TutorRolePermissions): CourseTutorFeature[] {
  return courseTutorFeatures.filter((feature) => permissions[feature] === true);
}
