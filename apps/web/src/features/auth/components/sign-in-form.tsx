import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { checkSignIn, type TSignInValues } from '@hirecast/domain/sign-in-rules';
import { Spinner } from '../../../components/page-loader.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSignIn } from '../api/sign-in.ts';
import { AuthErrorNote } from './auth-error-note.tsx';
import { AuthInput } from './auth-input.tsx';
import { usePasswordToggle } from './password-toggle.tsx';
import { useCompleteSignIn } from './use-complete-sign-in.ts';

// Two fields and their rules in plain state, drawn in plain HTML and CSS (auth.css): no form library, schema
// library or MUI in the sign-in page's JavaScript (decision 035). `checkSignIn` is the same rules as ZSignInRequest (a domain test keeps them equal).
export function SignInForm() {
  const [values, setValues] = useState<TSignInValues>({ email: '', password: '' });
  // A keyboard user tabbing past the autofocused email sees no error before typing: check on submit, then on
  // every change.
  const [submitted, setSubmitted] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const password = usePasswordToggle();
  const signIn = useSignIn();
  const completeSignIn = useCompleteSignIn();
  const [failure, setFailure] = useState<string | null>(null);
  const errors = submitted ? checkSignIn(values).errors : {};
  const set = (key: keyof TSignInValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const checked = checkSignIn(values);
    if (checked.errors.email || checked.errors.password) {
      (checked.errors.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setFailure(null);
    signIn.mutate(checked.values, {
      onSuccess: (auth) => void completeSignIn(auth.manager),
      onError: (err) => {
        // spec 1 §8: the server says which of the two sign-in failures applies; it shows once, under the
        // form (an alert, so screen readers hear it), not again as a toast.
        setFailure(errorMessage(err));
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="hc-stack">
      <AuthInput
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus
        value={values.email}
        onChange={set('email')}
        inputRef={emailRef}
        error={errors.email}
      />
      <AuthInput
        name="password"
        label="Password"
        autoComplete="current-password"
        value={values.password}
        onChange={set('password')}
        inputRef={passwordRef}
        error={errors.password}
        {...password}
      />
      <div className="hc-row-end hc-body2">
        <RouterLink to="/forgot-password" className="hc-link">
          Forgot password?
        </RouterLink>
      </div>
      {failure && <AuthErrorNote>{failure}</AuthErrorNote>}
      <button
        type="submit"
        className={
          signIn.isPending
            ? 'hc-button hc-button--contained hc-button--loading'
            : 'hc-button hc-button--contained'
        }
        disabled={signIn.isPending}
      >
        {signIn.isPending && (
          <span className="hc-button__loader">
            <Spinner size={16} />
          </span>
        )}
        Sign in
      </button>
    </form>
  );
}
