import type { TDelta } from './job.ts';

// spec 1 §2 Job edit page: the job title placeholder of the description template and the post heading.
export const JOB_TITLE_PLACEHOLDER = '{{jobTitle}}';

const heading = (text: string) => [{ insert: text }, { insert: '\n', attributes: { header: 2 } }];
const paragraph = (text: string) => [{ insert: `${text}\n` }];
const bullets = (items: string[]) =>
  items.flatMap((item) => [{ insert: item }, { insert: '\n', attributes: { list: 'bullet' } }]);

// spec 1 §2: 'The default template has headings for responsibilities, requirements and Benefits with a
// placeholder for the job title.' A Quill Delta, as stored in a job's description.
export const DEFAULT_DESCRIPTION_TEMPLATE: TDelta = {
  ops: [
    ...paragraph(
      `We are looking for a ${JOB_TITLE_PLACEHOLDER} to join our team. Tell candidates in a sentence or two what the role is about and why it matters.`,
    ),
    ...heading('Responsibilities'),
    ...bullets([
      'What will the person do day to day?',
      'Which projects, customers or goals will they own?',
      'Who will they work with?',
    ]),
    ...heading('Requirements'),
    ...bullets([
      'Experience or skills the role needs',
      'Qualifications or certificates, if any',
      'Personal qualities that help someone succeed here',
    ]),
    ...heading('Benefits'),
    ...bullets([
      'Pay, hours and holidays',
      'Training and career growth',
      'Perks that make your team a great place to work',
    ]),
  ],
};

/** Replaces the job title placeholder in a text; an empty title reads 'this role'. */
export function fillJobTitle(text: string, title: string | null | undefined): string {
  const value = title?.trim() || 'this role';
  return text.split(JOB_TITLE_PLACEHOLDER).join(value);
}

/** The description template (or any Delta) with the job title filled in. The input is not changed. */
export function fillDescriptionTemplate(
  title: string | null | undefined,
  template: TDelta = DEFAULT_DESCRIPTION_TEMPLATE,
): TDelta {
  return {
    ops: template.ops.map((op) =>
      typeof op.insert === 'string' ? { ...op, insert: fillJobTitle(op.insert, title) } : { ...op },
    ),
  };
}

// spec 1 §9: eight preset video intro questions (their texts are not in the spec; ours).
export const VIDEO_INTRO_QUESTIONS = [
  'Tell us a little about yourself and what brought you to apply for this role.',
  'What interests you most about this job and our company?',
  'Describe a challenge you faced at work or in your studies and how you handled it.',
  'Which of your skills or experiences would help you most in this role?',
  'Tell us about a time you went out of your way to help a customer or a teammate.',
  'How would the people you have worked with describe you?',
  'What does a great working day look like for you?',
  'When could you start, and what hours or days suit you best?',
] as const;
