import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import LanguageIcon from '@mui/icons-material/Language';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import XIcon from '@mui/icons-material/X';
import YouTubeIcon from '@mui/icons-material/YouTube';
import type { TCompanyPageCompany } from '@hirecast/domain/company-page';
import { BlockFrame, RemoveBlockButton } from './block-frame.tsx';

const ICONS: Record<string, typeof LanguageIcon> = {
  linkedin: LinkedInIcon,
  facebook: FacebookIcon,
  twitter: XIcon,
  instagram: InstagramIcon,
  youtube: YouTubeIcon,
};

const NAMES: Record<string, string> = {
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  instagram: 'Instagram',
  youtube: 'YouTube',
};

export const socialName = (type: string) => NAMES[type] ?? type.charAt(0).toUpperCase() + type.slice(1);

// spec 3 §2 card kinds: socials, from the company's links (Settings → Company).
export function SocialsCard({
  links,
  editable,
  onDelete,
}: {
  links: TCompanyPageCompany['info'];
  editable: boolean;
  onDelete?: () => void;
}) {
  return (
    <BlockFrame
      label="Socials"
      actions={editable && onDelete && <RemoveBlockButton label="Socials" onClick={onDelete} />}
    >
      <Typography variant="h4" component="h3" sx={{ mb: 1.5 }}>
        Follow us
      </Typography>
      {links.length === 0 ? (
        <Typography color="text.secondary">
          {editable ? (
            <>
              No social links yet. Add them in{' '}
              <Link component={RouterLink} to="/settings?tab=company" underline="always">
                Settings
              </Link>
              .
            </>
          ) : (
            'No social links yet.'
          )}
        </Typography>
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
          {links.map((link) => {
            const Icon = ICONS[link.type] ?? LanguageIcon;
            return (
              <Link
                key={link.type}
                href={link.value}
                target="_blank"
                rel="noopener noreferrer"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, fontWeight: 600 }}
              >
                <Icon fontSize="small" aria-hidden />
                {socialName(link.type)}
              </Link>
            );
          })}
        </Stack>
      )}
    </BlockFrame>
  );
}
