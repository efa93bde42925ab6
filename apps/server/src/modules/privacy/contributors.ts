import type { applications } from '@hirecast/db/schema';
import type { TDb } from '@hirecast/db/client';
import type { TRetentionAction } from '@hirecast/domain/privacy';
import type { TContext } from '../../lib/context.ts';

// Issue 26: what Hirecast holds about a candidate comes from several modules (the application and its files,
// notes and history, emails, and later one-way interview answers). Each is a "candidate data contributor": it
// says what it holds for the export and erases it for an anonymisation or a deletion. The privacy module owns
// the list; another module adds its own contributor at the composition root with
// `registerCandidateDataContributor` (code, not state: every process registers the same list at start).

export type TApplicationRow = typeof applications.$inferSelect;
export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];

/** A stored file for the export: its path inside the ZIP and its storage key. */
export type TCandidateFile = { path: string; key: string };

export type TCandidateDataContributor = {
  /** The key of its part in the export's JSON. */
  name: string;
  collect: (
    ctx: Pick<TContext, 'db'>,
    application: TApplicationRow,
  ) => Promise<{ data: unknown; files: TCandidateFile[] }>;
  /**
   * Removes (delete) or strips (anonymise) what it holds, inside the erasure's transaction, and returns the storage
   * keys to remove once it commits. `mentions` are the candidate's name and email as they were, to scrub from
   * free text. On 'delete' the application row is removed after every contributor ran.
   */
  erase: (
    tx: TTx,
    input: { application: TApplicationRow; mode: TRetentionAction; mentions: string[] },
  ) => Promise<string[]>;
};

const registered: TCandidateDataContributor[] = [];

/** Adds a module's contributor (once per name). Called at the composition root. */
export function registerCandidateDataContributor(contributor: TCandidateDataContributor) {
  if (!registered.some((c) => c.name === contributor.name)) registered.push(contributor);
}

export const registeredContributors = (): readonly TCandidateDataContributor[] => registered;
