import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { FieldPath } from 'react-hook-form';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '@hirecast/domain/messages';
import { ApiError } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';
import { CompanyFields } from '../../../components/company/company-fields.tsx';
import {
  companyFormDefaults,
  toCreateCompanyRequest,
  type TCompanyFormInput,
} from '../../../components/company/company-form-schema.ts';
import { showNameTaken, useCompanyForm } from '../../../components/company/use-company-form.ts';
import { useCreateCompany } from '../api/create-company.ts';

// spec 1 §2 Create company and §5 Company validation.
export function CompanyForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const form = useCompanyForm({ defaultValues: companyFormDefaults(email) });
  const { handleSubmit, setError } = form;
  const create = useCreateCompany();
  const [uploading, setUploading] = useState(false);

  const onSubmit = handleSubmit((values) =>
    create.mutate(toCreateCompanyRequest(values), {
      onSuccess: (company) => {
        session.setCompanyId(company._id);
        toast.success('Your company has been created.');
        navigate('/jobs');
      },
      onError: (err) => {
        if (showNameTaken(err, setError)) return;
        // Field messages from the server (spec 1 §5: URL constraint messages are shown as received).
        if (err instanceof ApiError && err.status === 400) {
          Object.entries(err.fields).forEach(([path, message]) =>
            setError(path.replace(/^info\./, 'socials.') as FieldPath<TCompanyFormInput>, { message }),
          );
        }
        toast.error(messages.companySaveFailure);
      },
    }),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={4}>
        <CompanyFields
          form={form}
          Section={Section}
          onUploadingChange={setUploading}
          bioPlaceholder="What your company does, and what it is like to work there"
        />

        <Divider />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={create.isPending}
            disabled={uploading}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            Create company
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2.5}>{children}</Stack>
    </Box>
  );
}
