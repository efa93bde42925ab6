import Box from '@mui/material/Box';
import { ApiKeysSection } from './api-keys-section.tsx';
import { ChatSection } from './chat-section.tsx';
import { WebhooksSection } from './webhooks-section.tsx';

/** Settings › Integrations (issue 35, admins only): API keys, webhooks, and Slack / Teams channels. */
export function IntegrationsTab({ companyId }: { companyId: string }) {
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <ApiKeysSection companyId={companyId} />
      <WebhooksSection companyId={companyId} />
      <ChatSection companyId={companyId} />
    </Box>
  );
}
