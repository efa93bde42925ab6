import useMediaQuery from '@mui/material/useMediaQuery';

// spec 2 §9: the applicant arrows switch at 600 px; the page uses the same edge for its phone layout (the
// bottom action bar, full-screen dialogs). Inclusive, like the shell's 900 px query.
export const PHONE_MEDIA = '(max-width:600px)';
export const usePhone = () => useMediaQuery(PHONE_MEDIA);
