import { COMING_SOON_AREAS, ComingSoonPage } from '../../../components/coming-soon-page.tsx';

export function Component() {
  return <ComingSoonPage area={COMING_SOON_AREAS.onboarding} />;
}
