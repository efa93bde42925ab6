import { APPLY_STEPS } from '../lib/apply-form.ts';

/** Where the candidate is: numbered steps, the current one marked for screen readers and not by colour only. */
export function StepIndicator({ step }: { step: number }) {
  return (
    <nav aria-label="Application steps">
      <ol className="steps">
        {APPLY_STEPS.map((label, index) => {
          const state = index < step ? 'done' : index === step ? 'current' : 'todo';
          return (
            <li
              key={label}
              className={`step step-${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="step-number" aria-hidden="true">
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span className="step-label">
                {label}
                {state === 'done' && <span className="visually-hidden"> (done)</span>}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="step-count">
        Step {step + 1} of {APPLY_STEPS.length}
      </p>
    </nav>
  );
}
