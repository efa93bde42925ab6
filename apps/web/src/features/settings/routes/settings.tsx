import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { TCompany } from '@hirecast/domain/company';
import { ROLES, type TRole } from '@hirecast/domain/constants';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMe } from '../../../lib/me.ts';
import { useSettingsCompany } from '../api/get-settings-company.ts';
import { AgencyTab } from '../components/agency-tab.tsx';
import { CompanyTab } from '../components/company-tab.tsx';
import { IntegrationsTab } from '../components/integrations-tab.tsx';
import { PersonalTab } from '../components/personal-tab.tsx';
import { PrivacyTab } from '../components/privacy-tab.tsx';
import { resolveTab, TAB_LABELS, visibleTabs, type TSettingsTab } from '../components/settings-tabs.ts';
import { TeamTab } from '../components/team-tab.tsx';
import { TextsTab } from '../components/texts-tab.tsx';

// /settings (spec 2 §2 Settings page; spec 1 §2): the tab is the `tab` query value; `focus=calendarLink`
// focuses that personal field. Admin areas are read-only for everyone else (spec 2 §6).
export function Component() {
  const [params, setParams] = useSearchParams();
  const { data: me } = useMe();
  const company = useSettingsCompany(me?._company ?? null);

  // The private guard renders this page only once `me` is there.
  if (!me) return <PageLoader label="Loading your settings" />;

  const role = (me.role ?? ROLES.viewer) as TRole;
  const canEdit = role === ROLES.admin;
  const tabs = visibleTabs({
    selfInvited: me.selfInvited,
    isAgency: company.data?.isAgency ?? false,
    isAdmin: canEdit,
  });
  const tab = resolveTab({ tab: params.get('tab'), focus: params.get('focus'), tabs });
  const companyId = me._company ?? '';

  const withCompany = (render: (c: TCompany) => ReactNode) =>
    company.data ? (
      render(company.data)
    ) : company.isError ? (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void company.refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(company.error)}
      </Alert>
    ) : (
      <PageLoader label="Loading the company" />
    );

  const panels: Record<TSettingsTab, () => ReactNode> = {
    company: () => withCompany((c) => <CompanyTab company={c} canEdit={canEdit} />),
    personal: () => <PersonalTab me={me} focus={params.get('focus')} />,
    team: () => <TeamTab companyId={companyId} role={role} myEmail={me.email} />,
    texts: () => withCompany((c) => <TextsTab company={c} me={me} canEdit={canEdit} />),
    agency: () => withCompany((c) => <AgencyTab company={c} canEdit={canEdit} />),
    privacy: () => <PrivacyTab companyId={companyId} />,
    integrations: () => <IntegrationsTab companyId={companyId} />,
  };

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', pb: 6 }}>
      <title>{`${TAB_LABELS[tab]} settings · Hirecast`}</title>
      <Typography
        component="h1"
        variant="h4"
        sx={{ fontWeight: 700, mb: 2, fontSize: { xs: '1.6rem', sm: '2rem' } }}
      >
        Settings
      </Typography>
      {tabs.length > 1 && (
        <Tabs
          value={tab}
          onChange={(_, next: TSettingsTab) => setParams({ tab: next }, { replace: true })}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Settings sections"
          sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
        >
          {tabs.map((t) => (
            <Tab
              key={t}
              value={t}
              label={TAB_LABELS[t]}
              id={`settings-tab-${t}`}
              aria-controls={`settings-panel-${t}`}
            />
          ))}
        </Tabs>
      )}
      <Box
        role="tabpanel"
        id={`settings-panel-${tab}`}
        aria-labelledby={tabs.length > 1 ? `settings-tab-${tab}` : undefined}
        aria-label={tabs.length > 1 ? undefined : TAB_LABELS[tab]}
      >
        {panels[tab]()}
      </Box>
    </Box>
  );
}
