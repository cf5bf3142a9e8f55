import type { Translation } from '../types.js';
import type { embed as source } from '../uz-Latn/embed.js';

export const embed = {} satisfies Translation<typeof source>;
