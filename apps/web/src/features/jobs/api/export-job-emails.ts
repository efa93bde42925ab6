import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download.ts';

// spec 1 §7 Jobs: POST /job/{id}/submitted-emails/csv, saved as '{title} emails.csv'.
export const exportJobEmails = ({ id, title }: { id: string; title: string }) =>
  downloadFile({
    path: `/job/${encodeURIComponent(id)}/submitted-emails/csv`,
    method: 'POST',
    filename: `${title} emails.csv`,
  });

export const useExportJobEmails = () => useMutation({ mutationFn: exportJobEmails });
