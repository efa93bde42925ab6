import { z } from 'zod';
import { zRequired } from './fields.ts';
import { JOB_LIMITS } from './job.ts';

// spec 1 §7 Company: GET and POST /company/questions — a company's saved video intro questions,
// offered beside the eight presets. A question is as long as a custom question at most (spec 1 §9: 90).
export const ZCreateCompanyQuestionRequest = z
  .object({
    text: zRequired('Please fill in the question').max(
      JOB_LIMITS.customQuestionMax,
      `Question must be at most ${JOB_LIMITS.customQuestionMax} characters`,
    ),
  })
  .strict();
export type TCreateCompanyQuestionRequest = z.input<typeof ZCreateCompanyQuestionRequest>;

export const ZCompanyQuestion = z.object({ _id: z.string(), text: z.string() });
export type TCompanyQuestion = z.infer<typeof ZCompanyQuestion>;
