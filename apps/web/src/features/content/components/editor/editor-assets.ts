// Where the browser finds the files a template plays: the soundtracks the renderer mixes in.
export const soundtrackUrl = (id: string) => `/api/video/soundtracks/${encodeURIComponent(id)}`;
