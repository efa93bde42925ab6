// spec 1 §3 enumerations and §9 constants.
export const ROLES = { viewer: 0, jobManager: 1, admin: 2 } as const;
export type TRole = (typeof ROLES)[keyof typeof ROLES];
export const ROLE_LABELS: Record<TRole, string> = { 0: 'Viewer', 1: 'Job Manager', 2: 'Admin' };

export const INDUSTRIES = [
  'Accommodation',
  'Accounting',
  'Advertising',
  'Childcare',
  'Computer Services',
  'Construction',
  'Consulting',
  'Education',
  'Entertainment',
  'Finance',
  'Food & Beverages',
  'Healthcare',
  'Manufacturing',
  'Professional Services',
  'Real Estate',
  'Restaurant',
  'Retail',
  'Security',
  'Social Care',
  'Staffing',
  'Technology',
  'Travel',
  'Utilities',
  'Other',
] as const;

export const SOCIAL_TYPES = [
  'website',
  'linkedin',
  'facebook',
  'twitter',
  'instagram',
  'youtube',
  'tiktok',
  'pinterest',
  'glassdoor',
] as const;

// spec 1 §5: sign-up without an invite code rejects these free-mail domains.
export const FREE_MAIL_PROVIDERS = [
  'gmail',
  'hotmail',
  'icloud',
  'aol',
  'outlook',
  'comcast',
  'yahoo',
  'me',
  'att',
  'protonmail',
  'bing',
] as const;

export const DIGEST_TYPES = ['instant', 'daily', 'weekly'] as const;

export const PREFERS = ['applications', 'posts'] as const;
export type TPrefers = (typeof PREFERS)[number];

export const LIMITS = {
  nameMax: 35,
  nameMin: 2,
  positionMax: 35,
  passwordMin: 6,
  emailMax: 254,
  companyNameMax: 90,
  bioMax: 256,
  contactName: 55,
  contactEmail: 50,
  contactSubject: 90,
  contactMessage: 250,
  imageMaxBytes: 10_000_000,
  logoMaxBytes: 2_000_000,
  resetTokenHours: 72,
  toastMs: 4000,
} as const;

export const DEFAULT_PRIMARY_COLOR = '#44504B';
export const DEFAULT_BACKGROUND_COLOR = '#FFFFFF';

// spec 1 §4: cookies and keys
export const COOKIE_AUTH = 'auth-token';
export const COOKIE_COMPANY = 'company-id';
export const HEADER_COMPANY = 'x-company-id';
// Decision 003: a write authenticated by the session cookie must carry this header (a form or an image on
// another site cannot set it) and a same-origin Origin. Bearer requests need neither.
export const HEADER_CSRF = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'hirecast';
