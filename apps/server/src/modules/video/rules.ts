import type { TTemplateData } from '@hirecast/domain/video-template';
import {
  normalizeTemplateData,
  templateErrorsByField,
  validateTemplateForFinalize,
  validateTemplateForSave,
  type TTemplateFieldError,
} from '@hirecast/domain/video-template-rules';
import { AppError } from '../../lib/app-error.ts';

// The §5 rules as the API applies them (the same functions the editor runs): the limits on every save, and the
// required fields on Finalize. The first message is the error's; `fields` holds one per dotted path in data.
function throwIfAny(errors: TTemplateFieldError[]) {
  if (errors.length > 0) throw new AppError('VALIDATION', errors[0]!.message, templateErrorsByField(errors));
}

/** spec 3 §5: limits every saved template keeps (a draft may still miss required fields). */
export const checkTemplateLimits = (data: TTemplateData, title?: string) =>
  throwIfAny(validateTemplateForSave(data, title));

/** spec 3 §3 required keys and §4: what Finalize needs before rendering starts. */
export const checkTemplateComplete = (data: TTemplateData, title?: string) =>
  throwIfAny(validateTemplateForFinalize(data, title));

/** Stored `data` as the current shape; legacy fixed-field templates are converted (spec 3 §3). */
export const readTemplateData = (raw: unknown): TTemplateData => normalizeTemplateData(raw);
