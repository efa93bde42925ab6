import type { TContext } from '../../lib/context.ts';
import { videoToolsFrom } from '../../lib/video/tools.ts';
import { renderTemplate, soundtrackFile } from '../video-render/index.ts';
import type { TRenderDeps } from './render-job.ts';

/** The render job's dependencies from the app's (or the worker's) context: the real renderer and ffmpeg. */
export function videoRenderDeps(ctx: TContext): TRenderDeps {
  const tools = videoToolsFrom(ctx.config);
  return {
    db: ctx.db,
    storage: ctx.storage,
    log: ctx.log,
    mail: ctx.mail,
    config: ctx.config,
    tools,
    render: (input) => renderTemplate({ ...input, tools: tools() }),
    soundtrackFile: (id) => soundtrackFile(id, ctx.config.dataDir, tools().ffmpeg),
  };
}
