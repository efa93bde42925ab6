import { useSearchParams } from 'react-router';

/** The introduction's key in ?answer= (an interview answer is named by its question's id). */
export const INTRO_ANSWER = 'intro';

/**
 * Issue 34 item 4: a transcript search hit opens the applicant page at an answer's moment,
 * `?answer=<question id or "intro">&t=<seconds>`. The seconds where `key` is the answer opened; else undefined.
 */
export function useAnswerMoment(key: string): number | undefined {
  const [params] = useSearchParams();
  if (params.get('answer') !== key) return undefined;
  const t = Number(params.get('t'));
  return Number.isFinite(t) && t >= 0 ? t : 0;
}
