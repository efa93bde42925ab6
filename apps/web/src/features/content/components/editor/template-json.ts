import { z } from 'zod';
import { ZTemplateData, type TTemplateData } from '@hirecast/domain/video-template';
import { TEMPLATE_MESSAGES } from '@hirecast/domain/video-template-rules';

// spec 3 §2 "The JSON preview page shows data with two lists: aRolls (sections) and bRolls (overlay
// sections)". aRolls are the template's sections in order; bRolls are the title/subtitle overlays drawn over
// the video sections, one per video section, keyed by its id.

export type TBRoll = { sectionId: string; title: string; subtitle: string };

export function templateToJson(data: TTemplateData): string {
  const { sections, ...rest } = data;
  const bRolls: TBRoll[] = sections.flatMap((s) =>
    s.type === 'video' ? [{ sectionId: s.id, title: s.title, subtitle: s.subtitle }] : [],
  );
  return JSON.stringify({ ...rest, aRolls: sections, bRolls }, null, 2);
}

const ZJsonShape = z
  .object({ aRolls: z.array(z.unknown()), bRolls: z.array(z.unknown()).default([]) })
  .loose();
const ZBRoll = z.object({ sectionId: z.string(), title: z.string(), subtitle: z.string() });

export type TJsonResult =
  | { ok: true; data: TTemplateData }
  | { ok: false; kind: 'json'; message: string }
  | { ok: false; kind: 'template'; message: string };

/** The box's text back to template data: 'Invalid JSON' when it does not parse, else the template's problem. */
export function jsonToTemplate(text: string): TJsonResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, kind: 'json', message: TEMPLATE_MESSAGES.invalidJson };
  }
  const shape = ZJsonShape.safeParse(raw);
  if (!shape.success) return { ok: false, kind: 'template', message: 'aRolls must be a list of sections' };
  const { aRolls, bRolls, ...rest } = shape.data;
  const overlays = new Map<string, TBRoll>();
  for (const b of bRolls) {
    const parsed = ZBRoll.safeParse(b);
    if (!parsed.success)
      return { ok: false, kind: 'template', message: 'Each bRoll needs sectionId, title and subtitle' };
    overlays.set(parsed.data.sectionId, parsed.data);
  }
  const sections = aRolls.map((s) => {
    if (!s || typeof s !== 'object') return s;
    const section = s as Record<string, unknown>;
    const overlay = typeof section.id === 'string' ? overlays.get(section.id) : undefined;
    return overlay && section.type === 'video'
      ? { ...section, title: overlay.title, subtitle: overlay.subtitle }
      : section;
  });
  const data = ZTemplateData.safeParse({ ...rest, sections });
  if (!data.success) {
    const issue = data.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return { ok: false, kind: 'template', message: `${where}${issue?.message ?? 'invalid template'}` };
  }
  return { ok: true, data: data.data };
}
