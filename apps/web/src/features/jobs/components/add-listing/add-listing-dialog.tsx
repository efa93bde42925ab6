import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { JOB_LIMITS, missingRequiredJobFields, type TJob } from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { FormTextField } from '../../../../components/form-text-field.tsx';
import { NARROW_MEDIA } from '../../../../components/layout/layout-constants.ts';
import { useCreateJob } from '../../api/create-job.ts';
import { LocationAutocomplete } from '../location/location-autocomplete.tsx';
import { EMPTY_LISTING, toCreateJobRequest, type TAddListingValues } from './add-listing-form.ts';

export const UNSAVED_CHANGES = 'Are you sure you want to close this window without saving changes?';
const CREATED = 'Your job listing has been created';
const DESCRIPTION_MAX = 5000;

function RequiredFieldsToast({ missing }: { missing: string[] }) {
  return (
    <div>
      <strong>{jobMessages.requiredFieldsHeading}</strong>
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
        {missing.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </Box>
    </div>
  );
}

// spec 1 §2 Dialogs 'Add listing' and §4 Job creation: validates, creates, refreshes the list, says so and
// closes; closing with unsaved changes asks first. The location is the §5 autocomplete, as on the edit page:
// only a chosen suggestion is a location.
export function AddListingDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (job: TJob) => void;
}) {
  const narrow = useMediaQuery(NARROW_MEDIA);
  const create = useCreateJob();
  const [confirmClose, setConfirmClose] = useState(false);
  const { control, handleSubmit, formState } = useForm<TAddListingValues>({ defaultValues: EMPTY_LISTING });
  // Read during render: react-hook-form only tracks the formState fields a component reads.
  const { isDirty } = formState;

  const requestClose = () => {
    if (create.isPending) return;
    if (isDirty) setConfirmClose(true);
    else onClose();
  };

  const submit = handleSubmit((values) => {
    const body = toCreateJobRequest(values);
    const missing = missingRequiredJobFields(body);
    if (missing.length) {
      toast.error(<RequiredFieldsToast missing={missing} />, { toastId: 'add-listing-required' });
      return;
    }
    create.mutate(body, {
      onSuccess: (job) => {
        toast.success(CREATED);
        onCreated(job);
      },
      onError: () => toast.error(jobMessages.createFailure),
    });
  });

  return (
    <>
      <Dialog
        open
        onClose={requestClose}
        aria-labelledby="add-listing-title"
        maxWidth="sm"
        fullWidth
        fullScreen={narrow}
      >
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
          <DialogTitle id="add-listing-title">Add a new listing</DialogTitle>
          <DialogContent dividers>
            <Stack spacing={2.25} sx={{ pt: 0.5 }}>
              <FormTextField
                control={control}
                name="title"
                label="Title"
                required
                max={JOB_LIMITS.titleMax}
                autoFocus
              />
              <FormTextField
                control={control}
                name="postHeading"
                label="Job post heading"
                required
                max={JOB_LIMITS.postHeadingMax}
                hint="The headline candidates see above the job, e.g. “Join our kitchen team”."
              />
              <Controller
                control={control}
                name="location"
                render={({ field }) => (
                  <LocationAutocomplete
                    value={field.value}
                    onChange={(location) => field.onChange(location)}
                    label="Location"
                    required
                  />
                )}
              />
              <FormTextField
                control={control}
                name="description"
                label="Short description"
                required
                multiline
                minRows={4}
                maxRows={10}
                max={DESCRIPTION_MAX}
                hint="You can format it and add more on the edit page."
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={requestClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={create.isPending}>
              Create listing
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
      <ConfirmDialog
        open={confirmClose}
        title="Unsaved changes"
        confirmLabel="Close anyway"
        destructive
        onConfirm={onClose}
        onClose={() => setConfirmClose(false)}
      >
        {UNSAVED_CHANGES}
      </ConfirmDialog>
    </>
  );
}
