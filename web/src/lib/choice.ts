/**
 * The choice a form control's text names, as one of `choices` (undefined when it names none): a select
 * gives text, while a route's body takes one of its closed set.
 */
export function choiceOf<const Choice extends string>(
  choices: readonly Choice[],
  value: string,
): Choice | undefined {
  return choices.find((choice) => choice === value);
}
