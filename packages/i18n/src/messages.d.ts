import type { Messages } from '@lingui/core';

/**
 * One language's compiled messages: `dist/messages/<locale>.js`, written by scripts/compile.mjs. Declared
 * here, beside the sources, so what imports them type-checks and lints before anything is built.
 */
export declare const messages: Messages;
