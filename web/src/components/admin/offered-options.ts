import type { DropdownOption } from '../../../../shared/routes/crud';

/**
 * A picker's options: the records the server offers (a `dropdown-list`, ACTIVE ones only), and the one the
 * record being edited holds when it is no longer offered (an inactive type), so the current choice still
 * reads and saving other fields keeps it, while no other inactive record can be picked.
 */
export function offeredOptions(
  offered: readonly DropdownOption[],
  current: string,
  heldLabel: string,
): DropdownOption[] {
  if (!current || offered.some((option) => option._id === current)) return [...offered];
  return [...offered, { _id: current, name: heldLabel }];
}
