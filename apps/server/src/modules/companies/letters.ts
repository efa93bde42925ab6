import { and, eq } from 'drizzle-orm';
import type { TTx } from '@hirecast/db/client';
import type { z } from 'zod';
import { companyLetters } from '@hirecast/db/schema';
import type { ZLetterChange } from '@hirecast/domain/settings';

type TLetterChange = z.output<typeof ZLetterChange>;

// The settings Texts tab (spec 2 §9 letter tabs): a kind's own subject and text replace the default; a reset
// deletes the row, so the default (packages/domain/src/letters.ts) applies again. In the caller's transaction.
export async function saveLetterChanges(tx: TTx, companyId: string, changes: readonly TLetterChange[]) {
  for (const change of changes) {
    if ('reset' in change) {
      await tx
        .delete(companyLetters)
        .where(and(eq(companyLetters.companyId, companyId), eq(companyLetters.kind, change.kind)));
      continue;
    }
    const { kind, subject, text } = change;
    await tx
      .insert(companyLetters)
      .values({ companyId, kind, subject, text })
      .onConflictDoUpdate({
        target: [companyLetters.companyId, companyLetters.kind],
        set: { subject, text, updatedAt: new Date() },
      });
  }
}
