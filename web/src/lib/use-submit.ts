import { useState } from 'react';
import type * as z from 'zod';
import { fieldErrors } from './form-errors';
import { toastSuccess } from './toaster';

/** A form's input checked: the call's body, or the message of each failing field. */
export type Checked<Body> = { ok: true; body: Body } | { ok: false; errors: Record<string, string> };

/**
 * A zod result as a `Checked`, with the problems found outside the schema (an amount that does not read as
 * money) added to its field errors: any of them refuses the input.
 */
export function checkedInput<Body>(
  parsed: z.ZodSafeParseResult<Body>,
  problems: Record<string, string | undefined> = {},
): Checked<Body> {
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  for (const [field, problem] of Object.entries(problems)) if (problem) errors[field] = problem;
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors };
}

/**
 * A form's one submit path: refused input shows its field errors; checked input is sent (busy meanwhile),
 * then `toast` is shown and `after` runs with the answer. A refused call was toasted by the API client,
 * so the form stays open with its input.
 */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async <Body, Answer>(
    checked: Checked<Body>,
    call: (body: Body) => Promise<Answer>,
    toast: string | undefined,
    after: (answer: Answer) => void | Promise<void>,
  ): Promise<void> => {
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setBusy(true);
    let answer: Answer;
    try {
      answer = await call(checked.body);
    } catch {
      setBusy(false);
      return;
    }
    setBusy(false);
    if (toast) toastSuccess(toast);
    await after(answer);
  };
  return { busy, errors, setErrors, submit };
}
