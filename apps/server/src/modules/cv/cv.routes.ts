import { problemSchema } from '@portfolio-master/contract';
import { LOCALE_INFO, LOCALES, localizePath } from '@portfolio-master/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-error.js';
import { sendReady } from '../../lib/ready-document.js';
import { translator } from '../../lib/translators.js';
import type { ImageStore } from '../images/image-store.js';
import { sendKeptDrawing } from '../images/kept-drawings.js';
import { notFoundPage } from './cv-html.js';
import type { CvPdf, CvService } from './cv.service.js';

/** Clients may keep a CV an hour before asking again; asking again is a 304 while it is the same. */
const CACHE_CONTROL = 'public, max-age=3600';

const document = (format: string) => z.any().meta({ type: 'string', format });
const params = z.object({ username: z.string() });

const missing = () => notFound('problem.user.notFound');

/** A username as a file's name in a header: usernames the site takes are so already, older ones may not be. */
const fileName = (username: string) => username.replace(/[^A-Za-z0-9_.-]/g, '_');

/** The PDF, kept while the profile shows the same (`sendKeptDrawing`), named after its person. */
const sendPdf = (
  request: FastifyRequest,
  reply: FastifyReply,
  imageStore: ImageStore,
  find: () => Promise<CvPdf | null>,
) =>
  sendKeptDrawing(request, reply, {
    imageStore,
    find,
    missing,
    type: 'application/pdf',
    headers: (pdf) => ({
      'cache-control': CACHE_CONTROL,
      'content-disposition': `inline; filename="${fileName(pdf.username)}-cv.pdf"`,
    }),
  });

/** What these routes are handed: the app passes its services. */
export interface CvRouteDependencies {
  cv: CvService;
  imageStore: ImageStore;
}

/**
 * A profile's CV: `/profile/{username}/cv`, `cv.pdf` and `resume.json`, under each language's prefix.
 * The same for every reader: they read no session, and a hidden or blocked profile has none.
 */
export const cvRoutes: FastifyPluginAsyncZod<CvRouteDependencies> = async (app, { cv, imageStore }) => {
  for (const locale of LOCALES) {
    const { prefix, tag } = LOCALE_INFO[locale];

    app.get(
      `${prefix}/profile/:username/cv`,
      {
        schema: {
          tags: ['pages'],
          summary: `A profile as a print-ready CV (HTML, A4), in ${tag}`,
          params,
          response: { 200: document('html'), 304: z.undefined(), 404: document('html') },
        },
      },
      async (request, reply) => {
        reply.header('content-language', tag);
        const page = await cv.page(request.params.username, locale);
        if (page) return sendReady(request, reply, page, CACHE_CONTROL);
        const { t } = translator(locale);
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .send(
            notFoundPage(
              tag,
              { title: t('cv.notFound.title'), text: t('cv.notFound.text'), home: t('cv.notFound.home') },
              localizePath(locale, '/'),
            ),
          );
      },
    );

    app.get(
      `${prefix}/profile/:username/cv.pdf`,
      {
        schema: {
          tags: ['pages'],
          summary: `A profile’s CV as an A4 PDF, in ${tag}`,
          params,
          response: { 200: document('binary'), 304: z.undefined(), 404: problemSchema },
        },
      },
      async (request, reply) => {
        reply.header('content-language', tag);
        return sendPdf(request, reply, imageStore, () => cv.pdf(request.params.username, locale));
      },
    );

    app.get(
      `${prefix}/profile/:username/resume.json`,
      {
        schema: {
          tags: ['pages'],
          summary: `A profile as JSON Resume (jsonresume.org), its region named in ${tag}`,
          params,
          response: { 200: document('json'), 304: z.undefined(), 404: problemSchema },
        },
      },
      async (request, reply) => {
        reply.header('content-language', tag);
        const resume = await cv.resume(request.params.username, locale);
        if (!resume) throw missing();
        return sendReady(request, reply, resume, CACHE_CONTROL);
      },
    );
  }
};
