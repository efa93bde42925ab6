// Formatting that gives the same text on the server and in the browser (hydration must match): a fixed locale
// and time zone, never the visitor's.
const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

export const formatDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
};

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'Leeds, United Kingdom' from a job location, or null when it has no parts. */
export function formatPlace(location: { city?: string; county?: string; country?: string } | null) {
  if (!location) return null;
  const parts = [location.city, location.country].filter((p): p is string => !!p && p.trim() !== '');
  return parts.length > 0 ? parts.join(', ') : null;
}
