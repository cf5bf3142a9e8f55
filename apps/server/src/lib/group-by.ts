/** `items` in groups by `key`, each group's values (`value` of each item) in the items' order. */
export function groupBy<T, V = T>(
  items: readonly T[],
  key: (item: T) => string,
  value: (item: T) => V = (item) => item as unknown as V,
): Map<string, V[]> {
  const map = new Map<string, V[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(value(item));
    else map.set(k, [value(item)]);
  }
  return map;
}
