import type * as z from 'zod';
import type { SubTopic, SubTopicContentAction, subTopicContentActions } from '../schemas/catalogue';
import { reorderByIds } from './paths';

/** The body of a content call. */
export type SubTopicContentBody<A extends SubTopicContentAction> = z.infer<
  (typeof subTopicContentActions)[A]
>;
type Body<A extends SubTopicContentAction> = SubTopicContentBody<A>;
type Content = Pick<SubTopic, 'resources' | 'videoLinks' | 'contents' | 'faqs' | 'reviews'>;

/** The outcome of a content call: the changed lists, or why the call cannot apply (a 400 or 404). */
export type ContentChange =
  | { ok: true; content: Partial<Content> }
  | { ok: false; status: 400 | 404; message: string };

const MAX_ITEMS = 200;

function editItem<T extends { _id: string }>(
  items: readonly T[],
  itemId: string,
  changes: Partial<T>,
  label: string,
): T[] | ContentChange {
  if (!items.some((item) => item._id === itemId))
    return { ok: false, status: 404, message: `${label} not found` };
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  return items.map((item) => (item._id === itemId ? { ...item, ...defined } : item));
}

function removeItem<T extends { _id: string }>(
  items: readonly T[],
  itemId: string,
  label: string,
): T[] | ContentChange {
  if (!items.some((item) => item._id === itemId))
    return { ok: false, status: 404, message: `${label} not found` };
  return items.filter((item) => item._id !== itemId);
}

function full(count: number, label: string): ContentChange | undefined {
  return count >= MAX_ITEMS
    ? { ok: false, status: 400, message: `A sub-topic holds at most ${MAX_ITEMS} ${label}` }
    : undefined;
}

const done = <K extends keyof Content>(key: K, result: Content[K] | ContentChange): ContentChange =>
  Array.isArray(result) ? { ok: true, content: { [key]: result } } : (result as ContentChange);

/**
 * One content call of spec 002 (`PUT sub-topics/{id}/<action>`) applied to a sub-topic's content: a pure
 * function, so the handler only reads, applies and writes (conditionally on the version it read).
 */
export function applyContentAction<A extends SubTopicContentAction>(
  current: Content,
  action: A,
  body: Body<A>,
  newId: () => string,
): ContentChange {
  switch (action) {
    case 'addResources': {
      const { resources } = body as Body<'addResources'>;
      if (current.resources.length + resources.length > MAX_ITEMS)
        return full(MAX_ITEMS, 'resources') as ContentChange;
      return done('resources', [...current.resources, ...resources.map((r) => ({ ...r, _id: newId() }))]);
    }
    case 'removeResources': {
      const { resourceIds } = body as Body<'removeResources'>;
      const unknown = resourceIds.find((id) => !current.resources.some((r) => r._id === id));
      if (unknown) return { ok: false, status: 404, message: 'Resource not found' };
      return done(
        'resources',
        current.resources.filter((r) => !resourceIds.includes(r._id)),
      );
    }
    case 'addVideoLink': {
      const video = body as Body<'addVideoLink'>;
      const limit = full(current.videoLinks.length, 'video links');
      if (limit) return limit;
      const sortingOrder = Math.max(-1, ...current.videoLinks.map((v) => v.sortingOrder)) + 1;
      return done('videoLinks', [...current.videoLinks, { ...video, _id: newId(), sortingOrder }]);
    }
    case 'editVideoLink': {
      const { itemId, ...changes } = body as Body<'editVideoLink'>;
      return done('videoLinks', editItem(current.videoLinks, itemId, changes, 'Video link'));
    }
    case 'removeVideoLink':
      return done(
        'videoLinks',
        removeItem(current.videoLinks, (body as Body<'removeVideoLink'>).itemId, 'Video link'),
      );
    case 'sortVideoLinks': {
      const ordered = reorderByIds(current.videoLinks, (body as Body<'sortVideoLinks'>).videoLinkIds);
      if (typeof ordered === 'string') return { ok: false, status: 400, message: ordered };
      return done(
        'videoLinks',
        ordered.map((video, index) => ({ ...video, sortingOrder: index })),
      );
    }
    case 'addContent': {
      const limit = full(current.contents.length, 'content blocks');
      if (limit) return limit;
      return done('contents', [...current.contents, { ...(body as Body<'addContent'>), _id: newId() }]);
    }
    case 'editContent': {
      const { itemId, ...changes } = body as Body<'editContent'>;
      return done('contents', editItem(current.contents, itemId, changes, 'Content'));
    }
    case 'removeContent':
      return done(
        'contents',
        removeItem(current.contents, (body as Body<'removeContent'>).itemId, 'Content'),
      );
    case 'addFAQ': {
      const limit = full(current.faqs.length, 'questions');
      if (limit) return limit;
      return done('faqs', [...current.faqs, { ...(body as Body<'addFAQ'>), _id: newId() }]);
    }
    case 'editFAQ': {
      const { itemId, ...changes } = body as Body<'editFAQ'>;
      return done('faqs', editItem(current.faqs, itemId, changes, 'FAQ'));
    }
    case 'removeFAQ':
      return done('faqs', removeItem(current.faqs, (body as Body<'removeFAQ'>).itemId, 'FAQ'));
    case 'addReview': {
      const limit = full(current.reviews.length, 'reviews');
      if (limit) return limit;
      return done('reviews', [...current.reviews, { ...(body as Body<'addReview'>), _id: newId() }]);
    }
    case 'editReview': {
      const { itemId, ...changes } = body as Body<'editReview'>;
      return done('reviews', editItem(current.reviews, itemId, changes, 'Review'));
    }
    case 'removeReview':
      return done('reviews', removeItem(current.reviews, (body as Body<'removeReview'>).itemId, 'Review'));
    default:
      return { ok: false, status: 400, message: `Unknown content action ${String(action)}` };
  }
}
