// A take as MediaRecorder hands it over, chunk by chunk. Everything recorded stays here (in memory) until the
// take is dropped, so the upload can send any part again after a lost connection, and the person can watch the
// whole take at once. The upload reads it through `slice`, which waits for the bytes it asks for.

// The bytes carry their `size`, which tus-js-client reads to count what it sent (as it does of a Blob); XHR and
// Node's http both send a Uint8Array as it is.
export type TTakeSlice = { value: Uint8Array & { size: number }; done: boolean };

export type TTakeBuffer = {
  append: (chunk: Blob) => void;
  /** No more chunks: the take is complete. */
  finish: () => void;
  readonly size: number;
  readonly finished: boolean;
  /** The whole take so far, as one file. */
  blob: (type: string) => Blob;
  /**
   * Bytes [start, end) once recorded. Answers early with what there is (at least one byte) after `flushAfterMs`,
   * so a slow recording still goes up every second; `done` when the take is finished and this is its end.
   */
  slice: (start: number, end: number) => Promise<TTakeSlice>;
  /** Stops every waiting slice (the take is dropped). */
  close: () => void;
};

export function createTakeBuffer({ flushAfterMs = 1000 }: { flushAfterMs?: number } = {}): TTakeBuffer {
  const chunks: Blob[] = [];
  let size = 0;
  let finished = false;
  let closed = false;
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((w) => w());

  const read = async (start: number, end: number): Promise<TTakeSlice> => {
    const stop = Math.min(end, size);
    const bytes = new Uint8Array(await new Blob(chunks).slice(start, stop).arrayBuffer());
    return { value: Object.assign(bytes, { size: bytes.length }), done: finished && stop >= size };
  };

  return {
    append(chunk) {
      if (finished || closed || chunk.size === 0) return;
      chunks.push(chunk);
      size += chunk.size;
      wake();
    },
    finish() {
      finished = true;
      wake();
    },
    get size() {
      return size;
    },
    get finished() {
      return finished;
    },
    blob: (type) => new Blob(chunks, { type }),
    slice(start, end) {
      if (size >= end || finished) return read(start, end);
      return new Promise<TTakeSlice>((resolve, reject) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const settle = () => {
          waiters.delete(check);
          clearTimeout(timer);
          if (closed) reject(new Error('The take was dropped'));
          else resolve(read(start, end));
        };
        const check = () => {
          if (closed || size >= end || finished) settle();
        };
        const flush = () => {
          if (size > start) settle();
          else timer = setTimeout(flush, flushAfterMs);
        };
        timer = setTimeout(flush, flushAfterMs);
        waiters.add(check);
      });
    },
    close() {
      closed = true;
      wake();
    },
  };
}
