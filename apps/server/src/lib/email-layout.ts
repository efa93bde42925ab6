// One HTML layout for every email the product sends. Values passed in are escaped; `bodyHtml` must be built
// with `escapeHtml` around anything a person typed.
export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function renderEmail({
  heading,
  paragraphs,
  action,
}: {
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
}) {
  const text = [
    heading,
    '',
    ...paragraphs,
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
    '',
    '— Hirecast',
  ].join('\n');
  const button = action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(action.url)}" style="background:#44504B;color:#fff;padding:12px 22px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="color:#6b726f;font-size:13px">Or paste this link into your browser:<br>${escapeHtml(action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;background:#f4f5f4;font-family:Arial,Helvetica,sans-serif;color:#1d2320"><div style="max-width:560px;margin:0 auto;padding:32px 24px"><div style="font-weight:700;font-size:20px;color:#44504B;margin-bottom:24px">Hirecast</div><div style="background:#fff;border-radius:10px;padding:28px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>${paragraphs.map((p) => `<p style="line-height:1.5;margin:0 0 12px">${escapeHtml(p)}</p>`).join('')}${button}</div></div></body></html>`;
  return { text, html };
}
