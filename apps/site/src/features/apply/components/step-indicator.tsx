import { APPLY_STEP_LABELS, type TApplyStep } from '../lib/apply-form.ts';

/** Where the candidate is: numbered steps, the current one marked for screen readers and not by colour only. */
export function StepIndicator({ step, steps }: { step: number; steps: readonly TApplyStep[] }) {
  return (
    <nav aria-label="Application steps">
      <ol className="steps">
        {steps.map((id, index) => {
          const label = APPLY_STEP_LABELS[id];
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
        Step {step + 1} of {steps.length}
      </p>
    </nav>
  );
}
