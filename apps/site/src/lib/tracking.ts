// Issue 5 item 4: tracking without personal data. A random id per browser session ties a visit to its apply;
// beacons go out with sendBeacon (survives leaving the page) or fetch keepalive.
const SESSION_KEY = 'hirecast.session';

function readStorage(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null; // storage blocked (private mode, sandboxed iframe): tracking still works per page view
  }
}

function writeStorage(key: string, value: string) {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // see readStorage
  }
}

// crypto.randomUUID needs a secure context; getRandomValues does not.
const randomId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** The browser session's random id, created on first use. */
export function getSessionId(): string {
  const existing = readStorage(SESSION_KEY);
  if (existing && existing.length >= 8 && existing.length <= 64) return existing;
  const id = randomId();
  writeStorage(SESSION_KEY, id);
  return id;
}

/** True the first time `key` is seen in this browser session (and remembers it). */
export function firstTimeInSession(key: string): boolean {
  const storageKey = `hirecast.once.${key}`;
  if (readStorage(storageKey)) return false;
  writeStorage(storageKey, '1');
  return true;
}

/** POSTs a JSON beacon that may outlive the page. */
export function sendBeaconJson(url: string, body: unknown) {
  const json = JSON.stringify(body);
  if (typeof navigator.sendBeacon === 'function') {
    if (navigator.sendBeacon(url, new Blob([json], { type: 'application/json' }))) return;
  }
  void fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: json,
    keepalive: true,
  }).catch(() => undefined);
}

const UTM_KEYS = ['utm_source', 'utm_campaign', 'utm_medium'] as const;
export type TUtm = Partial<Record<(typeof UTM_KEYS)[number], string>>;

/** UTM values of a query string, trimmed and cut to the API's 100 characters. */
export function readUtm(search: string): TUtm {
  const params = new URLSearchParams(search);
  const utm: TUtm = {};
  for (const key of UTM_KEYS) {
    const value = params.get(key)?.trim().slice(0, 100);
    if (value) utm[key] = value;
  }
  return utm;
}

/** Issue 16: the sharer's referral token of a share link (`ref`), kept with the visit like the UTM values. */
export function readReferral(search: string): { ref?: string } {
  const ref = new URLSearchParams(search).get('ref')?.trim();
  return ref && /^[0-9A-Za-z]{12}$/.test(ref) ? { ref } : {};
}
