import { useState } from 'react';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AddIcon from '@mui/icons-material/Add';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import FormatQuoteOutlined from '@mui/icons-material/FormatQuoteOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import PeopleOutline from '@mui/icons-material/PeopleOutlineOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import StarOutline from '@mui/icons-material/StarOutlineOutlined';
import SubjectOutlined from '@mui/icons-material/SubjectOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import WorkOutline from '@mui/icons-material/WorkOutlineOutlined';
import type { TDynamicBlockType } from '@hirecast/domain/company-page-rules';

export type TAddChoice =
  | 'TEXT_AREA'
  | 'QUOTE'
  | 'IMAGE_ASSET'
  | 'VIDEO_ASSET'
  | 'PROMO_ASSET'
  | 'TESTIMONIAL_CARD'
  | TDynamicBlockType;

const CHOICES: { value: TAddChoice; label: string; icon: typeof AddIcon }[] = [
  { value: 'TEXT_AREA', label: 'Text card', icon: SubjectOutlined },
  { value: 'QUOTE', label: 'Quote', icon: FormatQuoteOutlined },
  { value: 'IMAGE_ASSET', label: 'Image', icon: ImageOutlined },
  { value: 'VIDEO_ASSET', label: 'Video', icon: VideocamOutlined },
  { value: 'PROMO_ASSET', label: 'Promo image or video', icon: StarOutline },
  { value: 'TESTIMONIAL_CARD', label: 'Employee story', icon: PeopleOutline },
  { value: 'STATISTIC', label: 'Statistics', icon: BarChartOutlined },
  { value: 'SOCIALS', label: 'Socials', icon: ShareOutlined },
  { value: 'LATEST_JOBS', label: 'Latest jobs', icon: WorkOutline },
];

// The card kinds of spec 3 §2 an admin can add to a tab. Statistics, socials and latest jobs show the company's
// own data, so each appears once per tab.
export function AddBlockMenu({
  onChoose,
  present,
  disabled,
}: {
  onChoose: (choice: TAddChoice) => void;
  present: ReadonlySet<TAddChoice>;
  disabled?: boolean;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<AddIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={disabled}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
      >
        Add content
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {CHOICES.map(({ value, label, icon: Icon }) => (
          <MenuItem
            key={value}
            disabled={
              present.has(value) && (value === 'STATISTIC' || value === 'SOCIALS' || value === 'LATEST_JOBS')
            }
            onClick={() => {
              setAnchor(null);
              onChoose(value);
            }}
          >
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
