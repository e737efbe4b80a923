import { type OperationOf, resourceHandler } from '../../functions/lib/pipeline';
import { trialRoutes } from '../../shared/routes/trials';
import type { TrialBooking } from '../../shared/schemas/trial';
import { apiKey, callApi, preloadApi, useApi } from '../../web/src/lib/api-client';
import { canCall } from '../../web/src/lib/permissions';

/**
 * What the compiler refuses (each `@ts-expect-error` fails `npm run check` if its line ever compiles).
 * Never called: it only has to type-check.
 */
export function refusedByTheCompiler() {
  // A route without its operation.
  // @ts-expect-error 'trials.adminUpdate' and the rest are missing
  resourceHandler('trials', trialRoutes, { 'trials.slots': async () => ({ docs: [] }) });

  // An operation for a route the resource does not declare.
  resourceHandler('trials', trialRoutes, {
    ...everyTrialOperation(),
    // @ts-expect-error not a route of trials
    'trials.nope': async () => ({}),
  });

  // A wrong answer: the response schema says `{ trial }`.
  // @ts-expect-error `recordings` is not the declared answer
  const wrongAnswer: OperationOf<'trials.recordings'> = async () => ({ recordings: [] });

  const typedInput: OperationOf<'trials.removeRecording'> = async ({ params, caller }) => {
    // Path parameters are the path's names, and a signed-in route always has a caller.
    const ids: [string, string, string] = [params.id, params.recordingId, caller.user._id];
    // @ts-expect-error the path has no {courseId}
    void params.courseId;
    throw new Error(ids.join());
  };

  const typedBody: OperationOf<'trials.adminUpdate'> = async ({ body }) => {
    // @ts-expect-error the body's field is `status`, a closed set
    const status: number = body.status;
    throw new Error(String(status));
  };

  // A public route may be called signed out.
  const publicRoute: OperationOf<'trials.slots'> = async ({ caller }) => {
    // @ts-expect-error caller may be undefined
    void caller.user;
    throw new Error();
  };
  return [wrongAnswer, typedInput, typedBody, publicRoute];
}

function everyTrialOperation(): Parameters<typeof resourceHandler<'trials', typeof trialRoutes>>[2] {
  throw new Error('type-level only');
}

/**
 * The SPA's side (web/src/lib/api-client.ts): a call is typed by its route id alone, so a renamed field
 * breaks the call sites on both sides. Never called: it only has to type-check.
 */
export async function refusedForTheWebClient(booking: TrialBooking) {
  // The answer and the body come from the route's declaration.
  const booked = await callApi('trials.book', { body: booking });
  const bookedIds: [string, string] = [booked.trial._id, booked.courseId];

  // @ts-expect-error a misspelt route id
  await callApi('trials.boook', { body: booking });

  const { curriculum, subject, grade, startDate, endDate, tutorId } = booking;
  // @ts-expect-error a body field the route does not declare: `startDate` renamed `start`
  await callApi('trials.book', { body: { curriculum, subject, grade, start: startDate, endDate, tutorId } });

  // @ts-expect-error `status` is a closed set
  await callApi('trials.adminUpdate', { params: { id: 't1' }, body: { status: 'DONE' } });

  // @ts-expect-error a route with a body schema needs its body
  await callApi('trials.book');

  // @ts-expect-error the path `/trial-recordings/{id}/{recordingId}` needs both
  await callApi('trials.removeRecording', { params: { id: 't1' } });

  // @ts-expect-error the path has no {courseId}
  await callApi('trials.recordings', { params: { id: 't1', courseId: 'c1' } });

  // @ts-expect-error `/trials` has no placeholders
  await callApi('trials.list', { params: { id: 't1' } });

  // @ts-expect-error a query field the route does not declare
  await callApi('trials.list', { query: { courseId: 'c1' } });

  // A screen's access check names a declared route as its calls do.
  canCall(undefined, 'trials.adminUpdate');
  // @ts-expect-error a misspelt route id
  canCall(undefined, 'trials.adminUpdat');

  const recordings = await callApi('trials.recordings', { params: { id: 't1' } });
  // @ts-expect-error the answer is `{ trial }`
  void recordings.recordings;

  const preloaded = await preloadApi(apiKey('trials.recordings', { params: { id: 't1' } }));
  // @ts-expect-error the answer is `{ trial }` (or undefined when the read failed)
  void preloaded?.recordings;

  return bookedIds;
}

/** A read's key is checked the same way, its data typed by the route; a null key skips the read. */
export function useRefusedReads() {
  const read = useApi(['trials.recordings', { params: { id: 't1' } }]);
  const trialId: string | undefined = read.data?.trial._id;
  useApi(null);
  // @ts-expect-error the key's params are checked too
  useApi(['trials.recordings', { params: { trialId: 't1' } }]);
  // @ts-expect-error a misspelt route id in a key
  useApi(['trials.recording', { params: { id: 't1' } }]);
  // @ts-expect-error the answer is `{ trial }`
  void read.data?.recordings;

  return trialId;
}
