import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import { session } from '../../../lib/session.ts';

const PREFIX = 'token_';
// A tracking id is a short opaque value; anything else posted to the window is ignored.
const TRACKING_ID = /^[\w.-]{1,200}$/;

// spec 1 §2 /token: waits for a window message 'token_<id>' and keeps <id> as the tracking id.
export function readTrackingId(data: unknown): string | null {
  if (typeof data !== 'string' || !data.startsWith(PREFIX)) return null;
  const id = data.slice(PREFIX.length);
  return TRACKING_ID.test(id) ? id : null;
}

export function TokenPage() {
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const id = readTrackingId(event.data);
      if (!id) return;
      session.setTrackingId(id);
      setSaved(true);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  return (
    <Box component="p" role="status" sx={{ m: 1, fontSize: 12, color: 'text.secondary' }}>
      {saved ? 'Tracking token saved.' : 'Waiting for a tracking token…'}
    </Box>
  );
}

export { TokenPage as Component };
