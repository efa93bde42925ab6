// The published face of the sharing module: what other modules and the composition root may use (docs/layers.md).
export { recordTrackingEvent, recordWatchProgress, referralTokenFor } from './attribution.ts';
export {
  firstVisitToday,
  newVisitorCookie,
  readVisitorCookie,
  VISITOR_COOKIE,
  VISITOR_COOKIE_MAX_AGE,
  visitorMarks,
} from './visitors.ts';
