import type { CSSProperties } from 'react';
import { isCssColor } from '@hirecast/domain/css-color';

// spec 1 §3: the company's primaryColor (default #44504B) and backgroundColor brand its job pages. They reach
// the stylesheet as custom properties; styles.css picks a readable text colour for each.
export const DEFAULT_BRAND = { primary: '#44504B', background: '#F3F4F1' } as const;

const usable = (color: string | null | undefined): color is string =>
  !!color && color.trim().toLowerCase() !== 'transparent' && isCssColor(color);

export function brandStyle(colors: { primaryColor?: string | null; backgroundColor?: string | null } = {}) {
  return {
    '--brand': usable(colors.primaryColor) ? colors.primaryColor.trim() : DEFAULT_BRAND.primary,
    '--brand-bg': usable(colors.backgroundColor) ? colors.backgroundColor.trim() : DEFAULT_BRAND.background,
  } as CSSProperties;
}
