// The published face of the sharing module: what other modules and the composition root may use (docs/layers.md).
export { recordWatchProgress, referralTokenFor } from './attribution.ts';
export { recordTrackingEvent } from './session-events.ts';
export { withJobCounters } from './rollup.ts';
export {
  firstVisitToday,
  newVisitorCookie,
  readVisitorCookie,
  referralPlaceClaimer,
  VISITOR_COOKIE,
  VISITOR_COOKIE_MAX_AGE,
  visitorMarks,
} from './visitors.ts';
export { sharingRoutes } from './routes.ts';
