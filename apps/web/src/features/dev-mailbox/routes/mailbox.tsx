import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import MailOutlineIcon from '@mui/icons-material/MailOutlineOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { ErrorIllustration } from '../../../components/illustrations.tsx';
import { NARROW_MEDIA, WIDE_MEDIA } from '../../../components/layout/layout-constants.ts';
import { MessagePanel } from '../../../components/message-panel.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { LogoMark, Wordmark } from '../../../components/wordmark.tsx';
import { messages } from '@hirecast/domain/messages';
import { errorMessage } from '../../../lib/api-client.ts';
import { isMailboxUnavailable, useMailbox } from '../api/get-mailbox.ts';
import { EmailList } from '../components/email-list.tsx';
import { EmailView } from '../components/email-view.tsx';

// The server answers 404 unless this computer runs Hirecast without SMTP (or DEV_MAILBOX=on): say so.
export const MAILBOX_UNAVAILABLE = messages.devMailboxUnavailable;
export const MAILBOX_EMPTY = 'No emails yet. Sign up or ask for a password reset and the email lands here.';

// The outbox of the embedded mail transport (ARCHITECTURE.md): what Hirecast would have sent, readable here.
export function MailboxPage() {
  const mailbox = useMailbox();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // On narrow screens the list and the email take turns; this says which one is showing.
  const [reading, setReading] = useState(false);

  const emails = mailbox.data ?? [];
  const selected = emails.find((e) => e._id === selectedId) ?? emails[0] ?? null;

  let body;
  if (mailbox.isPending) body = <PageLoader />;
  else if (mailbox.isError && isMailboxUnavailable(mailbox.error))
    body = (
      <MessagePanel title="Dev mailbox" titleComponent="h2">
        {MAILBOX_UNAVAILABLE}
      </MessagePanel>
    );
  else if (mailbox.isError)
    body = (
      <MessagePanel
        illustration={<ErrorIllustration />}
        title="The mailbox could not be loaded"
        titleComponent="h2"
      >
        {errorMessage(mailbox.error)}
      </MessagePanel>
    );
  else if (emails.length === 0)
    body = (
      <MessagePanel
        illustration={<MailOutlineIcon sx={{ fontSize: 56, color: 'primary.light' }} />}
        title="Inbox is empty"
        titleComponent="h2"
      >
        {MAILBOX_EMPTY}
      </MessagePanel>
    );
  else
    body = (
      <Paper
        variant="outlined"
        sx={{
          display: 'grid',
          gridTemplateColumns: '360px 1fr',
          gridTemplateRows: 'minmax(0, 1fr)',
          borderRadius: 3,
          overflow: 'hidden',
          // Wide: both panes scroll on their own inside the viewport. Narrow: they take turns; the page scrolls.
          height: 'calc(100dvh - 104px)',
          minHeight: 420,
          [`@media ${NARROW_MEDIA}`]: {
            gridTemplateColumns: '1fr',
            gridTemplateRows: 'auto',
            height: 'auto',
            minHeight: 0,
          },
        }}
      >
        <Box
          sx={{
            borderRight: 1,
            borderColor: 'divider',
            overflowY: 'auto',
            [`@media ${NARROW_MEDIA}`]: { display: reading ? 'none' : 'block', borderRight: 0 },
          }}
        >
          <EmailList
            emails={emails}
            selectedId={selected?._id ?? null}
            onSelect={(id) => {
              setSelectedId(id);
              setReading(true);
            }}
          />
        </Box>
        <Box
          sx={{
            minWidth: 0,
            overflowY: 'auto',
            [`@media ${NARROW_MEDIA}`]: { display: reading ? 'block' : 'none' },
          }}
        >
          <Button
            startIcon={<ArrowBackIcon />}
            onClick={() => setReading(false)}
            sx={{ m: 1, mb: 0, [`@media ${WIDE_MEDIA}`]: { display: 'none' } }}
          >
            All emails
          </Button>
          {selected && <EmailView email={selected} />}
        </Box>
      </Paper>
    );

  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <title>Dev mailbox · Hirecast</title>
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: { xs: 1.5, sm: 2 },
          px: { xs: 2, sm: 3 },
          py: 2,
          maxWidth: 1390,
          mx: 'auto',
        }}
      >
        <Link
          component={RouterLink}
          to="/jobs"
          aria-label="Hirecast home"
          underline="none"
          sx={{ display: 'inline-flex' }}
        >
          <Box sx={{ display: 'inline-flex', [`@media ${NARROW_MEDIA}`]: { display: 'none' } }}>
            <Wordmark />
          </Box>
          <Box sx={{ display: 'none', [`@media ${NARROW_MEDIA}`]: { display: 'inline-flex' } }}>
            <LogoMark />
          </Box>
        </Link>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flex: 1, minWidth: 0 }}>
          <Typography variant="h5" component="h1" noWrap>
            Dev mailbox
          </Typography>
          {mailbox.isSuccess && (
            <Chip size="small" label={`${emails.length} ${emails.length === 1 ? 'email' : 'emails'}`} />
          )}
        </Box>
        <Button
          variant="outlined"
          startIcon={<RefreshIcon />}
          onClick={() => void mailbox.refetch()}
          loading={mailbox.isFetching && !mailbox.isPending}
          loadingPosition="start"
          sx={{ [`@media ${NARROW_MEDIA}`]: { display: 'none' } }}
        >
          Refresh
        </Button>
        <IconButton
          aria-label="Refresh"
          onClick={() => void mailbox.refetch()}
          sx={{ border: 1, borderColor: 'divider', [`@media ${WIDE_MEDIA}`]: { display: 'none' } }}
        >
          <RefreshIcon />
        </IconButton>
      </Box>
      <Box
        component="main"
        id="main-content"
        sx={{ px: { xs: 1.5, sm: 3 }, pb: 3, maxWidth: 1390, mx: 'auto' }}
      >
        {body}
      </Box>
    </Box>
  );
}

export { MailboxPage as Component };
