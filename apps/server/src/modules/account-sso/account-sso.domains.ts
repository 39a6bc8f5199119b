import { randomInt } from 'node:crypto';
import { ACCOUNT_SSO_MESSAGES, PUBLIC_MAIL_DOMAINS, SSO_DOMAIN_CODE_TTL_MS, SSO_LIMITS, emailDomainOf, routes, type SsoDomain } from '@replay/contracts';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { hashToken, newId } from '../../lib/ids';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Principal } from '../../lib/principal';
import { RATE_RULES, rateKeys, rateLimiter } from '../../lib/rate-limit';
import type { Mailer } from '../../mail/mailer';
import { ssoDomainsRepo } from './account-sso.domains-repo';
import { assertOwner } from './account-sso.service';
import { domainView } from './account-sso.view';
import { domainCodeMail } from './account-sso.mail';
import { accountNameOf } from '../account/account.facts';
import type { Clock } from '../../lib/time';

export interface SsoDomainDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  productName: string;
}

/** Eight digits, from the system's CSPRNG: typed by a person, guessed by nobody within the tries allowed. */
const newCode = (): string => String(randomInt(0, 100_000_000)).padStart(8, '0');

/**
 * Claimed domains (owner only). DNS cannot be reached from every console, so the proof is a
 * code mailed to an address at the domain (the owner names it: postmaster@, it@…): whoever
 * reads that mailbox vouches for the claim. The code's hash is kept, never the code; it lives
 * a day; only one account may hold a domain verified (a unique index decides a race).
 * docs/SECURITY.md describes the DNS TXT proof a deployment that reaches DNS can use instead.
 */
export function createSsoDomainService(deps: SsoDomainDeps) {
  const repo = ssoDomainsRepo(deps.db);
  const limits = rateLimiter(deps);

  return {
    async claim(p: Principal, email: string): Promise<SsoDomain> {
      assertOwner(p);
      const domain = emailDomainOf(email);
      if (PUBLIC_MAIL_DOMAINS.has(domain)) throw badRequest(ACCOUNT_SSO_MESSAGES.publicDomain);
      if (await repo.verifiedElsewhere(p.tenantId, domain)) throw conflict(ACCOUNT_SSO_MESSAGES.domainTaken);
      const mine = (await repo.domains(p.tenantId)).find((d) => d.domain === domain);
      if (mine?.verifiedAt) throw conflict(ACCOUNT_SSO_MESSAGES.domainClaimed);
      if (!mine && (await repo.countDomains(p.tenantId)) >= SSO_LIMITS.domains) throw conflict(ACCOUNT_SSO_MESSAGES.tooManyDomains);
      await limits.hit([{ key: rateKeys.ssoDomainMails(p.tenantId), rule: RATE_RULES.ssoDomainMails }], ACCOUNT_SSO_MESSAGES.tooManyRequests);
      const code = newCode();
      const now = deps.clock.now();
      const link = `${deps.publicUrl.replace(/\/+$/, '')}${routes.client('sso')}`;
      const accountName = await accountNameOf(deps.db, p.tenantId);
      // The claim and its mail commit together; the mail leaves after the commit.
      const row = await deps.db.transaction(async (tx) => {
        const saved = await ssoDomainsRepo(tx).claim({
          id: newId(),
          tenantId: p.tenantId,
          domain,
          email,
          codeHash: hashToken(code),
          codeExpiresAt: new Date(now.getTime() + SSO_DOMAIN_CODE_TTL_MS),
          createdAt: now,
        });
        await deps.mailer.queue(tx, domainCodeMail({ to: email, domain, accountName, productName: deps.productName, code, validHours: SSO_DOMAIN_CODE_TTL_MS / 3_600_000, link }));
        return saved;
      });
      return domainView(row);
    },

    async verify(p: Principal, id: string, code: string): Promise<SsoDomain> {
      assertOwner(p);
      const claim = await repo.domain(p.tenantId, id);
      if (!claim) throw notFound(ACCOUNT_SSO_MESSAGES.notFound);
      if (claim.verifiedAt) return domainView(claim);
      await limits.hit([{ key: rateKeys.ssoDomainCodeTries(p.tenantId), rule: RATE_RULES.ssoDomainCodeTries }], ACCOUNT_SSO_MESSAGES.tooManyRequests);
      try {
        const verified = await repo.verify(p.tenantId, id, hashToken(code.trim()), deps.clock.now());
        if (!verified) throw badRequest(ACCOUNT_SSO_MESSAGES.codeInvalid);
        return domainView(verified);
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict(ACCOUNT_SSO_MESSAGES.domainTaken);
        throw e;
      }
    },

    async remove(p: Principal, id: string): Promise<{ ok: true }> {
      assertOwner(p);
      if (!(await repo.removeDomain(p.tenantId, id))) throw notFound(ACCOUNT_SSO_MESSAGES.notFound);
      return { ok: true };
    },
  };
}

export type SsoDomainService = ReturnType<typeof createSsoDomainService>;
