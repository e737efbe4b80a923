export const DEFAULT_ERROR_MESSAGE = 'Something went wrong';

function nonEmptyText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * The text of the red error toast (spec 000 section 8): the body's `message`, else its
 * `error_description` (OAuth errors), else the raw error message, else "Something went wrong".
 */
export function errorToastMessage(data: unknown, rawMessage?: string): string {
  if (typeof data === 'object' && data !== null) {
    const body = data as Record<string, unknown>;
    const fromBody = nonEmptyText(body.message) ?? nonEmptyText(body.error_description);
    if (fromBody) return fromBody;
  }
  return nonEmptyText(rawMessage) ?? DEFAULT_ERROR_MESSAGE;
}

/** Failed calls reject with an error whose message is the serialized server response (spec 000 section 8). */
export function serializedResponse(data: unknown, rawMessage: string): string {
  if (data === undefined || data === null || data === '') return rawMessage;
  return typeof data === 'string' ? data : JSON.stringify(data);
}
