import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../platform/mount';
import { principalOf } from '../../plugins/guard';
import { passwordAllowedCheck, signInAnswer } from '../auth/sign-in.door';

/** Team members (spec section 7): list, read, invite, edit, remove, a new invitation link; and joining by one. */
export const membersRoutes: FastifyPluginAsync = async (app) => {
  const { members, invitations } = app.services;
  const signIn = signInAnswer(app);
  const passwordAllowed = passwordAllowedCheck(app);

  mount(app, endpoints.members, async (request) => members.list(principalOf(request), request.query));

  mount(app, endpoints.member, async (request) => members.get(principalOf(request), request.params.id));

  mount(app, endpoints.inviteMember, async (request) => members.invite(principalOf(request), request.body));

  mount(app, endpoints.updateMember, async (request) => members.update(principalOf(request), request.params.id, request.body));

  mount(app, endpoints.renewInvitation, async (request) => ({
    invitationLink: await members.renewInvitation(principalOf(request), request.params.id),
  }));

  mount(app, endpoints.removeMember, async (request) => {
    await members.remove(principalOf(request), request.params.id);
    return { ok: true as const };
  });

  // The joining page's calls are public: the invited person has no session yet.
  mount(app, endpoints.invitation, async (request) => invitations.lookup(request.params.token));

  mount(app, endpoints.acceptInvitation, async (request, reply) => {
    const principal = await invitations.accept(request.body, request.ip);
    // Joined now, but a domain under enforced single sign-on signs in through the IdP only.
    await passwordAllowed(principal);
    return signIn(request, reply, principal);
  });
};
