import { useMemo, type ReactNode } from 'react';
import { createTheme, ThemeProvider, type Theme } from '@mui/material/styles';
import { isCssColor } from '@hirecast/domain/css-color';

// spec 3 §2: the career page's colours come from the company's primaryColor and backgroundColor. The page keeps
// the app's theme and swaps its primary colour; a colour MUI cannot read leaves the app's own.
export function CompanyColours({ primaryColor, children }: { primaryColor: string; children: ReactNode }) {
  const make = useMemo(
    () => (outer: Theme) => {
      if (!isCssColor(primaryColor) || !/^#|^rgb|^hsl/i.test(primaryColor)) return outer;
      try {
        return createTheme(outer, {
          palette: { primary: outer.palette.augmentColor({ color: { main: primaryColor } }) },
        });
      } catch {
        return outer;
      }
    },
    [primaryColor],
  );
  return <ThemeProvider theme={make}>{children}</ThemeProvider>;
}
