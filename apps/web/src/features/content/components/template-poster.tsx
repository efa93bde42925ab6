import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import type { TTemplateData } from '@hirecast/domain/video-template';
import { drawTemplateFrame, type TTemplateCanvas } from '@hirecast/domain/video-template-draw';
import { normalizeTemplateData } from '@hirecast/domain/video-template-rules';
import { buildTemplateTimeline } from '@hirecast/domain/video-template-timeline';
import { loadTemplateFont } from './editor/template-fonts.ts';

/** When the poster is taken: the opening card once its text has settled. */
const POSTER_MS = 1500;

// A card's picture before the template has a thumbnail (a draft): its opening card, drawn by the same function
// as the preview and the MP4, so the card looks like the video will.
export function TemplatePoster({ data }: { data: TTemplateData }) {
  const ref = useRef<HTMLCanvasElement | null>(null);
  useEffect(() => {
    let live = true;
    const draw = () => {
      const canvas = ref.current;
      const ctx = canvas?.getContext('2d');
      if (!live || !canvas || !ctx) return;
      try {
        const template = normalizeTemplateData(data);
        const timeline = buildTemplateTimeline(template.type, template);
        drawTemplateFrame(ctx as unknown as TTemplateCanvas<CanvasImageSource>, {
          timeline,
          data: template,
          tMs: POSTER_MS,
          width: canvas.width,
          height: canvas.height,
          clip: () => null,
          logo: null,
        });
      } catch {
        // A template the drawing cannot read keeps the plain placeholder.
      }
    };
    loadTemplateFont(data.fontFamily).then(draw, draw);
    return () => {
      live = false;
    };
  }, [data]);
  const portrait = data.type === 'portrait';
  return (
    <Box
      component="canvas"
      ref={ref}
      width={portrait ? 180 : 320}
      height={portrait ? 320 : 180}
      aria-hidden="true"
      sx={{ display: 'block', height: '100%', mx: 'auto', aspectRatio: portrait ? '9 / 16' : '16 / 9' }}
    />
  );
}
