import { randomUUID } from 'node:crypto';
import { videoAssets } from '@hirecast/db/schema';
import type { TDb } from '@hirecast/db/client';
import type { TTemplateData } from '@hirecast/domain/video-template';

/** A clip in the company's library (a row only; rendering tests store real files). */
export async function clipAsset(
  db: TDb,
  companyId: string,
  overrides: Partial<typeof videoAssets.$inferInsert> = {},
) {
  const originalKey = `uploads/${companyId}/${randomUUID()}.mp4`;
  const [asset] = await db
    .insert(videoAssets)
    .values({
      companyId,
      title: 'Clip',
      fileName: 'clip.mp4',
      originalKey,
      data: { videoUrl: originalKey },
      ...overrides,
    })
    .returning();
  return asset!;
}

/** A complete template: entrance, one section per clip (with transitions between), ending. */
export function templateData(
  type: 'landscape' | 'portrait',
  clips: { assetId: string; duration: number }[],
  overrides: Partial<TTemplateData> = {},
): TTemplateData {
  const sections: TTemplateData['sections'] = [{ type: 'entrance', id: 'entrance', text: 'Join our team' }];
  clips.forEach((clip, i) => {
    if (i > 0)
      sections.push({ type: 'transition', id: `t${i}`, heading: `Part ${i + 1}`, text: 'What we do' });
    sections.push({
      type: 'video',
      id: `v${i}`,
      video: {
        assetId: clip.assetId,
        url: `https://example.com/${clip.assetId}.mp4`,
        transcoded: true,
        duration: clip.duration,
      },
      title: `Clip ${i + 1}`,
      subtitle: 'Our team',
      applySoundtrack: i % 2 === 0,
    });
  });
  sections.push({ type: 'ending', id: 'ending', text: 'Apply today' });
  return {
    type,
    title: 'Our team',
    cover: null,
    logo: null,
    backgroundColor: '#1d2320',
    textColor: '#ffffff',
    fontFamily: 'Open Sans',
    soundtrack: null,
    volume: 0.1,
    sections,
    ...overrides,
  };
}
