import type { TConfig } from '../../config.ts';
import { resolveTool, type TVideoTools } from './ffmpeg.ts';

/** FFMPEG_PATH / FFPROBE_PATH when set, else PATH; resolved once, on first use. With VIDEO_PRESET. */
export function videoToolsFrom(config: TConfig): () => TVideoTools {
  let tools: TVideoTools | undefined;
  return () =>
    (tools ??= {
      ffmpeg: resolveTool('ffmpeg', config.video.ffmpegPath, config.video.searchPath),
      ffprobe: resolveTool('ffprobe', config.video.ffprobePath, config.video.searchPath),
      preset: config.video.preset,
    });
}
