import {
  changePasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  mobileLoginCodeSchema,
  mobileLoginExchangeBodySchema,
  registerBodySchema,
  registerResponseSchema,
  updateMeBodySchema,
  userSchema,
} from '@tradepost/shared/schemas/auth.ts';
import { messageSchema } from '@tradepost/shared/schemas/common.ts';
import { z } from 'zod';
import { bearerAuth, errorResponses } from '../../http.ts';
import type { ModuleRoutes } from '../../platform/module.ts';
import { requires } from '../../plugins/access.ts';
import * as auth from './auth.service.ts';
import { SignInLimited } from './login-limits.ts';
import { createMobileLoginCode, exchangeMobileLoginCode } from './mobile-login.ts';
import { noStore } from './no-store.ts';
import { sessionResponse } from './session-response.ts';
import { accessLists, presentUser } from './user.presenter.ts';

export const authRoutes: ModuleRoutes = async (app, { config, mailer }) => {
  const access = accessLists(config);
  const show = (user: Parameters<typeof presentUser>[0]) => presentUser(user, access);
  const limits = { perAccount: config.LOGIN_RATE_LIMIT_PER_EMAIL, perAddress: config.LOGIN_RATE_LIMIT_PER_IP };
  const tags = ['auth'];
  // Every answer here carries a token, a one-time code or the user's own details.
  app.addHook('onSend', noStore);

  app.post(
    '/auth/login/json',
    {
      config: requires('public'),
      schema: { tags, summary: 'Sign in', body: loginBodySchema, response: { 200: loginResponseSchema, ...errorResponses } },
    },
    async (request, reply) => {
      try {
        const input = { ...request.body, ip: request.ip, userAgent: request.headers['user-agent'] };
        const session = await auth.login(app.orm.em, input, limits, { mailer, log: request.log });
        return sessionResponse(app, session, access);
      } catch (error) {
        if (error instanceof SignInLimited) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    },
  );

  app.post(
    '/auth/register',
    {
      schema: {
        tags,
        summary: 'Create a business and its owner',
        body: registerBodySchema,
        response: { 201: registerResponseSchema, ...errorResponses },
      },
      config: { access: 'public', rateLimit: { max: config.REGISTER_RATE_LIMIT_PER_HOUR, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      await auth.register(app.orm.em, request.body);
      reply.code(201);
      return { message: 'Account created. Your 14-day trial has started.' };
    },
  );

  app.get(
    '/auth/me',
    { config: requires('signed-in'), schema: { tags, security: bearerAuth, response: { 200: userSchema, ...errorResponses } } },
    async (request) => show(request.auth.user),
  );

  app.put(
    '/auth/me',
    {
      config: requires('signed-in'),
      schema: { tags, security: bearerAuth, body: updateMeBodySchema, response: { 200: userSchema, ...errorResponses } },
    },
    async (request) => show(await auth.updateProfile(app.orm.em, request.auth.user, request.body)),
  );

  app.post(
    '/auth/change-password',
    {
      config: requires('signed-in'),
      schema: { tags, security: bearerAuth, body: changePasswordBodySchema, response: { 200: messageSchema, ...errorResponses } },
    },
    async (request) => {
      await auth.changePassword(app.orm.em, request.auth, request.body);
      return { message: 'Password changed. Other devices have been signed out.' };
    },
  );

  app.post(
    '/auth/me/toggle-demo-mode',
    { config: requires('signed-in'), schema: { tags, security: bearerAuth, response: { 200: userSchema, ...errorResponses } } },
    async (request) => show(await auth.toggleDemoMode(app.orm.em, request.auth.user)),
  );

  app.post(
    '/auth/logout',
    { config: requires('signed-in'), schema: { tags, security: bearerAuth, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await auth.logout(app.orm.em, request.auth.session);
      reply.code(204);
      return null;
    },
  );

  app.post(
    '/auth/mobile-login',
    {
      config: requires('signed-in'),
      schema: {
        tags,
        summary: 'A one-time code that signs a phone in',
        security: bearerAuth,
        response: { 200: mobileLoginCodeSchema, ...errorResponses },
      },
    },
    async (request) => createMobileLoginCode(app.orm.em, request.auth.user),
  );

  app.post(
    '/auth/mobile-login/exchange',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '5 minutes' } },
      schema: {
        tags,
        summary: 'Sign a phone in with a code',
        body: mobileLoginExchangeBodySchema,
        response: { 200: loginResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const session = await exchangeMobileLoginCode(app.orm.em, request.body.code, request.headers['user-agent']);
      return sessionResponse(app, session, access);
    },
  );
};
