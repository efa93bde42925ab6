import type { TContext } from '../../lib/context.ts';
import { videoToolsFrom } from '../../lib/video/tools.ts';
import { renderTemplateIsolated, soundtrackFile } from '../video-render/index.ts';
import type { TRenderDeps } from './render-job.ts';

/** The render job's dependencies from the app's (or the worker's) context: the real renderer (a render process per render) and ffmpeg. */
export function videoRenderDeps(ctx: TContext): TRenderDeps {
  const tools = videoToolsFrom(ctx.config);
  return {
    db: ctx.db,
    storage: ctx.storage,
    log: ctx.log,
    mail: ctx.mail,
    config: ctx.config,
    tools,
    render: (input) =>
      renderTemplateIsolated({ ...input, tools: tools(), encoder: { preset: tools().preset } }),
    soundtrackFile: (id) => soundtrackFile(id, ctx.config.dataDir, tools().ffmpeg),
  };
}
