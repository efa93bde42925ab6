import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { TMailboxEmail } from '../api/get-mailbox.ts';
import { LinkifiedText } from './linkified-text.tsx';

// One email: the HTML version in a fully sandboxed frame (no scripts, no same-origin access) and the text
// version with its links clickable.
export function EmailView({ email }: { email: TMailboxEmail }) {
  return (
    <Box component="article" aria-label={email.subject} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h3" component="h2" sx={{ fontSize: { xs: '1.25rem', sm: '1.5rem' }, mb: 1 }}>
        {email.subject}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        To <strong>{email.to}</strong> · {dayjs(email.createdAt).format('D MMM YYYY, HH:mm:ss')}
      </Typography>
      <Divider sx={{ my: 2 }} />
      {email.html ? (
        <Box
          component="iframe"
          title={`HTML version of ${email.subject}`}
          sandbox=""
          srcDoc={email.html}
          sx={{
            width: '100%',
            height: { xs: 420, md: 520 },
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            bgcolor: '#fff',
            display: 'block',
          }}
        />
      ) : (
        <Typography color="text.secondary">This email has no HTML version.</Typography>
      )}
      <Typography
        variant="overline"
        component="h3"
        color="text.secondary"
        sx={{ display: 'block', mt: 3, mb: 1 }}
      >
        Text version
      </Typography>
      <Box
        data-testid="email-text"
        sx={{
          m: 0,
          p: 2,
          bgcolor: 'background.default',
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: 13,
          lineHeight: 1.6,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        <LinkifiedText text={email.text} />
      </Box>
    </Box>
  );
}
