import { renderTemplate } from './render-template.ts';
import { TemplateRenderError } from './render-plan.ts';
import type { TChildMessage, TParentMessage } from './render-isolated.ts';

// The render process (render-isolated.ts forks it): one render, then it exits, so the memory the drawing took
// (skia's surfaces, the decoders' frame buffers, the allocator's arenas) goes back to the system with it.

const controller = new AbortController();
const send = (message: TChildMessage) =>
  new Promise<void>((resolve) => {
    if (!process.connected) return resolve();
    process.send!(message, () => resolve());
  });

// The parent gone (the worker died or was killed): stop every ffmpeg and leave.
process.on('disconnect', () => controller.abort(new Error('The worker that started this render is gone')));

process.on('message', (message: TParentMessage) => {
  if (message.type === 'abort') {
    controller.abort(new Error(message.reason));
    return;
  }
  const { clipFiles, ...opts } = message.options;
  void renderTemplate({
    ...opts,
    // The parent asked its clipFile for every video section before the fork (a missing clip failed there).
    clipFile: (section) => clipFiles[section.id]!,
    signal: controller.signal,
    onProgress: (fraction) => void send({ type: 'progress', fraction }),
  })
    .then(
      ({ durationMs }) => send({ type: 'done', durationMs }),
      (err: unknown) =>
        send({
          type: 'failed',
          message: err instanceof Error ? err.message : String(err),
          templateError: err instanceof TemplateRenderError,
        }),
    )
    .finally(() => process.exit(0));
});
