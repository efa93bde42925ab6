import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAdminStatisticsAnswer,
  ZSharingQuery,
  ZSharingSettingsAnswer,
  ZSharingUserAnswer,
  ZUpdateSharingSettingsRequest,
} from '@hirecast/domain/sharing-api';
import { requireUser, resolveCompanyScope } from '../../plugins/auth.ts';
import { adminSharing, readSharingSettings, updateSharingSettings, userSharing } from './service.ts';

const signedIn = async (request: FastifyRequest) => void requireUser(request);

// spec 3 §7 Sharing and analytics; issue 16 (the company's sharing settings).
export const sharingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/sharing/user',
    {
      preValidation: signedIn,
      schema: {
        tags: ['sharing'],
        querystring: ZSharingQuery,
        response: { 200: z.object({ data: ZSharingUserAnswer }) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const scope = await resolveCompanyScope(ctx, request);
      return { data: await userSharing(ctx, { scope, userId: user.id, range: request.query }) };
    },
  );

  app.get(
    '/sharing/adminStatistics',
    {
      preValidation: signedIn,
      schema: {
        tags: ['sharing'],
        querystring: ZSharingQuery,
        response: { 200: z.object({ data: ZAdminStatisticsAnswer }) },
      },
    },
    async (request) => {
      const scope = await resolveCompanyScope(ctx, request);
      return { data: await adminSharing(ctx, { scope, range: request.query }) };
    },
  );

  app.get(
    '/sharing/settings',
    {
      preValidation: signedIn,
      schema: { tags: ['sharing'], response: { 200: z.object({ data: ZSharingSettingsAnswer }) } },
    },
    async (request) => {
      const scope = await resolveCompanyScope(ctx, request);
      return { data: await readSharingSettings(ctx, scope.companyId) };
    },
  );

  app.patch(
    '/sharing/settings',
    {
      preValidation: signedIn,
      schema: {
        tags: ['sharing'],
        body: ZUpdateSharingSettingsRequest,
        response: { 200: z.object({ data: ZSharingSettingsAnswer }) },
      },
    },
    async (request) => {
      const scope = await resolveCompanyScope(ctx, request);
      return { data: await updateSharingSettings(ctx, { scope, input: request.body }) };
    },
  );
};
