// The exact user-facing strings of the spec, once. Front end and server both import them.
export const messages = {
  // spec 1 §5 sign in / sign up
  emailRequired: 'Email cannot be empty',
  emailInvalid: 'This does not look like a valid email',
  passwordTooShort: 'Password cannot be shorter then 6 symbols',
  namesRequired: 'First name and last name are required',
  nameTooLong: 'First name and last name must be at most 35 characters',
  corporateEmailOnly: 'Only corporate email addresses are allowed.',
  forgotEmailRequired: 'The email field cannot be empty',
  // spec 1 §8
  userExists: 'Looks like user with this email already exists. Try logging in instead.',
  wrongPassword: 'Seems like this password is not correct. Try resetting if you forgot it.',
  wrongCredentials: 'Looks like this email address and / or password are incorrect.',
  forgotFailure: 'We could not send you a reset link. Are you sure that you have an account with this email?',
  forgotSuccess: 'Great! We have sent you a reset link. Please check your email.',
  resetFailure: 'We could not set a new password for your account. Please try resetting again.',
  resetSuccess: 'Great! We have set a new password for you.',
  resetNoToken: 'Something went wrong while trying to log you in.',
  companySaveFailure: 'Looks like something went wrong, please try again later',
  companyDuplicateName: 'Looks like a company with this name already exists.',
  contactFailure: 'Something went wrong. Please try again later.',
  contactSuccess: 'Your message has been sent',
  verificationSent: 'A verification link has been sent to your email',
  confirmEmailToPublish: 'Confirm your email to publish jobs',
  // spec 1 §5 company
  bioTooLong: 'Whoops - the bio should be less than 256 characters',
  locationRequired: 'Please fill the required field: Location',
  colourInvalid: 'The colour you entered is invalid.',
  linkInvalid: 'Looks like the link you entered is invalid.',
  // spec 1 §5 contact form
  contactEmailInvalid: 'Please enter a valid email address',
  // spec 1 §2 not found
  notFoundTitle: 'Page not found',
  /** A private link that worked once and has closed (410: an interview past its deadline, an expired review link). */
  goneTitle: 'This link has closed',
  notFoundText:
    'The page you are looking for might have been removed, had its name changed or is temporarily unavailable',
  // spec 3 §5 files
  imageTooLarge: 'File cannot be larger than 10 mb',
  imageWrongType: 'File type must be one of PNG, JPEG, WEBP',
  fileInvalid: 'Looks like the file specified is invalid.',
  logoTooLarge: 'File cannot be larger than 2 mb',
  // product messages where the spec gives none
  verifyTokenInvalid: 'This verification link is invalid or has expired. Please request a new one.',
  emailVerified: 'Thank you, your email address is confirmed.',
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  tooManyEmails: 'You have sent a lot of emails in a short time. Please wait a while and try again.',
  verifyEmailToSend:
    'Please confirm your email address before sending emails. Open the link we emailed you, or use Resend email at the top of the page.',
  unauthorized: 'Please sign in to continue.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'We could not find what you were looking for.',
  internal: 'Looks like something went wrong, please try again later',
  validation: 'Some fields need your attention.',
  // An X-Company-Id header that is not a company id at all (one of someone else's companies answers 404).
  companyHeaderInvalid: 'The X-Company-Id header must be a company id.',
  requestUnreadable: 'The request could not be read.',
  // A part of the address (an id) longer than the router reads (100 characters).
  addressPartTooLong: 'A part of this address is too long.',
  onlyAdmins: 'Only admins can edit these settings.',
  signatureInvalid: 'This link is invalid or has expired. Please request a new upload or download link.',
  emailAlreadyVerified: 'Your email address is already confirmed.',
  socialSignInFailed: 'We could not sign you in with Google. Please try again.',
  // Issue 27: why a Google sign-in came back without signing the person in.
  socialCancelled:
    'Google did not sign you in (the sign-in was cancelled or refused). Please try again, or use your email and password.',
  socialExpired:
    'Your Google sign-in expired or was started in another browser or tab. Please start it again here.',
  socialHasAccount: 'This address already has a Hirecast account: sign in with your password.',
  socialLinkConfirm:
    'This address already has a Hirecast account. Enter its password to link your Google account to it.',
  socialNameNeeded: 'Please tell us your first and last name.',
  // Issue 33 item 8: the owner took back through Google an account someone registered with their address.
  takenBackTitle: 'This account existed before you signed in with Google',
  takenBackCleared:
    'Google confirmed the address is yours, so the account is now yours alone: their password and sessions have ended, and the position, calendar link and photo they set were removed.',
  takenBackCompanies: 'It already belongs to these companies. Leave any you do not know:',
  takenBackNoCompanies: 'It does not belong to any company.',
  // spec 2 §4 (inviteMessages.invalid): here so the sign-in page can say it without the team module.
  inviteCodeInvalid: 'Invite code is invalid.',
  // Any input with U+0000 or half of a UTF-16 surrogate pair (see text.ts).
  textUnstorable:
    'This text contains a character we cannot store (a null character or a broken emoji). Please remove it and try again.',
  devMailboxUnavailable:
    'The dev mailbox is not available here. It opens only on the computer that runs Hirecast (http://localhost), while no SMTP server is configured, unless DEV_MAILBOX=on.',
  crossSiteRefused:
    'This request did not come from the Hirecast app, so nothing was changed. Reload the page and try again.',
} as const;

// spec 1 §5: 'Please fill the required field: {label}'
export const requiredField = (label: string) => `Please fill the required field: ${label}`;
