import * as contract from '@portfolio-master/contract';
import { describe, expect, it } from 'vitest';
import { catalog } from './catalog/uz-Latn/index.js';

/*
 * The contract's schemas give catalog keys as their messages (the contract cannot import the catalog,
 * which imports it), and the server writes them in the reader's language. Every message any exported
 * schema can give, at any depth, must be a key of the catalog, or a reader would get the key itself.
 */

interface Schema {
  _zod: { def: Record<string, unknown> & { error?: unknown; checks?: unknown[] } };
}

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && '_zod' in value && 'def' in (value as Schema)._zod;

/** What an error setting says: zod keeps `{ error: 'text' }` as a function that returns the text. */
function said(error: unknown): string | undefined {
  if (typeof error !== 'function') return undefined;
  const answer: unknown = error({ code: 'custom', input: undefined, path: [] });
  if (typeof answer === 'string') return answer;
  const { message } = (answer ?? {}) as { message?: unknown };
  return typeof message === 'string' ? message : undefined;
}

/** Every message a schema and the schemas inside it (fields, items, options, wrapped types) can give. */
function messagesOf(schema: Schema, seen = new Set<Schema>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const { def } = schema._zod;
  const found = [said(def.error)];
  for (const check of def.checks ?? []) {
    if (isSchema(check)) found.push(said(check._zod.def.error));
  }
  const inner: unknown[] = [];
  for (const value of Object.values(def)) {
    if (isSchema(value)) inner.push(value);
    else if (Array.isArray(value)) inner.push(...value);
    else if (value !== null && typeof value === 'object') inner.push(...Object.values(value));
  }
  return [
    ...found.filter((message): message is string => message !== undefined),
    ...inner.filter(isSchema).flatMap((child) => messagesOf(child, seen)),
  ];
}

const schemas = Object.entries(contract).filter((entry): entry is [string, Schema] => isSchema(entry[1]));

describe('the contract’s messages', () => {
  it('finds the schemas and what they say', () => {
    expect(schemas.length).toBeGreaterThan(20);
    expect(messagesOf(contract.registerBodySchema as unknown as Schema)).toEqual(
      expect.arrayContaining(['validation.username.taken', 'validation.text.nul']),
    );
  });

  it.each(schemas)('%s gives only keys of the catalog', (_name, schema) => {
    const missing = messagesOf(schema).filter((message) => !Object.hasOwn(catalog, message));
    expect(missing).toEqual([]);
  });
});
