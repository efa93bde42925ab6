import { imageAssets, videoAssets } from '@hirecast/db/schema';
import type { TDb } from '@hirecast/db/client';
import type { TApp } from '../../src/app.ts';
import { headers, type TActor } from './assets-support.ts';

export const call = (
  app: TApp,
  actor: TActor | null,
  method: 'GET' | 'PATCH' | 'DELETE' | 'POST',
  url: string,
  payload?: object,
  companyId?: string,
) =>
  app.inject({
    method,
    url,
    headers: actor ? headers(actor, companyId) : {},
    ...(payload && { payload }),
  });

/** A processed library video of the company (renditions as outside URLs, so nothing needs signing). */
export async function libraryVideo(db: TDb, companyId: string, title = 'Team day') {
  const [row] = await db
    .insert(videoAssets)
    .values({
      companyId,
      title,
      fileName: 'team.mp4',
      status: 'prepared',
      data: {
        videoMp4Url: 'https://cdn.example/team-480.mp4',
        videoMp4Url_720p: 'https://cdn.example/team-720.mp4',
        image640: 'https://cdn.example/team.jpg',
      },
      thumbnails: ['https://cdn.example/team.jpg'],
      width: 1280,
      height: 720,
      duration: 12,
      dimension: 'landscape',
    })
    .returning();
  return row!;
}

export async function libraryImage(db: TDb, companyId: string, title = 'Office') {
  const [row] = await db
    .insert(imageAssets)
    .values({
      companyId,
      title,
      fileName: 'office.jpg',
      url: 'https://cdn.example/office.jpg',
      width: 1440,
      height: 260,
    })
    .returning();
  return row!;
}
