import { type OperationOf, resourceHandler } from '../../functions/lib/pipeline';
import { trialRoutes } from '../../shared/routes/trials';

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
