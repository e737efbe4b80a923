export const DEFAULT_ERROR_MESSAGE = 'Something went wrong';

function nonEmptyText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * The text of the red error toast (spec 000 section 8): the body's `message`, else its
 * `error_description` (OAuth errors), else the raw error message, else "Something went wrong".
 */
export function errorToastMessage(data: unknown, rawMessage?: string): string {
  const fromBody = nonEmptyText(fieldOf(data, 'message')) ?? nonEmptyText(fieldOf(data, 'error_description'));
  return fromBody ?? nonEmptyText(rawMessage) ?? DEFAULT_ERROR_MESSAGE;
}

/** A field of a failed call's body (routes declare no error bodies: it is whatever the server sent). */
function fieldOf(data: unknown, name: string): unknown {
  return typeof data === 'object' && data !== null && name in data ? Reflect.get(data, name) : undefined;
}

/** The server's own `message` for a failed call (e.g. why a delete or a plan limit refused it), if any. */
export function serverMessage(data: unknown): string | undefined {
  const message = fieldOf(data, 'message');
  return typeof message === 'string' ? message : undefined;
}

/** Failed calls reject with an error whose message is the serialized server response (spec 000 section 8). */
export function serializedResponse(data: unknown, rawMessage: string): string {
  if (data === undefined || data === null || data === '') return rawMessage;
  return typeof data === 'string' ? data : JSON.stringify(data);
}
