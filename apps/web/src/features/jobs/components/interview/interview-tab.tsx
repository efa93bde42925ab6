import Alert from '@mui/material/Alert';
import { PageLoader } from '../../../../components/page-loader.tsx';
import { useInterview } from '../../api/get-interview.ts';
import { InterviewEditor } from './interview-editor.tsx';

/** The job edit page's Interview tab (?tab=interview): the editor once the saved set has loaded. */
export function InterviewTab({ jobId, canEdit }: { jobId: string; canEdit: boolean }) {
  const interview = useInterview(jobId);
  if (interview.isError) return <Alert severity="error">The interview could not be loaded.</Alert>;
  if (interview.data === undefined) return <PageLoader label="Loading the interview" />;
  return <InterviewEditor jobId={jobId} interview={interview.data} canEdit={canEdit} />;
}
