import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZJob } from '@hirecast/domain/job';
import { createSerializerCompiler } from '../../src/plugins/serializer.ts';

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

  it('refuses in tests an answer zod refuses', () => {
    expect(() => compile(z.object({ n: z.number() }))({ n: 'one' })).toThrow();
  });
});
