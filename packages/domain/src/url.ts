// A link a person can open: http(s), a host with a dot (or localhost), no spaces.
export function isWebLink(value: string): boolean {
  const v = value.trim();
  if (!v || /\s/.test(v)) return false;
  try {
    const url = new URL(v);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
    return url.hostname === 'localhost' || /^[^.]+(\.[^.]+)+$/.test(url.hostname);
  } catch {
    return false;
  }
}

// spec 1 §2: the redirect saved before sign-in must stay inside the app.
export function isSafeRedirectPath(path: unknown): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}
