import type { TTemplateData } from '@hirecast/domain/video-template';
import {
  addSectionError,
  TEMPLATE_LIMITS,
  validateTemplateForFinalize,
  type TTemplateFieldError,
} from '@hirecast/domain/video-template-rules';

// The §5 rules live in @hirecast/domain (shared with the API); this file shapes their answers for the form.

export const EDITOR_LIMITS = TEMPLATE_LIMITS.text;

export type TEditorIssues = {
  /** Keyed by `${sectionId}.${field}` (ids survive reordering) or a top-level field name. */
  fields: Record<string, string>;
  /** Problems of the whole template (the number of videos, the total duration). */
  form: string[];
};

/** The domain's errors ('sections.2.heading') keyed by section id ('s9.heading'), plus the form-wide ones. */
export function issuesOf(data: TTemplateData, errors: TTemplateFieldError[]): TEditorIssues {
  const fields: Record<string, string> = {};
  const form: string[] = [];
  for (const { field, message } of errors) {
    const m = /^sections\.(\d+)\.(.+)$/.exec(field);
    const section = m ? data.sections[Number(m[1])] : undefined;
    if (m && section) fields[`${section.id}.${m[2]}`] ??= message;
    else if (field === 'sections' || field === 'data') {
      if (!form.includes(message)) form.push(message);
    } else fields[field] ??= message;
  }
  return { fields, form };
}

/** Every problem that stops Finalize (spec 3 §4: disabled until all required fields are filled). */
export const validateTemplate = (data: TTemplateData, title?: string) =>
  issuesOf(data, validateTemplateForFinalize(data, title));

export const canFinalize = (issues: TEditorIssues) =>
  Object.keys(issues.fields).length === 0 && issues.form.length === 0;

/** Why no more video sections can be added, or null. */
export const addVideoBlocked = (data: TTemplateData) => addSectionError(data.type, data, 'video');
