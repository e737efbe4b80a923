import * as z from 'zod/mini';
import { isKnownPermission, type PermissionSet, permissionAreas } from '../permissions/catalogue';
import { requiredText } from './common';
import './zod-english';

export const roleNames = ['Admin', 'Approver', 'Enterer', 'Student', 'Tutor', 'Guest'] as const;
/** Spec 000 section 6: "user" means an ordinary end user. */
export const roleTypes = ['admin', 'user'] as const;

export const permissionSetSchema = z.pipe(
  z
    .partialRecord(
      z.enum(permissionAreas as [string, ...string[]]),
      z.array(z.string().check(z.maxLength(64))).check(z.maxLength(100)),
    )
    .check(
      z.superRefine((set, ctx) => {
        for (const [area, actions] of Object.entries(set)) {
          for (const action of actions ?? []) {
            if (!isKnownPermission(area, action)) {
              ctx.addIssue({ code: 'custom', path: [area], message: `Unknown permission ${area}.${action}` });
            }
          }
        }
      }),
    ),
  z.transform((set) => set as PermissionSet),
);

export const roleInputSchema = z.object({
  name: requiredText('Name', 80),
  type: z.enum(roleTypes),
  isGuest: z._default(z.boolean(), false),
  permissions: z._default(permissionSetSchema, {}),
});
export type RoleInput = z.infer<typeof roleInputSchema>;

export const roleSchema = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(roleTypes),
  isGuest: z.boolean(),
  permissions: z.record(z.string(), z.array(z.string())),
  isSystem: z.optional(z.boolean()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Role = z.infer<typeof roleSchema>;
