import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifyReply } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

// Answers are written by serializers compiled from their response schemas (fast-json-stringify),
// not by checking each answer against its zod schema and then JSON.stringify: on the contacts
// list (100 contacts, 96 KB) the zod check and stringify were 18% of the server's CPU. A compiled
// serializer writes only the properties its schema names, so, as with the zod check, nothing a
// handler adds by mistake leaves the server. A schema whose JSON form it cannot take as it is
// (unions, transforms, references) keeps the zod serializer.

type Json = { [key: string]: unknown };

const PRIMITIVE = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/** Keywords that would make the compiled serializer choose between schemas at run time. */
const CHOICE = /"(anyOf|oneOf|allOf|not|if|\$ref)"/;

/**
 * The JSON Schema a serializer needs: `X | null` written as `nullable`, and without the checks
 * (patterns, formats, bounds) that only matter when validating.
 */
export function serializationSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(serializationSchema);
  if (!node || typeof node !== 'object') return node;
  const { $schema, pattern, format, minLength, maxLength, minimum, maximum, ...rest } = node as Json;
  const choices = rest.anyOf;
  // string | number | boolean | null: one property that may hold any of these types.
  const plain = Array.isArray(choices) ? (choices as Json[]).map((b) => serializationSchema(b) as Json) : [];
  if (plain.length > 0 && plain.every((b) => Object.keys(b).length === 1 && PRIMITIVE.has(String(b.type)))) {
    const { anyOf, ...siblings } = rest;
    return { ...(serializationSchema(siblings) as Json), type: plain.map((b) => b.type) };
  }
  if (Array.isArray(choices) && choices.length === 2) {
    const isNull = (b: Json) => b.type === 'null';
    const other = (choices as Json[]).find((b) => !isNull(b));
    if ((choices as Json[]).some(isNull) && other && typeof other.type === 'string') {
      const { anyOf, ...siblings } = rest;
      return serializationSchema({ ...siblings, ...other, nullable: true });
    }
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(rest)) {
    out[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as Json).map(([p, s]) => [p, serializationSchema(s)]))
        : serializationSchema(value);
  }
  return out;
}

/** A compiled serializer for a zod schema, or null when it must stay with the zod serializer. */
export function compileSerializer(schema: ZodType): ((data: unknown) => string) | null {
  let json: unknown;
  try {
    json = serializationSchema(z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }));
  } catch {
    return null; // transforms, dates and other types JSON Schema cannot say
  }
  if (CHOICE.test(JSON.stringify(json))) return null;
  return fastJson(json as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
}

/** Whether answers are also checked against their zod schemas (tests: vitest sets VITEST). */
const CHECK_ANSWERS = process.env.VITEST === 'true' || process.env.CHECK_ANSWERS === '1';

/**
 * Fastify's serializer compiler for zod response schemas. Compiling happens on a route's first
 * answer, not at start-up, so a server (or a test's app) that answers few routes compiles few.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const schema = route.schema as ZodType | { properties: ZodType };
  const zodSchema = schema instanceof z.ZodType ? schema : schema.properties;
  const fallback = zodSerializerCompiler(route as never) as (data: unknown) => string;
  let write: ((data: unknown) => string) | undefined;
  return (data) => {
    write ??= (zodSchema instanceof z.ZodType ? compileSerializer(zodSchema) : null) ?? fallback;
    // A compiled serializer writes what it is given in the schema's shape (a null where a string
    // belongs becomes ""), so under test every answer is also checked against its zod schema:
    // an answer that breaks its contract fails there, as the zod serializer would make it fail.
    if (CHECK_ANSWERS && write !== fallback) fallback(data);
    return write(data);
  };
};

/**
 * Sends an answer already written as JSON (by PostgreSQL, say) as it is. Under test it is checked
 * like every other answer: against its zod schema, and for fields the schema does not name (what
 * a compiled serializer would have left out).
 */
export function sendJsonText(reply: FastifyReply, schema: ZodType, text: string): void {
  if (CHECK_ANSWERS) {
    const sent: unknown = JSON.parse(text);
    const kept: unknown = JSON.parse(JSON.stringify(schema.parse(sent)));
    if (!isDeepStrictEqual(kept, sent))
      throw new Error(`the answer does not match its schema: ${JSON.stringify(sent).slice(0, 300)}`);
  }
  reply.type('application/json; charset=utf-8').send(text);
}
