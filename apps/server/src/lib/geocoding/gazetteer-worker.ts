import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { buildIndex } from './gazetteer-index.ts';

// Builds the gazetteer's index off the server's thread; the typed arrays are moved, not copied.
const index = buildIndex(readFileSync((workerData as { file: string }).file));
const { population, lat, lon, keyPlace, keyKind } = index;
parentPort!.postMessage(
  index,
  [population, lat, lon, keyPlace, keyKind].map((array) => array.buffer as ArrayBuffer),
);
