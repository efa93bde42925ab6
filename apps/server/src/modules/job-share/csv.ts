// RFC 4180 values, and a cell that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return
// first) starts with an apostrophe instead (OWASP CSV injection).
export function csvValue(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (values: (string | number | Date | null | undefined)[]) =>
  values.map(csvValue).join(',');

/** Content-Disposition for '{title} emails.csv': an ASCII fallback plus the exact name (RFC 6266/5987). */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
