import { z } from 'zod';
import { AI_TONES, JOB_LIMITS, ZJobLocation } from './job.ts';
import { jobMessages } from './job-messages.ts';

export type TAiTone = (typeof AI_TONES)[number];
export const AI_ANSWER_MAX = 2000;

// spec 1 §4 AI description wizard: four steps, then the tone and Generate. The spec does not give the texts.
export const AI_WIZARD_QUESTIONS = [
  {
    key: 'question1',
    label: 'What will this person do day to day?',
    helperText:
      'List the main tasks and responsibilities, one per line or sentence. For example: "Greet guests and take orders. Keep the bar stocked."',
  },
  {
    key: 'question2',
    label: 'Who would thrive in this role?',
    helperText:
      'Skills, experience, licences or qualities you are looking for. For example: "Two years in a busy kitchen. Calm under pressure."',
  },
  {
    key: 'question3',
    label: 'What do you offer?',
    helperText:
      'Pay, hours, perks, training and progression. For example: "Free meals on shift. 28 days holiday. Paid training."',
  },
  {
    key: 'question4',
    label: 'Tell candidates about your team and company',
    helperText: 'What makes your workplace special: your mission, your people, how you work together.',
  },
] as const;
export type TAiQuestionKey = (typeof AI_WIZARD_QUESTIONS)[number]['key'];

const zAnswer = z
  .string({ error: jobMessages.aiFillField })
  .trim()
  .min(1, jobMessages.aiFillField)
  .max(AI_ANSWER_MAX, `Please keep the answer under ${AI_ANSWER_MAX} characters`);

// spec 1 §7 Jobs: POST /job/description {jobTitle, jobLocation, answer{question1..question4}, tone}.
// spec 1 §5: every step answer and the title are required.
export const ZAiDescriptionRequest = z
  .object({
    jobTitle: z
      .string({ error: jobMessages.aiFillTitle })
      .trim()
      .min(1, jobMessages.aiFillTitle)
      .max(JOB_LIMITS.titleMax, `Title must be at most ${JOB_LIMITS.titleMax} characters`),
    // The job's location object, or the text shown in the field; either may be absent.
    jobLocation: z
      .union([ZJobLocation, z.string().trim().max(300)])
      .nullable()
      .optional(),
    answer: z
      .object(
        { question1: zAnswer, question2: zAnswer, question3: zAnswer, question4: zAnswer },
        { error: jobMessages.aiFillField },
      )
      .strict(),
    tone: z.enum(AI_TONES, { error: `Tone must be one of ${AI_TONES.join(', ')}` }),
  })
  .strict();
export type TAiDescriptionRequest = z.input<typeof ZAiDescriptionRequest>;
export type TAiDescriptionInput = z.output<typeof ZAiDescriptionRequest>;

/** The location as one phrase ('Leeds, United Kingdom'), or '' when none was given. */
export function locationPhrase(location: TAiDescriptionInput['jobLocation']): string {
  if (!location) return '';
  if (typeof location === 'string') return location;
  const parts = [location.city, location.county, location.country].filter((p): p is string => Boolean(p));
  return [...new Set(parts)].join(', ');
}
