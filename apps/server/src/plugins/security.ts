import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { TConfig } from '../config.ts';

// A strict Content-Security-Policy: our own scripts only. Styles allow inline because MUI's emotion
// injects <style> tags at run time. The storage origin is allowed for images and uploads (S3). The public
// site's data blocks (JSON-LD, the page data) are not executed, so script-src needs nothing for them.
// Camera and microphone: only our own pages (the video recorders of the employer app and the apply flow).
export const PERMISSIONS_POLICY = 'camera=(self), microphone=(self), geolocation=()';

export async function registerSecurity(app: FastifyInstance, config: TConfig) {
  const storageOrigin =
    config.storage.driver === 's3' && config.storage.s3.endpoint
      ? [new URL(config.storage.s3.endpoint).origin]
      : config.storage.driver === 's3'
        ? ['https://*.amazonaws.com']
        : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...storageOrigin],
        mediaSrc: ["'self'", 'blob:', ...storageOrigin],
        connectSrc: ["'self'", ...storageOrigin],
        fontSrc: ["'self'", 'data:'],
        // Job videos pasted as links play in these players (youtube-nocookie: YouTube's privacy-enhanced mode).
        // Our own origin (and the storage's) too: the applicant page shows the candidate's PDF CV in the page.
        frameSrc: [
          "'self'",
          ...storageOrigin,
          'https://www.youtube.com',
          'https://www.youtube-nocookie.com',
          'https://player.vimeo.com',
        ],
        objectSrc: ["'self'", ...storageOrigin],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Framed only by our own pages (the CV viewer); never by another site.
        frameAncestors: ["'self'"],
        ...(config.isProduction && config.publicUrl.startsWith('https:')
          ? { upgradeInsecureRequests: [] }
          : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https:'),
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
