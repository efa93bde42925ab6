import { renderEmail } from '../../lib/email-layout.ts';

// spec 1 §5 Team invite email. renderEmail escapes every value, including the names people typed.
export function invitationEmail(input: {
  inviterName: string;
  companyName: string;
  jobTitle: string;
  url: string;
  isNewToCompany: boolean;
}) {
  const subject = input.isNewToCompany
    ? `You are invited to join ${input.companyName} on Hirecast`
    : `You have been added to the ${input.jobTitle} team`;
  const paragraphs = input.isNewToCompany
    ? [
        `${input.inviterName} invited you to join ${input.companyName} on Hirecast and to help hire for the ${input.jobTitle} role.`,
        'Accept the invitation to create your account and see the applicants. The link is valid for 7 days.',
      ]
    : [
        `${input.inviterName} added you to the hiring team of the ${input.jobTitle} role at ${input.companyName}.`,
        'Open the job to see its applicants and settings.',
      ];
  const { text, html } = renderEmail({
    heading: input.isNewToCompany ? `Join ${input.companyName}` : `${input.jobTitle}: you are on the team`,
    paragraphs,
    action: { label: input.isNewToCompany ? 'Accept invitation' : 'Open the job', url: input.url },
  });
  return { subject, text, html };
}

// spec 2 §5 Team invite email, from the company team (settings): no job, the role the person will have.
export function companyInvitationEmail(input: {
  inviterName: string;
  companyName: string;
  roleLabel: string;
  url: string;
}) {
  const subject = `You are invited to join ${input.companyName} on Hirecast`;
  const { text, html } = renderEmail({
    heading: `Join ${input.companyName}`,
    paragraphs: [
      `${input.inviterName} invited you to join ${input.companyName} on Hirecast as ${input.roleLabel}.`,
      'Accept the invitation to create your account, or sign in if you already have one. The link is valid for 7 days.',
    ],
    action: { label: 'Accept invitation', url: input.url },
  });
  return { subject, text, html };
}
