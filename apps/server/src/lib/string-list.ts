/** A stored JSON array of strings (skills, technology names, image names); anything else reads as empty. */
export function parseStringList(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** A gallery's descriptions, one per picture of `count`, '' where there is none. */
export function alignedAlts(count: number, alts: readonly string[]): string[] {
  return Array.from({ length: count }, (_, index) => alts[index] ?? '');
}

/** A gallery as stored on a row (`image_names`, `image_alts`): its pictures, and one description each. */
export function storedGallery(names: string, alts: string): { images: string[]; imageAlts: string[] } {
  const images = parseStringList(names);
  return { images, imageAlts: alignedAlts(images.length, parseStringList(alts)) };
}
