// spec 1 §9: 900 px and under is the narrow (mobile) layout, 600 px is a phone, pages are at most 1390 wide.
// MUI's `down('md')` stops at 899.95 px, so the shell uses these inclusive queries where the edge matters.
export const NARROW_MEDIA = '(max-width:900px)';
export const WIDE_MEDIA = '(min-width:901px)';
export const MAX_PAGE_WIDTH = 1390;
