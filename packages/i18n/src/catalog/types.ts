import type { catalog } from './uz-Latn/index.js';

/** Every message's key: the source catalog's. */
export type MessageKey = keyof typeof catalog;

/** A part of a translated catalog: the same keys as the source part, each an ICU message. */
export type Translation<Source> = { readonly [Key in keyof Source]: string };

/** A whole translated catalog. */
export type Catalog = Translation<typeof catalog>;
