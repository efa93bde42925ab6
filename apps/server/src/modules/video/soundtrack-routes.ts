import { readFile } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TEMPLATE_SOUNDTRACKS } from '@hirecast/domain/video-template';
import { AppError } from '../../lib/app-error.ts';
import { resolveTool } from '../../lib/video/ffmpeg.ts';
import { requireUser } from '../../plugins/auth.ts';
import { soundtrackFile } from '../video-render/index.ts';

const signedIn = async (request: FastifyRequest) => void requireUser(request);

/** "bytes=a-b" of a file of `size` bytes: the inclusive range, or null when absent or unsatisfiable. */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start <= end && start < size ? { start, end } : null;
}

// spec 3 §2 "soundtrack select with preview": the editor plays the same file the renderer mixes in
// (synthesised on first use into DATA_DIR/soundtracks). GET /api/video/soundtracks/{id}, with byte ranges so
// the player can seek in it.
export const soundtrackRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  app.get(
    '/video/soundtracks/:id',
    {
      preValidation: signedIn,
      schema: { tags: ['video'], params: z.object({ id: z.string() }) },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!TEMPLATE_SOUNDTRACKS.includes(id)) throw new AppError('NOT_FOUND', 'Soundtrack not found');
      const ffmpeg = resolveTool('ffmpeg', config.video.ffmpegPath, config.video.searchPath ?? '');
      const body = await readFile(await soundtrackFile(id, config.dataDir, ffmpeg));
      reply
        .header('content-type', 'audio/mp4')
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, max-age=86400');
      const range = byteRange(request.headers.range, body.length);
      if (!range) return reply.send(body);
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${body.length}`)
        .send(body.subarray(range.start, range.end + 1));
    },
  );
};
