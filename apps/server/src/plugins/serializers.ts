import type { FastifyInstance } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler as validatingSerializerCompiler } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';

type Serialize = (data: unknown) => string;

/**
 * The JSON Schema of what a contract schema sends (its output side: a transform's result, defaults
 * filled), for a serialiser. What JSON Schema cannot say (a transform, `undefined`) becomes "anything".
 */
export function outputJsonSchema(schema: ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
}

/**
 * A writer compiled once per route and status from the contract's schema: it writes only the fields
 * the contract names, in its order, without checking the values again (the services build them from
 * typed rows, and the tests check every answer against the schema; see `registerSerializers`).
 */
export function compileSerializer(schema: ZodType): Serialize {
  const json = outputJsonSchema(schema);
  if (Object.keys(json).filter((key) => key !== '$schema').length === 0) {
    // "Anything" (an empty answer, say): the plain writer does it as well.
    return (data) => JSON.stringify(data) ?? '';
  }
  return fastJsonStringify(json as unknown as Parameters<typeof fastJsonStringify>[0]) as Serialize;
}

/**
 * How answers become JSON. Checked (`validate`): every answer is parsed with its zod schema first, so a
 * service that breaks the contract fails loudly (development and tests). Otherwise (production): the
 * compiled writers above, several times cheaper per answer.
 */
export function registerSerializers(app: FastifyInstance, options: { validate: boolean }): void {
  if (options.validate) {
    app.setSerializerCompiler(validatingSerializerCompiler);
    return;
  }
  app.setSerializerCompiler(({ schema }) => {
    // A route may give `{ properties: schema }`, as fastify-type-provider-zod allows.
    const zodSchema = schema instanceof z.ZodType ? schema : (schema as { properties: ZodType }).properties;
    return compileSerializer(zodSchema);
  });
}
