import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';

/** Under the applicants: "1–20 of 45" (or "of more than 200", decision 016) and the page links. */
export function ApplicantsPager(props: {
  /** The first shown applicant's position, from 1. */
  from: number;
  shown: number;
  count: number;
  countExact: boolean;
  pageSize: number;
  page: number;
  lastPage: number;
  narrow: boolean;
  onPage: (page: number) => void;
}) {
  const { from, shown, count, countExact, pageSize, page, lastPage, narrow, onPage } = props;
  return (
    <Box
      component="nav"
      aria-label="Pages"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
        gap: 1.5,
        mt: 2.5,
      }}
    >
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {from}–{from + shown - 1} of {countExact ? count : `more than ${count}`}
      </Typography>
      {count > pageSize && (
        <Pagination
          count={lastPage}
          page={Math.min(page, lastPage)}
          onChange={(_event, next) => onPage(next)}
          color="primary"
          siblingCount={narrow ? 0 : 1}
          size={narrow ? 'small' : 'medium'}
        />
      )}
    </Box>
  );
}
