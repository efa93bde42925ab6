import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import type { TApplicant } from '@hirecast/domain/application';
import { privacyDay, privacyMessages } from '@hirecast/domain/privacy';
import { recordAccess } from '../api/record-access.ts';
import { SectionCard } from './section-card.tsx';

const fileName = (info: TApplicant['_profile']['personalInfo'], name: string) =>
  info.cvFileName?.trim() || `${name} CV${info.pdfCvUrl ? '.pdf' : ''}`;

// A browser without a PDF viewer says so (Chrome on Android does); one that does not say gets the viewer, and
// its own fallback content if it has no plugin after all. The links in these sentences are underlined: colour
// alone does not set them apart from the text around them (WCAG link-in-text-block).
const canShowPdf = () => navigator.pdfViewerEnabled !== false;

function NoPlugin({ url, download }: { url: string; download: string | null }) {
  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, bgcolor: 'background.default', borderRadius: 2 }}>
      <Typography>
        This browser has no PDF plugin, so the CV cannot be shown here.{' '}
        <Link href={url} download={download} underline="always">
          Download the CV
        </Link>{' '}
        to read it.
      </Typography>
    </Box>
  );
}

/**
 * spec 2 §2: the CV in the browser's PDF viewer; without a PDF plugin the fallback says so and offers the
 * download. A Word CV cannot be shown inline: download only.
 */
export function CvViewer({
  applicant,
  name,
  removedAt = null,
}: {
  applicant: TApplicant;
  name: string;
  /** When the retention rule anonymised the application (and removed its CV), if it did. */
  removedAt?: string | null;
}) {
  const info = applicant._profile.personalInfo;
  const downloadUrl = info.cvUrl ?? info.pdfCvUrl;
  const download = downloadUrl ? fileName(info, name) : null;
  return (
    <SectionCard
      title="CV"
      labelId="applicant-cv"
      action={
        downloadUrl && (
          <Button
            component="a"
            href={downloadUrl}
            download={download}
            onClick={() => void recordAccess(applicant._id, 'cv_download')}
            size="small"
            startIcon={<FileDownloadOutlinedIcon />}
          >
            Download CV
          </Button>
        )
      }
    >
      {!downloadUrl && (
        <Typography color="text.secondary">
          {removedAt ? privacyMessages.cvRemoved(privacyDay(removedAt)) : `${name} did not attach a CV.`}
        </Typography>
      )}
      {info.pdfCvUrl &&
        (canShowPdf() ? (
          <Box
            component="object"
            data={info.pdfCvUrl}
            type="application/pdf"
            aria-label={`CV of ${name}`}
            sx={{
              display: 'block',
              width: '100%',
              height: { xs: 480, sm: 720 },
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
              bgcolor: 'background.default',
            }}
          >
            <NoPlugin url={info.pdfCvUrl} download={download} />
          </Box>
        ) : (
          <NoPlugin url={info.pdfCvUrl} download={download} />
        ))}
      {downloadUrl && !info.pdfCvUrl && (
        <Typography color="text.secondary">
          This CV is a Word document, which browsers cannot show.{' '}
          <Link href={downloadUrl} download={download} underline="always">
            Download {download}
          </Link>{' '}
          to read it.
        </Typography>
      )}
    </SectionCard>
  );
}
