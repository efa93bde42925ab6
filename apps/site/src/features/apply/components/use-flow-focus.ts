import { useEffect, useRef } from 'react';
import { fieldId, type TFieldErrors } from '../lib/apply-form.ts';

type TFocus = 'title' | 'step' | 'error' | 'form-error' | null;

/** The first element, in page order, of those showing an error. */
function firstErrorElement(errors: TFieldErrors): HTMLElement | null {
  const elements = Object.keys(errors)
    .map((key) => document.getElementById(fieldId(key)))
    .filter((el): el is HTMLElement => el !== null);
  elements.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  return elements[0] ?? null;
}

/**
 * Focus follows the apply flow: the title when it opens, the step heading on each step, the first error (else the
 * form's message). `focusNext` names what takes the focus after the next render.
 */
export function useFlowFocus(errors: TFieldErrors) {
  const focus = useRef<TFocus>('title');
  const title = useRef<HTMLHeadingElement>(null);
  const stepTitle = useRef<HTMLHeadingElement>(null);
  const formErrorBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = focus.current;
    if (!target) return;
    focus.current = null;
    if (target === 'title') title.current?.focus();
    if (target === 'step') stepTitle.current?.focus();
    if (target === 'form-error') formErrorBox.current?.focus();
    if (target === 'error') (firstErrorElement(errors) ?? formErrorBox.current)?.focus();
  });
  const focusNext = (target: Exclude<TFocus, null>) => {
    focus.current = target;
  };
  return { focusNext, title, stepTitle, formErrorBox };
}
