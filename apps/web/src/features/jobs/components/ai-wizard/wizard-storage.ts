import { AI_WIZARD_QUESTIONS, type TAiQuestionKey } from '@hirecast/domain/ai-description';
import { AI_TONES } from '@hirecast/domain/job';

export type TTone = (typeof AI_TONES)[number];
export type TWizardState = { answers: Record<TAiQuestionKey, string>; tone: TTone; step: number };

export const WIZARD_TONE_STEP = AI_WIZARD_QUESTIONS.length;
const emptyAnswers = () =>
  Object.fromEntries(AI_WIZARD_QUESTIONS.map((q) => [q.key, ''])) as Record<TAiQuestionKey, string>;
export const emptyWizardState = (): TWizardState => ({ answers: emptyAnswers(), tone: 'friendly', step: 0 });

// spec 1 §4: the wizard's answers are kept in session storage per job.
export const wizardStorageKey = (jobId: string) => `ai-description-wizard:${jobId}`;

export function readWizardState(jobId: string): TWizardState {
  const fallback = emptyWizardState();
  try {
    const raw = sessionStorage.getItem(wizardStorageKey(jobId));
    if (!raw) return fallback;
    const parsed = JSON.parse(raw) as Partial<TWizardState>;
    const answers = { ...fallback.answers };
    for (const q of AI_WIZARD_QUESTIONS) {
      const v = parsed.answers?.[q.key];
      if (typeof v === 'string') answers[q.key] = v;
    }
    const tone = (AI_TONES as readonly string[]).includes(parsed.tone ?? '')
      ? (parsed.tone as TTone)
      : fallback.tone;
    const step =
      typeof parsed.step === 'number' && parsed.step >= 0 && parsed.step <= WIZARD_TONE_STEP
        ? parsed.step
        : 0;
    return { answers, tone, step };
  } catch {
    return fallback;
  }
}

export function writeWizardState(jobId: string, state: TWizardState) {
  try {
    sessionStorage.setItem(wizardStorageKey(jobId), JSON.stringify(state));
  } catch {
    // Storage full or blocked: the wizard still works, it just forgets on reload.
  }
}
