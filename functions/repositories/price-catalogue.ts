import { BadRequestError } from '../../shared/http/errors';
import { caseInsensitiveNameKey } from '../../shared/rules/names';
import {
  type CoursePermissionTemplate,
  coursePermissionTemplateSchema,
  coursePricingTemplate,
  DEFAULT_GROUP_ID,
  DEFAULT_GROUP_NAME,
  flexiblePlan,
  type Group,
  groupSchema,
  type StoredCoursePricingTemplate,
  type StoredFlexiblePlan,
  type StoredSubscriptionPlan,
  subscriptionPlan,
} from '../../shared/schemas/price-catalogue';
import { collectionRepository } from '../crud/repository';
import { uniqueKeyCollection } from '../crud/unique-key-collection';
import { tableName } from '../lib/db';
import { collections, keys } from '../table/access-patterns';
import type { TransactItem } from '../table/transactions';

/**
 * The price catalogue's collections (spec 002 section 3, "Plans and groups"). Group names are unique per
 * tenant ignoring case and spacing, held by a name claim written with the group (as role names are). A
 * group counts its plans (`plans`, moved in the transaction of every plan write that puts a plan in it or
 * takes one out, on the condition that the group exists), and a group is deleted only on the condition that
 * the count is zero: a plan created into a group racing the group's delete either lands first (the delete
 * is refused) or is refused itself.
 */
export const groupsRepository = uniqueKeyCollection<Group>({
  collection: collections.groups,
  schema: groupSchema,
  label: 'group',
  searchFields: ['name', 'description'],
  sortFields: ['name', 'status', 'createdAt', 'updatedAt'],
  uniqueKey: (group) => caseInsensitiveNameKey(group.name),
  claimKey: keys.groupName,
  claimEntity: 'groupName',
  holderSchema: groupSchema.pick({ _id: true, name: true }),
  duplicateMessage: (group, holder) => `A group named ${holder?.name ?? group.name} already exists`,
  deletableWhen: { expression: 'attribute_not_exists(plans) OR plans = :none', values: { ':none': 0 } },
});

/** The group every tenant starts with (the seed and tenant onboarding write it). */
export function defaultGroup(now = new Date().toISOString()): Group {
  return {
    _id: DEFAULT_GROUP_ID,
    name: DEFAULT_GROUP_NAME,
    description: 'Every student starts in this group.',
    status: 'ACTIVE',
    isDefault: true,
    createdAt: now,
    updatedAt: now,
  };
}

/** Writes the default group unless the tenant has it (idempotent, as the seed and onboarding need); true when written. */
export function ensureDefaultGroup(tenant: string): Promise<boolean> {
  return groupsRepository.ensure(tenant, defaultGroup());
}

/** The writes that move plans between groups: the new group must exist and gains one, the old loses one. */
function groupPlanWrites(
  tenant: string,
  before: { groupId: string } | undefined,
  after: { groupId: string } | undefined,
): TransactItem[] {
  if (before?.groupId === after?.groupId) return [];
  const now = new Date().toISOString();
  const move = (groupId: string, delta: 1 | -1): TransactItem => ({
    Update: {
      TableName: tableName(),
      Key: keys.collectionItem(tenant, collections.groups, groupId),
      // The group's updatedAt moves too: its own updates are conditioned on it, so a rename read before
      // this write cannot put back an older count.
      UpdateExpression: 'ADD plans :delta SET updatedAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':delta': delta, ':now': now },
    },
  });
  return [...(after ? [move(after.groupId, 1)] : []), ...(before ? [move(before.groupId, -1)] : [])];
}

const planRelated = {
  writes: groupPlanWrites,
  refused: () => new BadRequestError('Choose an existing group'),
};

const planLists = <T extends { status: string; groupId: string }>() => ({
  filters: { status: (plan: T) => plan.status, groupId: (plan: T) => plan.groupId },
  indexes: [
    { name: 'status', filters: ['status' as const], order: 'createdAt' as const, count: 'days' as const },
    { name: 'group', filters: ['groupId' as const], order: 'createdAt' as const, count: 'days' as const },
  ],
});

export const flexiblePlansRepository = collectionRepository<StoredFlexiblePlan, 'status' | 'groupId'>({
  collection: collections.flexiblePlans,
  // Nothing prices students with a plan being deleted: its rates are counted in their own writes.
  deletableWhen: { expression: 'attribute_not_exists(rates) OR rates = :none', values: { ':none': 0 } },
  schema: flexiblePlan.stored,
  label: 'flexible plan',
  searchFields: ['name', 'description'],
  sortFields: ['name', 'status', 'duration', 'createdAt', 'updatedAt'],
  related: planRelated,
  lists: planLists<StoredFlexiblePlan>(),
});

export const subscriptionPlansRepository = collectionRepository<StoredSubscriptionPlan, 'status' | 'groupId'>(
  {
    collection: collections.subscriptionPlans,
    // Nothing prices students with a plan being deleted: its rates are counted in their own writes.
    deletableWhen: { expression: 'attribute_not_exists(rates) OR rates = :none', values: { ':none': 0 } },
    schema: subscriptionPlan.stored,
    label: 'subscription plan',
    searchFields: ['name', 'description'],
    sortFields: ['name', 'status', 'duration', 'createdAt', 'updatedAt'],
    related: planRelated,
    lists: planLists<StoredSubscriptionPlan>(),
  },
);

export const coursePricingTemplatesRepository = collectionRepository<StoredCoursePricingTemplate, 'status'>({
  collection: collections.coursePricingTemplates,
  schema: coursePricingTemplate.stored,
  label: 'course pricing template',
  searchFields: ['name', 'description'],
  sortFields: ['name', 'status', 'classType', 'createdAt', 'updatedAt'],
  lists: {
    filters: { status: (template) => template.status },
    indexes: [{ name: 'status', filters: ['status'], order: 'createdAt', count: 'days' }],
  },
});

export const coursePermissionTemplatesRepository = collectionRepository<CoursePermissionTemplate, 'status'>({
  collection: collections.coursePermissionTemplates,
  schema: coursePermissionTemplateSchema,
  label: 'course permission template',
  searchFields: ['name', 'description'],
  sortFields: ['name', 'status', 'createdAt', 'updatedAt'],
  lists: {
    filters: { status: (template) => template.status },
    indexes: [{ name: 'status', filters: ['status'], order: 'createdAt', count: 'days' }],
  },
});

/**
 * The plan lists' `statuses` (one status or a comma list, spec 002 "plans also statuses") as the equality
 * filter the status index serves: one status filters, both are no filter.
 */
export function planListFilters(query: Record<string, unknown>): Record<string, string | undefined> {
  const statuses = typeof query.statuses === 'string' ? [...new Set(query.statuses.split(','))] : [];
  return { status: statuses.length === 1 ? statuses[0] : undefined };
}
