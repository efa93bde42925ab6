import type { TSharingQuery } from '@hirecast/domain/sharing-api';

/** `?startDate=…&endDate=…` of a range; empty for all time. */
export function rangeSearch(range: TSharingQuery): string {
  const params = new URLSearchParams();
  if (range.startDate) params.set('startDate', range.startDate);
  if (range.endDate) params.set('endDate', range.endDate);
  const text = params.toString();
  return text ? `?${text}` : '';
}
