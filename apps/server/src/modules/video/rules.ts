import { ZTemplateData, type TTemplateData } from '@hirecast/domain/video-template';
import { AppError } from '../../lib/app-error.ts';

// The §5 rules of a template as the API applies them: limits on every save, the required keys on finalize
// (render). The rules themselves live in @hirecast/domain (one place for the editor and the API).
const MAX_TOTAL_MS = 60_000;
const MAX_VIDEOS = { landscape: 3, portrait: 15 } as const;

function fail(message: string, field = 'data'): never {
  throw new AppError('VALIDATION', message, { [field]: message });
}

/** spec 3 §5: limits every saved template keeps (a draft may still miss required fields). */
export function checkTemplateLimits(data: TTemplateData) {
  const videos = data.sections.filter((s) => s.type === 'video');
  const total = videos.reduce((sum, s) => sum + s.video.duration, 0);
  if (total > MAX_TOTAL_MS)
    fail(`The total duration of all the videos added should not exceed ${MAX_TOTAL_MS / 1000} seconds`);
  if (videos.length > MAX_VIDEOS[data.type])
    fail(
      `You can't add any more sections, as the videos you added already reached a limit of ${MAX_VIDEOS[data.type]}`,
    );
}

/** spec 3 §3 required keys and §5: what Finalize needs before rendering starts. */
export function checkTemplateComplete(data: TTemplateData) {
  checkTemplateLimits(data);
  const videos = data.sections.filter((s) => s.type === 'video');
  if (videos.length === 0 || videos.some((s) => !s.video.assetId || !s.video.url))
    fail('Video can’t be empty.');
  for (const s of data.sections) {
    if (s.type === 'transition' && !s.heading.trim()) fail("Transition heading can't be empty.");
    if (s.type === 'ending' && !s.text.trim()) fail("Ending text can't be empty.");
  }
}

/** Stored `data` as the current shape; legacy fixed-field templates are converted (spec 3 §3). */
export function readTemplateData(raw: unknown): TTemplateData {
  return ZTemplateData.parse(raw);
}
