/** One application of one job: what every call under /job/{jobId}/application/{applicationId} needs. */
export type TApplicationRef = { jobId: string; id: string };

export const applicationPath = ({ jobId, id }: TApplicationRef) =>
  `/job/${encodeURIComponent(jobId)}/application/${encodeURIComponent(id)}`;
