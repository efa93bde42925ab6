/** Where the team opens the application in the employer app. */
export const applicationViewLink = (publicUrl: string, jobId: string, applicationId: string) =>
  `${publicUrl}/applications/${jobId}/${applicationId}/view`;
