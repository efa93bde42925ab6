import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { TApplicant } from '@hirecast/domain/application';
import { describePeriod } from '@hirecast/domain/applicant-format';

type TProfile = TApplicant['_profile'];
type TItem = {
  key: string;
  heading: string;
  place: string;
  location?: string;
  startDate: string;
  endDate: string;
  info?: string;
};

// spec 2 §3: a location may be a place, or 'remote'.
const locationLabel = (location: string | undefined) =>
  location?.trim().toLowerCase() === 'remote' ? 'Remote' : location?.trim();

function Period({ startDate, endDate }: { startDate: string; endDate: string }) {
  const period = describePeriod({ startDate, endDate });
  return (
    <Typography variant="body2" color="text.secondary">
      {period.start}
      {period.end && ` – ${period.end}`}
      {period.duration && ` · ${period.duration}`}
    </Typography>
  );
}

function CareerItem({ item }: { item: TItem }) {
  const location = locationLabel(item.location);
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Typography sx={{ fontWeight: 600 }}>{item.heading}</Typography>
      <Typography variant="body2">
        {item.place}
        {location && ` · ${location}`}
      </Typography>
      <Period startDate={item.startDate} endDate={item.endDate} />
      {item.info && (
        <Typography variant="body2" sx={{ mt: 0.75, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {item.info}
        </Typography>
      )}
    </Box>
  );
}

function CareerAccordion({
  id,
  title,
  items,
  empty,
}: {
  id: string;
  title: string;
  items: TItem[];
  empty: string;
}) {
  return (
    <Accordion
      defaultExpanded
      disableGutters
      variant="outlined"
      sx={{ borderRadius: 2, '&::before': { display: 'none' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-content`} id={`${id}-header`}>
        <Typography variant="h5" component="h2">
          {title}
          <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
            {items.length}
          </Typography>
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        {items.length === 0 ? (
          <Typography color="text.secondary">{empty}</Typography>
        ) : (
          <Stack component="ul" spacing={2.5} sx={{ m: 0, p: 0 }}>
            {items.map((item) => (
              <CareerItem key={item.key} item={item} />
            ))}
          </Stack>
        )}
      </AccordionDetails>
    </Accordion>
  );
}

/** spec 2 §2: experience and education accordions, dates as MMM YYYY with a duration in years and months. */
export function CareerAccordions({ profile }: { profile: TProfile }) {
  const experience: TItem[] = profile.experience.map((e, i) => ({
    key: `e${i}`,
    heading: e.title,
    place: e.employer,
    location: e.location,
    startDate: e.startDate,
    endDate: e.endDate,
    info: e.info,
  }));
  const education: TItem[] = profile.education.map((e, i) => ({
    key: `d${i}`,
    heading: e.degree ? `${e.degree}, ${e.field}` : e.field,
    place: e.school,
    startDate: e.startDate,
    endDate: e.endDate,
    info: e.info,
  }));
  return (
    <Stack spacing={2}>
      <CareerAccordion id="experience" title="Experience" items={experience} empty="No experience added." />
      <CareerAccordion id="education" title="Education" items={education} empty="No education added." />
    </Stack>
  );
}
