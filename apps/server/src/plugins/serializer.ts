import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type TJsonSchema = { [key: string]: unknown };
type TRouteSchema = Parameters<FastifySerializerCompiler<z.ZodType>>[0];

/**
 * The JSON Schema of a response's zod schema, shaped for fast-json-stringify, which picks a branch of a union by
 * validating the value against each branch with ajv: that costs a compile of every branch at a route's first
 * answer (a second of CPU for the company page, whose blocks carry rich text) and a validation at every answer.
 * So unions that can be told apart without it are rewritten: branches of different types (a nullable value, a
 * rich-text insert that is a string or an object) become one schema with a type list, chosen by `typeof`; a
 * union of objects tagged by a constant property (zod's discriminated union) becomes an if/then/else chain whose
 * `if` checks only the tag. `additionalProperties: false` is left out, because fast-json-stringify writes only the
 * listed properties anyway (so unlisted fields are still dropped, as zod drops them) and a branch of a union must
 * match an object that still carries them.
 */
export function toSerializerSchema(schema: z.ZodType): TJsonSchema {
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
  const key = Array.isArray(out.anyOf) ? 'anyOf' : Array.isArray(out.oneOf) ? 'oneOf' : null;
  if (!key) return out;
  const { [key]: listed, ...rest } = out;
  // A union inside a union is one union.
  const branches = (listed as TJsonSchema[]).flatMap((b) =>
    Object.keys(b).length === 1 && Array.isArray(b.anyOf) ? (b.anyOf as TJsonSchema[]) : [b],
  );
  return (
    byType(rest, branches) ??
    nullableListed(rest, branches) ??
    byTag(rest, branches) ??
    nullableChain(rest, branches) ?? { ...rest, [key]: branches }
  );
}

/** Keywords that narrow a branch beyond its type: such a branch cannot be chosen by its type alone. */
const NARROWING = ['const', 'enum', 'anyOf', 'oneOf', 'allOf', 'if', 'not', '$ref'];

/** Branches of different types, none narrowed, their keywords not in conflict: one schema with a type list. */
function byType(rest: TJsonSchema, branches: TJsonSchema[]): TJsonSchema | null {
  if (!branches.every((b) => typeof b.type === 'string' || Array.isArray(b.type))) return null;
  const types = branches.flatMap((b) => b.type as string | string[]);
  if (new Set(types).size !== types.length) return null;
  // Number.isInteger decides between the two, which a value of either may pass: leave that to the validator.
  if (types.includes('integer') && types.includes('number')) return null;
  const merged: TJsonSchema = { ...rest };
  for (const { type: _, ...keywords } of branches)
    for (const [k, v] of Object.entries(keywords)) {
      if (NARROWING.includes(k) || (k in merged && !isDeepStrictEqual(merged[k], v))) return null;
      merged[k] = v;
    }
  return { ...merged, type: types };
}

/** The other branch of a union of two whose one branch is plain null. */
function besideNull(branches: TJsonSchema[]): TJsonSchema | undefined {
  if (branches.length !== 2) return undefined;
  const nullAt = branches.findIndex((b) => b.type === 'null' && Object.keys(b).length === 1);
  return nullAt < 0 ? undefined : branches[1 - nullAt];
}

/** A plain value whose allowed values are listed, or null: a type list, null added to the values. */
function nullableListed(rest: TJsonSchema, branches: TJsonSchema[]): TJsonSchema | null {
  const other = besideNull(branches);
  if (!other || !['string', 'number', 'integer', 'boolean'].includes(other.type as string)) return null;
  const { const: only, enum: values, ...plain } = other;
  const listed = only !== undefined ? [only] : (values as unknown[] | undefined);
  if (!listed) return null;
  return { ...rest, ...plain, type: [other.type, 'null'], enum: [...listed, null] };
}

/**
 * Objects that all carry a required property with a constant of their own (the tag): `if` the tag is the first
 * branch's, `then` that branch, `else` the same for the rest; the last branch is the last `else`. A value whose
 * tag no branch names is written with the last branch's fields (zod would refuse it; the server's own typed
 * values never carry one).
 */
function byTag(rest: TJsonSchema, branches: TJsonSchema[]): TJsonSchema | null {
  if (branches.length < 2 || !branches.every((b) => b.type === 'object' && b.properties)) return null;
  const tagOf = (b: TJsonSchema, name: string) => {
    const property = (b.properties as Record<string, TJsonSchema>)[name];
    const required = Array.isArray(b.required) && b.required.includes(name);
    return required && property && ['string', 'number', 'boolean'].includes(typeof property.const)
      ? property.const
      : undefined;
  };
  const name = Object.keys(branches[0]!.properties as object).find((n) => {
    const tags = branches.map((b) => tagOf(b, n));
    return tags.every((t) => t !== undefined) && new Set(tags).size === tags.length;
  });
  if (name === undefined) return null;
  const chain = (i: number): TJsonSchema =>
    i === branches.length - 1
      ? branches[i]!
      : {
          if: {
            type: 'object',
            properties: { [name]: { const: tagOf(branches[i]!, name) } },
            required: [name],
          },
          then: branches[i],
          else: chain(i + 1),
        };
  return { ...rest, ...chain(0) };
}

/** A tagged union (already an if/then/else chain) or null: null is the chain's first `if`. */
function nullableChain(rest: TJsonSchema, branches: TJsonSchema[]): TJsonSchema | null {
  const chain = besideNull(branches);
  if (!chain?.if) return null;
  return { ...rest, if: { type: 'null' }, then: { type: 'null' }, else: chain };
}

/**
 * The serializers compiled so far, by the zod schema they were compiled from (null: JSON Schema cannot describe it,
 * the zod serializer writes it). Route schemas are module constants, so every app a process builds (the server's
 * test files build one each, in one process) compiles each schema once: compiling one took up to a second of CPU
 * (fast-json-stringify with ajv for its unions), 60 % of a test file's time (2026-12-07, company-page.test.ts).
 */
const compiledBySchema = new WeakMap<object, ((data: unknown) => string) | null>();

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
      let fast = compiledBySchema.get(route.schema);
      if (fast === undefined) {
        try {
          fast = fastJson(toSerializerSchema(route.schema)) as (data: unknown) => string;
        } catch {
          fast = null;
        }
        compiledBySchema.set(route.schema, fast);
      }
      write = fast ?? (zodWrite as (data: unknown) => string);
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
