/**
 * Multipart bodies arrive as key/values with files as Buffers. A text part under a file field (the old
 * client sends the current file name back) is not a file and is ignored, as is an empty file input.
 */
export function filesFrom(value: unknown): Buffer[] {
  const values = Array.isArray(value) ? value : [value];
  return values.filter((item): item is Buffer => Buffer.isBuffer(item) && item.length > 0);
}

export function fileFrom(value: unknown): Buffer | undefined {
  return filesFrom(value)[0];
}
