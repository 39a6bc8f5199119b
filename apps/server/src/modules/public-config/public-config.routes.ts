import type { FastifyPluginAsync } from 'fastify';
import { endpoints, type PublicConfig } from '@replay/contracts';
import { mount } from '../../platform/mount';
import type { AppContext } from '../../platform/context';

/**
 * Terms and privacy pages live with the documentation, so they follow
 * DOCS_URL rather than needing two more settings.
 */
export function publicConfigOf(ctx: Pick<AppContext, 'env' | 'mailer'>): PublicConfig {
  const { env } = ctx;
  const docsUrl = env.DOCS_URL.replace(/\/+$/, '');
  return {
    productName: env.PRODUCT_NAME,
    supportEmail: env.SUPPORT_EMAIL,
    docsUrl,
    communityUrl: env.COMMUNITY_URL,
    termsUrl: `${docsUrl}/terms`,
    privacyUrl: `${docsUrl}/privacy`,
    captchaSiteKey: env.captchaEnabled ? (env.CAPTCHA_SITE_KEY ?? null) : null,
    mailTransport: ctx.mailer.transport,
    payments: { provider: env.paymentProvider, stripePublishableKey: env.paymentProvider === 'stripe' ? (env.STRIPE_PUBLISHABLE_KEY ?? null) : null },
    // The project key only lets a page send recordings: every recorded page carries it.
    sessionRecorder: env.sessionRecorder && { instanceUrl: env.sessionRecorder.instanceUrl, projectKey: env.sessionRecorder.projectKey },
  };
}

export const publicConfigRoutes: FastifyPluginAsync = async (app) => {
  const config = publicConfigOf(app.ctx);
  mount(app, endpoints.publicConfig, async () => config);
};
