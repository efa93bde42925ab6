import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { LIBRARY_TABS, type TLibraryTab } from './library-params.ts';

// spec 3 §2: the library header has tabs Images, Videos and Animate, plus an Add or Animate button.
export function LibraryHeader(props: {
  tab: TLibraryTab;
  onTab: (tab: TLibraryTab) => void;
  search: string;
  onSearch: (value: string) => void;
  showSearch: boolean;
  action: ReactNode;
}) {
  const what = props.tab === 'images' ? 'images' : 'videos';
  return (
    <Box component="header" sx={{ mb: 3 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          alignItems: 'center',
          gridTemplateColumns: '1fr auto',
          gridTemplateAreas: '"title action" "search search"',
          '@media (min-width:901px)': {
            gridTemplateColumns: '1fr auto auto',
            gridTemplateAreas: '"title search action"',
          },
        }}
      >
        <Typography variant="h1" sx={{ gridArea: 'title', fontSize: { xs: '1.75rem', sm: '2.25rem' } }}>
          Content
        </Typography>
        {props.showSearch && (
          <TextField
            type="search"
            size="small"
            placeholder={`Search ${what}`}
            value={props.search}
            onChange={(event) => props.onSearch(event.target.value)}
            sx={{ gridArea: 'search', width: { xs: '100%', md: 280 }, bgcolor: 'background.paper' }}
            slotProps={{
              htmlInput: { 'aria-label': `Search ${what} by title` },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
        <Box sx={{ gridArea: 'action' }}>{props.action}</Box>
      </Box>
      <Tabs
        value={props.tab}
        onChange={(_e, value: TLibraryTab) => props.onTab(value)}
        aria-label="Library"
        sx={{ mt: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {LIBRARY_TABS.map((t) => (
          <Tab
            key={t.value}
            value={t.value}
            label={t.label}
            id={`library-tab-${t.value}`}
            aria-controls="library-panel"
          />
        ))}
      </Tabs>
    </Box>
  );
}
