import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Code } from '@livesports/contracts/envelope';
import { type Lang, isMessageKey, pickLang, translate } from '@livesports/contracts/messages';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's interface language: `lang` header, then `lang` cookie, then Accept-Language. */
    lang: Lang;
    /** A JSON body's raw text (read calls reuse the parsed input of one they saw: read-input-memo.ts). */
    rawJson: string | null;
  }
}

/** Validation issues as fastify-type-provider-zod hands them over. */
interface ValidationIssue {
  message?: string;
  /** The zod issue's other fields; a refinement's own `params` fill the message's {{…}}. */
  params?: { params?: Record<string, string | number> };
}

export function localize(req: FastifyRequest, key: string, params?: Record<string, string | number>): string {
  return translate(req.lang, key, params);
}

export function sendError(reply: FastifyReply, status: number, code: number, msg: string) {
  return reply.status(status).header('cache-control', 'no-store').send({ code, msg, data: null });
}

/**
 * Envelope and errors: every api/ answer is { code, msg, data }; every failure is localized.
 * Wrapped with fastify-plugin so the handler and compilers reach every module.
 */
export const envelopePlugin = fp(
  async (app) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorateRequest('lang', 'en');
    app.decorateRequest('rawJson', null);
    app.addHook('onRequest', async (req) => {
      const cookies = (req as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies;
      req.lang = pickLang(req.headers['lang'] as string | undefined, cookies?.lang, req.headers['accept-language']);
    });

    // A call with no parameters may be POSTed with no body even when the client says it is JSON
    // (many HTTP clients set the header anyway): an empty body is {}. Anything else goes to
    // Fastify's own JSON parser (prototype poisoning refused).
    const json = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      req.rawJson = body as string;
      if (typeof body === 'string' && body.trim() === '') return done(null, {});
      json(req, body as string, done);
    });

    app.setErrorHandler((err: FastifyError & { validation?: ValidationIssue[] }, req, reply) => {
      if (err instanceof AppError) return sendError(reply, err.status, err.code, localize(req, err.key, err.params));
      if (err.validation) {
        // The first failing field decides, as a form would show it; our schemas carry catalogue keys.
        const first = err.validation.find((i) => i.message && isMessageKey(i.message));
        const params = first?.params?.params as Record<string, string | number> | undefined;
        return sendError(reply, 400, Code.ERROR, localize(req, first?.message ?? 'common.input_error', params));
      }
      if (err.statusCode === 429) return sendError(reply, 429, Code.ERROR, localize(req, 'common.too_many'));
      if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
        // Malformed JSON, body too large and the like: the client's fault, say so plainly.
        return sendError(reply, err.statusCode, Code.ERROR, localize(req, 'common.input_error'));
      }
      req.log.error({ err }, 'unhandled error');
      return sendError(reply, 500, Code.ERROR, localize(req, 'common.server_error'));
    });
  },
  { name: 'envelope', fastify: '5.x' },
);
