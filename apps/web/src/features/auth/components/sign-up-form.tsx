import { useState } from 'react';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ZSignUpRequest } from '@hirecast/domain/auth';
import { isFreeMailDomain } from '@hirecast/domain/email';
import { messages } from '@hirecast/domain/messages';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';
import { useSignUp } from '../api/sign-up.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { PasswordField } from './password-field.tsx';
import { useCompleteSignIn } from './use-complete-sign-in.ts';

type TInput = z.input<typeof ZSignUpRequest>;
type TOutput = z.output<typeof ZSignUpRequest>;

const schemaResolver = zodResolver(ZSignUpRequest);
// The schema checks the free-mail rule only once every other field is valid (a zod object refinement);
// checking it with the field as well tells the user as soon as they leave the email field.
const resolver: Resolver<TInput, unknown, TOutput> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  if (!values.inviteCode && isFreeMailDomain(values.email) && !result.errors.email) {
    return {
      values: {},
      errors: { ...result.errors, email: { type: 'custom', message: messages.corporateEmailOnly } },
    };
  }
  return result;
};

const FIELDS: readonly FieldPath<TInput>[] = ['firstName', 'lastName', 'email', 'password'];

export function SignUpForm() {
  // Set by the invite flow (/accept-invite, spec 2 §4): the email is the invited one and cannot be changed,
  // and with an invite code free-mail addresses are allowed (spec 1 §5).
  const [invite] = useState(() => {
    const stored = session.getInvite();
    return { code: stored?.code, email: stored?.email ?? '' };
  });
  const emailLocked = Boolean(invite.code && invite.email);
  const { control, handleSubmit, setError } = useForm<TInput, unknown, TOutput>({
    resolver,
    // Check on submit, then on every change: nothing is red before the user typed (see sign-in).
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      firstName: '',
      lastName: '',
      email: invite.email,
      password: '',
      inviteCode: invite.code,
    },
  });
  const signUp = useSignUp();
  const completeSignIn = useCompleteSignIn();

  const onSubmit = handleSubmit((values) => {
    const body = {
      ...values,
      prefers: session.getPrefers() ?? undefined,
      redirect: session.getRedirect() ?? undefined,
    };
    signUp.mutate(body, {
      onSuccess: (auth) => {
        session.clearInvite();
        // An invited person lands in the company that invited them (spec 2 §4).
        if (invite.code && auth.manager._company) session.setCompanyId(auth.manager._company);
        // The product lets them in at once; the shell's banner reminds them to verify the address.
        void completeSignIn(auth.manager);
      },
      onError: (err) => {
        const message = errorMessage(err);
        if (err instanceof ApiError) {
          const fields = Object.entries(err.fields).filter(([key]) => (FIELDS as string[]).includes(key));
          fields.forEach(([key, text]) =>
            setError(key as FieldPath<TInput>, { message: text }, { shouldFocus: true }),
          );
          // 409 existing user, 400 free-mail: both are about the email address.
          if (fields.length === 0 && (err.status === 409 || message === messages.corporateEmailOnly)) {
            setError('email', { message }, { shouldFocus: true });
            return;
          }
          // A message shown under its field is not repeated as a toast.
          if (fields.length > 0) return;
        }
        toast.error(message);
      },
    });
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
          <FormTextField
            control={control}
            name="firstName"
            label="First name"
            autoComplete="given-name"
            autoFocus
          />
          <FormTextField control={control} name="lastName" label="Last name" autoComplete="family-name" />
        </Box>
        <FormTextField
          control={control}
          name="email"
          label="Work email"
          type="email"
          autoComplete="email"
          hint={
            emailLocked
              ? 'You were invited with this address.'
              : invite.code
                ? undefined
                : 'Use your work address, e.g. you@yourcompany.com'
          }
          slotProps={{ htmlInput: { readOnly: emailLocked } }}
        />
        <PasswordField control={control} name="password" label="Password" autoComplete="new-password" />
        <Button type="submit" variant="contained" size="large" fullWidth loading={signUp.isPending}>
          Create account
        </Button>
      </Stack>
    </Box>
  );
}
