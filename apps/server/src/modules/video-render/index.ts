// The published face of the video-render module: what other modules and the composition root may use (docs/layers.md).
export { renderTemplate, TemplateRenderError } from './render-template.ts';
export { renderTemplateIsolated } from './render-isolated.ts';
export { soundtrackFile } from './soundtracks.ts';
