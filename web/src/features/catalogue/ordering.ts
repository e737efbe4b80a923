/** Moves the item at `from` to `to` (both indexes in the current list); out-of-range indexes change nothing. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/**
 * Where a drop lands: the dragged item's id travels in the drag data; when a browser hides it, the index
 * remembered at drag start is the fallback. -1 when neither names an item of the list.
 */
export function dragSourceIndex(
  items: ReadonlyArray<{ _id: string }>,
  draggedId: string,
  rememberedIndex: number | undefined,
): number {
  if (draggedId) return items.findIndex((item) => item._id === draggedId);
  return rememberedIndex ?? -1;
}
