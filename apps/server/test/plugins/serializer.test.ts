import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZJob } from '@hirecast/domain/job';
import { createSerializerCompiler, toSerializerSchema } from '../../src/plugins/serializer.ts';

// Decision 016: answers are written by fast-json-stringify compiled from the zod schemas; the test-time
// comparison with zod (verify) runs in every server test, these check the cases that tripped it.
const compile = (schema: z.ZodType, verify = true) =>
  createSerializerCompiler({ verify })({ schema, method: 'GET', url: '/test', httpStatus: '200' });

const asset = {
  _id: 'a1',
  _company: 'c1',
  _owner: null,
  type: 0,
  title: 'Meet the kitchen',
  fileName: 'kitchen.mp4',
  status: 'ready',
  statusReason: null,
  data: { videoUrl: 'https://cdn.test/v.mp4', thumbnailUrl: null, customThumbnailUrl: null },
  thumbnails: [],
  _tags: [],
  _question: null,
  isStory: false,
  dimension: null,
  width: null,
  height: null,
  duration: null,
  exclude: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('compiled serializer', () => {
  const video = compile(z.object({ _video: ZJob.shape._video }));

  it('writes each branch of a nullable union, and a nullable enum that is null', () => {
    expect(JSON.parse(video({ _video: null }))).toEqual({ _video: null });
    expect(JSON.parse(video({ _video: 'https://player.test/embed/1' }))).toEqual({
      _video: 'https://player.test/embed/1',
    });
    expect(JSON.parse(video({ _video: asset }))._video).toMatchObject({ _id: 'a1', dimension: null });
    expect(JSON.parse(video({ _video: { ...asset, dimension: 'portrait' } }))._video.dimension).toBe(
      'portrait',
    );
  });

  it('leaves out fields the schema does not list, nested ones too', () => {
    const written = JSON.parse(
      compile(
        z.object({ data: z.object({ id: z.string(), tags: z.array(z.object({ name: z.string() })) }) }),
      )({
        data: { id: '1', passwordHash: 'secret', tags: [{ name: 'a', companyId: 'x' }] },
      }),
    );
    expect(written).toEqual({ data: { id: '1', tags: [{ name: 'a' }] } });
    expect(JSON.parse(video({ _video: { ...asset, manageTokenHash: 'secret' } }))._video).not.toHaveProperty(
      'manageTokenHash',
    );
  });

  // The unions fast-json-stringify would choose between with ajv (a compile of the whole answer's schema at a
  // route's first answer) are rewritten: tagged objects into if/then/else on the tag, types into a type list.
  it('writes each object of a tagged union with its own fields only, whatever its place', () => {
    const block = z.discriminatedUnion('type', [
      z.object({ type: z.literal('TEXT'), text: z.object({ header: z.string() }) }),
      z.object({ type: z.literal('QUOTE'), quote: z.object({ content: z.string(), author: z.string() }) }),
      z.object({ type: z.literal('JOBS') }),
    ]);
    const write = compile(z.object({ blocks: z.array(block), first: block.nullable() }));
    const blocks = [
      { type: 'QUOTE', quote: { content: 'Q', author: 'A', secret: 1 }, text: { header: 'not mine' } },
      { type: 'TEXT', text: { header: 'H' }, quote: { content: 'not mine', author: 'x' } },
      { type: 'JOBS', text: { header: 'not mine' } },
    ];
    expect(JSON.parse(write({ blocks, first: blocks[1] }))).toEqual({
      blocks: [
        { type: 'QUOTE', quote: { content: 'Q', author: 'A' } },
        { type: 'TEXT', text: { header: 'H' } },
        { type: 'JOBS' },
      ],
      first: { type: 'TEXT', text: { header: 'H' } },
    });
    expect(JSON.parse(write({ blocks: [], first: null }))).toEqual({ blocks: [], first: null });
    // Chosen by the tag alone: no union left for ajv.
    const schema = JSON.stringify(
      toSerializerSchema(z.object({ blocks: z.array(block), first: block.nullable() })),
    );
    expect(schema).not.toMatch(/"(anyOf|oneOf)"/);
    expect(schema).toContain(
      '"if":{"type":"object","properties":{"type":{"const":"TEXT"}},"required":["type"]}',
    );
  });

  it('writes a rich-text insert that is a string or an object of values, and a record of mixed values', () => {
    const value = z.union([z.string(), z.number(), z.boolean(), z.null()]);
    const op = z.object({
      insert: z.union([z.string(), z.record(z.string(), z.union([value, z.record(z.string(), value)]))]),
      attributes: z.record(z.string(), value).optional(),
    });
    const write = compile(z.object({ ops: z.array(op) }));
    const ops = [
      { insert: 'Hello ', attributes: { bold: true, size: 2, color: null, font: 'serif' } },
      { insert: { image: 'https://cdn.test/a.png', meta: { w: 10, alt: 'A' } } },
      { insert: '\n' },
    ];
    expect(JSON.parse(write({ ops }))).toEqual({ ops });
    // Chosen by type alone: nothing left for ajv.
    expect(JSON.stringify(toSerializerSchema(z.object({ ops: z.array(op) })))).not.toMatch(
      /"(anyOf|oneOf|if)"/,
    );
  });

  it('refuses in tests an answer zod refuses', () => {
    expect(() => compile(z.object({ n: z.number() }))({ n: 'one' })).toThrow();
  });
});
