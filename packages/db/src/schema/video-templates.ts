import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { videoAssets } from './assets.ts';
import { companies } from './companies.ts';

// spec 3 §3 "Video template (animated video)". `data` is the template as the editor saves it
// (@hirecast/domain/video-template ZTemplateData; legacy fixed-field templates are converted on read).
// Samples (`isSample`) belong to a company of their own and are shown to every company.
export const videoTemplates = pgTable(
  'video_templates',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ownerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    // spec 3 §3: landscape or portrait (the answer's `dimension`).
    type: text().notNull(),
    title: text().notNull(),
    // spec 3 §4: draft, prepared (treated as draft), preparing, rendering, rendered, error.
    status: text().notNull().default('draft'),
    data: jsonb().$type<unknown>().notNull(),
    cover: text(),
    coverMobile: text(),
    isSample: boolean().notNull().default(false),
    errorReason: text(),
    /** 0–100 while preparing or rendering. */
    progress: smallint(),
    /** The render in flight or last finished: the job carries it, a stale job is skipped. */
    renderId: uuid(),
    /** When Finalize queued the render in flight: the order of one company's renders. */
    renderQueuedAt: timestamp({ withTimezone: true }),
    /** The queue job that took this render (null while it waits its turn); a retried job resumes it. */
    renderJobId: text(),
    /** The rendered MP4, a video asset of the company (the answer's `_file`). */
    fileId: uuid().references(() => videoAssets.id, { onDelete: 'set null' }),
    thumbnail: text(),
    renderedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('video_templates_company_updated_idx').on(t.companyId, t.updatedAt),
    index('video_templates_company_status_idx').on(t.companyId, t.status),
    index('video_templates_waiting_idx')
      .on(t.renderQueuedAt)
      .where(sql`${t.status} = 'preparing' and ${t.renderJobId} is null`),
    index('video_templates_sample_idx')
      .on(t.isSample)
      .where(sql`${t.isSample}`),
  ],
);

/**
 * The fair render queue's turns (decision 026): when each company's last render was taken by a worker. A worker
 * takes the waiting render of the company served least recently, so one company's backlog delays another's
 * first render by at most one render.
 */
export const videoRenderTurns = pgTable('video_render_turns', {
  companyId: uuid()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  servedAt: timestamp({ withTimezone: true }).notNull(),
});
