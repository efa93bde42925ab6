import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type TJsonSchema = { [key: string]: unknown };
type TRouteSchema = Parameters<FastifySerializerCompiler<z.ZodType>>[0];

/**
 * The JSON Schema of a response's zod schema, shaped for fast-json-stringify: a nullable plain value becomes a
 * type list (no run-time branch choice), and `additionalProperties: false` is left out, because
 * fast-json-stringify writes only the listed properties anyway (so unlisted fields are still dropped, as zod
 * drops them) and a branch of a union must match an object that still carries them.
 */
function toSerializerSchema(schema: z.ZodType): TJsonSchema {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
  delete json.$schema;
  return reshape(json) as TJsonSchema;
}

function reshape(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(reshape);
  if (!node || typeof node !== 'object') return node;
  const out: TJsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = reshape(value);
  }
  const anyOf = out.anyOf as TJsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const nullAt = anyOf.findIndex((b) => b.type === 'null' && Object.keys(b).length === 1);
    const other = anyOf[1 - nullAt];
    if (nullAt >= 0 && other && ['string', 'number', 'integer', 'boolean'].includes(other.type as string)) {
      const { anyOf: _, ...rest } = out;
      const { const: only, enum: values, ...plain } = other;
      // The allowed values, when listed, must now allow null too.
      const listed = only !== undefined ? [only] : (values as unknown[] | undefined);
      return { ...rest, ...plain, type: [other.type, 'null'], ...(listed && { enum: [...listed, null] }) };
    }
  }
  return out;
}

/**
 * Responses are written by a serializer compiled from the route's zod schema (decision 016) instead of being
 * parsed by zod on every answer, which cost a tenth of GET /api/job's time. A schema JSON Schema cannot
 * describe (a transform, a date) keeps the zod serializer. With `verify` (tests) every answer is also written
 * the zod way and must carry the same JSON (keys may come in another order: fast-json-stringify writes the
 * schema's required properties first), so every route's test checks that the two agree.
 */
export function createSerializerCompiler({
  verify,
}: {
  verify: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  return (route: TRouteSchema) => {
    const zodWrite = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    let write: ((data: unknown) => string) | undefined;
    // Compiled at the first answer, so start-up does not compile every route's serializer.
    const compiled = () => {
      if (write) return write;
      try {
        write = fastJson(toSerializerSchema(route.schema)) as (data: unknown) => string;
      } catch {
        write = zodWrite as (data: unknown) => string;
      }
      return write;
    };
    if (!verify)
      return (data: unknown) => {
        try {
          return compiled()(data);
        } catch {
          // An answer the compiled serializer cannot place (a union branch it does not recognise) is written
          // the zod way, which validates it, rather than failing the request.
          return (zodWrite as (data: unknown) => string)(data);
        }
      };
    return (data: unknown) => {
      const expected = (zodWrite as (data: unknown) => string)(data);
      const fast = compiled()(data);
      if (!isDeepStrictEqual(JSON.parse(fast), JSON.parse(expected)))
        throw new Error(
          `${route.method} ${route.url}: the compiled serializer wrote\n${fast}\nwhere zod wrote\n${expected}`,
        );
      return fast;
    };
  };
}
