import { z } from 'zod';
import { zRequired } from './fields.ts';
import { JOB_LIMITS } from './job.ts';
import { INTERVIEW_LIMITS, refineSettings, ZInterviewQuestionSettings } from './interview.ts';

// spec 1 §7 Company: GET and POST /company/questions — a company's saved video intro questions,
// offered beside the eight presets. A question is as long as a custom question at most (spec 1 §9: 90).
// Issue 25: a question saved from an interview also keeps its interview settings (answer type, times, retakes…);
// its text is the prompt, up to 300 characters (the 90 of a video intro question stays for plain questions).
export const ZCreateCompanyQuestionRequest = z
  .object({
    text: zRequired('Please fill in the question').max(
      INTERVIEW_LIMITS.promptMax,
      `Question must be at most ${INTERVIEW_LIMITS.promptMax} characters`,
    ),
    interview: ZInterviewQuestionSettings.superRefine(refineSettings).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (!value.interview && value.text.length > JOB_LIMITS.customQuestionMax)
      ctx.addIssue({
        code: 'custom',
        path: ['text'],
        message: `Question must be at most ${JOB_LIMITS.customQuestionMax} characters`,
      });
  });
export type TCreateCompanyQuestionRequest = z.input<typeof ZCreateCompanyQuestionRequest>;

export const ZCompanyQuestion = z.object({
  _id: z.string(),
  text: z.string(),
  /** Issue 25: present when the question was saved from an interview. */
  interview: ZInterviewQuestionSettings.optional(),
});
export type TCompanyQuestion = z.infer<typeof ZCompanyQuestion>;
