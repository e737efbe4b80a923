import type { ReactNode } from 'react';

/** `<option>`s of names, keeping a current value the list no longer has (so editing never loses it). */
export function nameOptions(names: readonly string[], current = ''): ReactNode {
  const all = current && !names.includes(current) ? [current, ...names] : names;
  return all.map((name) => (
    <option key={name} value={name}>
      {name}
    </option>
  ));
}
