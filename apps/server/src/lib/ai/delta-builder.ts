import type { TDelta } from '@hirecast/domain/job';

type TOp = TDelta['ops'][number];
type TInline = { text: string; bold?: boolean; italic?: boolean };

// Builds a Quill Delta the way Quill stores blocks: the text, then a '\n' that carries the block's format.
export class DeltaBuilder {
  private readonly ops: TOp[] = [];

  private inline(parts: TInline[]) {
    for (const part of parts) {
      if (!part.text) continue;
      const attributes = {
        ...(part.bold && { bold: true }),
        ...(part.italic && { italic: true }),
      };
      this.ops.push(
        Object.keys(attributes).length ? { insert: part.text, attributes } : { insert: part.text },
      );
    }
  }

  heading(text: string, level: 2 | 3 = 2) {
    this.inline([{ text }]);
    this.ops.push({ insert: '\n', attributes: { header: level } });
    return this;
  }

  paragraph(parts: string | TInline[]) {
    this.inline(typeof parts === 'string' ? [{ text: parts }] : parts);
    this.ops.push({ insert: '\n' });
    return this;
  }

  listItem(parts: string | TInline[], list: 'bullet' | 'ordered' = 'bullet') {
    this.inline(typeof parts === 'string' ? [{ text: parts }] : parts);
    this.ops.push({ insert: '\n', attributes: { list } });
    return this;
  }

  blank() {
    this.ops.push({ insert: '\n' });
    return this;
  }

  build(): TDelta {
    // Merge neighbouring plain inserts so the Delta is what Quill itself would produce.
    const merged: TOp[] = [];
    for (const op of this.ops) {
      const last = merged.at(-1);
      if (
        last &&
        !last.attributes &&
        !op.attributes &&
        typeof last.insert === 'string' &&
        typeof op.insert === 'string'
      ) {
        merged[merged.length - 1] = { insert: last.insert + op.insert };
      } else merged.push(op);
    }
    return { ops: merged };
  }
}
