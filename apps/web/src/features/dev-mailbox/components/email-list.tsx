import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import type { TMailboxEmail } from '../api/get-mailbox.ts';
import { useNow } from './use-now.ts';

dayjs.extend(relativeTime);

export function EmailList(props: {
  emails: TMailboxEmail[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const now = useNow();
  return (
    <List aria-label="Emails" disablePadding>
      {props.emails.map((email) => {
        const selected = email._id === props.selectedId;
        return (
          <ListItemButton
            key={email._id}
            selected={selected}
            aria-current={selected ? 'true' : undefined}
            onClick={() => props.onSelect(email._id)}
            sx={{
              display: 'block',
              px: 2,
              py: 1.5,
              borderBottom: 1,
              borderColor: 'divider',
              '&.Mui-selected': { bgcolor: 'action.selected', boxShadow: 'inset 3px 0 0 #44504B' },
            }}
          >
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                {email.to}
              </Typography>
              <Typography
                component="time"
                dateTime={email.createdAt}
                variant="caption"
                color="text.secondary"
                sx={{ flexShrink: 0 }}
                title={dayjs(email.createdAt).format('D MMM YYYY, HH:mm:ss')}
              >
                {dayjs(email.createdAt).from(now)}
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary" noWrap>
              {email.subject}
            </Typography>
          </ListItemButton>
        );
      })}
    </List>
  );
}
