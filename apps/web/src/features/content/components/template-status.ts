import type { TTemplateStatus } from '@hirecast/domain/video-template';

export type TTemplateStatusDisplay = {
  label: string;
  color: 'default' | 'success' | 'info' | 'error';
  working: boolean;
  /** spec 3 §4: cards in preparing, rendering or error are not clickable. */
  clickable: boolean;
  canView: boolean;
  canEdit: boolean;
  /** Analytics and delete are hidden while preparing or rendering. */
  showAnalyticsAndDelete: boolean;
};

// spec 3 §4 Template status: rendered and prepared show ready; rendering and preparing show processing;
// draft and error show under their own names. Prepared is treated as draft.
export function templateStatusDisplay(status: TTemplateStatus): TTemplateStatusDisplay {
  const working = status === 'preparing' || status === 'rendering';
  const draft = status === 'draft' || status === 'prepared';
  // The label table says prepared shows ready, though a prepared template behaves as a draft.
  const label =
    status === 'rendered' || status === 'prepared'
      ? 'ready'
      : working
        ? 'processing'
        : status === 'draft'
          ? 'draft'
          : 'error';
  return {
    label,
    color: status === 'rendered' ? 'success' : working ? 'info' : status === 'error' ? 'error' : 'default',
    working,
    clickable: !working && status !== 'error',
    canView: status === 'rendered',
    canEdit: draft || status === 'rendered',
    showAnalyticsAndDelete: !working,
  };
}
