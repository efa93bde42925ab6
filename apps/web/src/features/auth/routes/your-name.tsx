import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ZYourNameForm, type TYourNameForm } from '@hirecast/domain/auth';
import { messages } from '@hirecast/domain/messages';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { afterLoginPath, goAfterSignIn } from '../../../lib/auth-redirect.ts';
import { useMe } from '../../../lib/me.ts';
import { useSaveName } from '../api/save-name.ts';
import { useCloseTakenBack } from '../api/taken-back.ts';
import { TakenBackNotice } from '../components/taken-back-notice.tsx';
import { AuthErrorNote } from '../components/auth-error-note.tsx';
import { AuthLayout } from '../components/auth-layout.tsx';

/**
 * /your-name (issue 27): before the app opens, the person gives their own first and last name (spec 1 §5
 * makes both required): after Google took back an address someone else had registered (their name was that
 * person's), or when the Google profile has no family name. Prefilled with what Google said.
 */
export function Component() {
  const { data: me } = useMe();
  const navigate = useNavigate();
  const save = useSaveName();
  const closeNotice = useCloseTakenBack();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<TYourNameForm>({
    resolver: zodResolver(ZYourNameForm),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { firstName: me?.firstName ?? '', lastName: me?.lastName ?? '' },
  });
  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    save.mutate(values, {
      onSuccess: (manager) => {
        if (!manager.takenBack) return goAfterSignIn(navigate, afterLoginPath(manager));
        // Issue 33 item 8: the notice of a taken-back account was read here; it is not shown again.
        closeNotice.mutate(undefined, {
          onSuccess: (closed) => goAfterSignIn(navigate, afterLoginPath(closed)),
          onError: (err) => setFailure(errorMessage(err)),
        });
      },
      onError: (err) => setFailure(errorMessage(err)),
    });
  });
  return (
    <AuthLayout title="What is your name?" subtitle={messages.socialNameNeeded}>
      <title>Your name · Hirecast</title>
      {me?.takenBack && <TakenBackNotice me={{ ...me, takenBack: me.takenBack }} />}
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          <FormTextField
            control={control}
            name="firstName"
            label="First name"
            autoComplete="given-name"
            autoFocus
          />
          <FormTextField control={control} name="lastName" label="Last name" autoComplete="family-name" />
          {failure && <AuthErrorNote>{failure}</AuthErrorNote>}
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            loading={save.isPending || closeNotice.isPending}
          >
            Continue
          </Button>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
