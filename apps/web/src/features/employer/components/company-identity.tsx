import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LanguageIcon from '@mui/icons-material/Language';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import type { TCompanyPageCompany } from '@hirecast/domain/company-page';
import { locationText, mapsSearchUrl, websiteOf } from './company-links.ts';

// spec 3 §2: the company logo box, the name heading, industry, location as a link to a maps search and a Visit
// website link.
export function CompanyIdentity({ company }: { company: TCompanyPageCompany }) {
  const website = websiteOf(company);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: { xs: 'flex-start', sm: 'flex-end' }, minWidth: 0 }}>
      <Avatar
        variant="rounded"
        src={company.logo ?? undefined}
        alt={`${company.name} logo`}
        sx={{
          width: { xs: 72, sm: 104 },
          height: { xs: 72, sm: 104 },
          mt: { xs: -5, sm: -7 },
          border: '4px solid',
          borderColor: 'background.paper',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          fontSize: { xs: '1.75rem', sm: '2.5rem' },
          fontWeight: 700,
          boxShadow: '0 2px 8px rgba(30, 37, 34, 0.15)',
          flexShrink: 0,
          '& img': { objectFit: 'contain', bgcolor: 'background.paper' },
        }}
      >
        {company.name.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0, pt: { xs: 0.5, sm: 0 } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, overflowWrap: 'anywhere' }}>
          {company.name}
        </Typography>
        <Stack
          direction="row"
          sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, alignItems: 'center', color: 'text.secondary' }}
        >
          <Typography component="span">{company.industry}</Typography>
          {locationText(company.location) && (
            <Link
              href={mapsSearchUrl(company.location)}
              target="_blank"
              rel="noopener noreferrer"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
            >
              <PlaceOutlined fontSize="small" aria-hidden />
              {locationText(company.location)}
            </Link>
          )}
          {website && (
            <Link
              href={website}
              target="_blank"
              rel="noopener noreferrer"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
            >
              <LanguageIcon fontSize="small" aria-hidden />
              Visit website
            </Link>
          )}
        </Stack>
      </Box>
    </Stack>
  );
}
