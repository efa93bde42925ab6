import type { TTemplateStatus } from '@hirecast/domain/video-template';
import { templateCardRules, type TTemplateCardRules } from '@hirecast/domain/video-template-rules';

export type TTemplateStatusDisplay = TTemplateCardRules & {
  color: 'default' | 'success' | 'info' | 'error';
  /** Preparing or rendering: a spinner and the progress. */
  working: boolean;
};

// spec 3 §4 Template status: the labels and the card rules are the domain's table; this adds the chip colour.
export function templateStatusDisplay(status: TTemplateStatus, isSample = false): TTemplateStatusDisplay {
  const working = status === 'preparing' || status === 'rendering';
  return {
    ...templateCardRules(status, isSample),
    working,
    color: status === 'rendered' ? 'success' : working ? 'info' : status === 'error' ? 'error' : 'default',
  };
}
