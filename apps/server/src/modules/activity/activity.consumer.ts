import { DISK_MESSAGES, INSTANCE_MESSAGES, SIZES, SWITCH_MESSAGES, type DomainEventType } from '@replay/contracts';
import { eventConsumer, type DeliveredEvent } from '../../events/consumer';
import { recordActivity } from './activity.recorder';

/** What the activity log shows; account events (sign-up, renames, passwords) have never been lines of it. */
const LOGGED = [
  'instance.created',
  'instance.initializing',
  'instance.running',
  'instance.starting',
  'instance.started',
  'instance.stopping',
  'instance.stopped',
  'instance.terminating',
  'instance.terminated',
  'instance.failed',
  'instance.renamed',
  'instance.protection',
  'instance.disk_upgrading',
  'instance.disk_upgraded',
  'instance.disk_upgrade_failed',
  'instance.cleanup_requested',
  'instance.switching',
  'instance.switched',
  'instance.switch_failed',
  'instance.cleaned_up',
  'instance.cleanup_failed',
  'instance.version_upgrading',
  'instance.version_upgraded',
  'instance.version_upgrade_failed',
  'instance.version_rolled_back',
  'instance.healthy',
  'instance.unhealthy',
  'member.invited',
  'member.updated',
  'member.removed',
  'member.invitation_renewed',
  'member.joined',
  'role.created',
  'role.updated',
  'role.deleted',
  'project.created',
  'project.renamed',
  'project.deleted',
] as const satisfies readonly DomainEventType[];
type Logged = DeliveredEvent<(typeof LOGGED)[number]>;

const label = (m: { name: string; email: string }) => `${m.name} (${m.email})`;

type VersionEvent = Extract<Logged, { type: `instance.version_${string}` }>;

function versionMessage(e: VersionEvent): string {
  switch (e.type) {
    case 'instance.version_upgrading':
      return `Upgrade of instance ${e.instance.name} from ${e.fromVersion} to ${e.toVersion} requested`;
    case 'instance.version_upgraded':
      return `Instance ${e.instance.name} upgraded from ${e.fromVersion} to ${e.toVersion}`;
    case 'instance.version_upgrade_failed':
      return `Upgrade of instance ${e.instance.name} to ${e.toVersion} failed: ${e.reason}`;
    case 'instance.version_rolled_back':
      return `Instance ${e.instance.name} rolled back to ${e.version} with its data, after version ${e.failedVersion} failed`;
  }
}

/** The Event column's text of each event: the words the activity log has always used. */
export function activityMessage(e: Logged): string {
  switch (e.type) {
    case 'instance.created':
      return `Instance ${e.instance.name} created`;
    case 'instance.initializing':
      return `Instance ${e.instance.name} is being provisioned`;
    case 'instance.running':
      return `Instance ${e.instance.name} is running`;
    case 'instance.starting':
    case 'instance.stopping':
    case 'instance.terminating':
    case 'instance.started':
    case 'instance.stopped':
    case 'instance.terminated':
      return `Instance ${e.instance.name} ${e.type.slice('instance.'.length)}`;
    case 'instance.failed':
      return `${INSTANCE_MESSAGES.actionFailed(e.verb)} ${e.instance.name}`;
    case 'instance.renamed':
      return `Instance ${e.previousName} renamed to ${e.instance.name}`;
    case 'instance.protection':
      return `Termination protection turned ${e.protected ? 'on' : 'off'} for instance ${e.instance.name}`;
    case 'instance.disk_upgrading':
      return `Disk increase of instance ${e.instance.name} from ${e.fromGb} GB to ${e.toGb} GB requested`;
    case 'instance.disk_upgraded':
      return `Disk of instance ${e.instance.name} increased from ${e.fromGb} GB to ${e.instance.diskGb} GB`;
    case 'instance.disk_upgrade_failed':
      return `${DISK_MESSAGES.increaseFailed} of instance ${e.instance.name} to ${e.toGb} GB`;
    case 'instance.cleanup_requested':
      return `Disk cleanup of instance ${e.instance.name} requested: recordings older than ${e.days} days`;
    case 'instance.switching':
      return `Switch of instance ${e.instance.name} from ${SIZES[e.fromSize].label} to ${SIZES[e.toSize].label} requested`;
    case 'instance.switched':
      return `Instance ${e.instance.name} switched from ${SIZES[e.fromSize].label} to ${SIZES[e.instance.size].label}`;
    case 'instance.switch_failed':
      return `${SWITCH_MESSAGES.failed} ${e.instance.name}: it stays ${SIZES[e.instance.size].label} (switch to ${SIZES[e.toSize].label} failed)`;
    case 'instance.cleaned_up':
      return `Disk cleanup of instance ${e.instance.name}: recordings older than ${e.days} days removed`;
    case 'instance.cleanup_failed':
      return `Disk cleanup of instance ${e.instance.name} failed: ${e.reason}`;
    case 'instance.version_upgrading':
    case 'instance.version_upgraded':
    case 'instance.version_upgrade_failed':
    case 'instance.version_rolled_back':
      return versionMessage(e);
    case 'instance.healthy':
      return `Instance ${e.instance.name} is healthy again`;
    case 'instance.unhealthy':
      return `Instance ${e.instance.name} is not answering its health check`;
    case 'member.invited':
      return `Invited ${label(e.member)} as ${e.role.name}`;
    case 'member.updated':
      return e.role ? `Changed the role of ${label(e.member)} to ${e.role.name}` : `Updated ${label(e.member)}`;
    case 'member.removed':
      return `Removed member ${label(e.member)}`;
    case 'member.invitation_renewed':
      return `Generated a new invitation link for ${label(e.member)}`;
    case 'member.joined':
      return `${label(e.member)} joined the team`;
    case 'role.created':
      return `Created role ${e.role.name}`;
    case 'role.updated':
      return `Updated role ${e.role.name}${e.previousName === e.role.name ? '' : ` (was ${e.previousName})`}`;
    case 'role.deleted':
      return `Deleted role ${e.role.name}`;
    case 'project.created':
      return `Created project ${e.project.name} on instance ${e.project.instanceName}`;
    case 'project.renamed':
      return `Renamed project ${e.previousName} of instance ${e.project.instanceName} to ${e.project.name}`;
    case 'project.deleted':
      return `Deleted project ${e.project.name} of instance ${e.project.instanceName}`;
  }
}

/**
 * The console activity log, written from the events in the change's own
 * transaction: the Activity screen shows a member's action as soon as the
 * call that made it answers, on every console process, and never shows a
 * change that rolled back. The row's id is the event's.
 */
export const activityLogConsumer = eventConsumer({
  name: 'activity-log',
  delivery: 'in-transaction',
  types: LOGGED,
  async handle(tx, e) {
    await recordActivity(tx, {
      id: e.id,
      tenantId: e.tenantId,
      action: e.type,
      message: activityMessage(e),
      // A project's line belongs to its instance, so a role limited to some instances sees only theirs.
      instance: 'instance' in e ? { id: e.instance.id, name: e.instance.name } : 'project' in e ? { id: e.project.instanceId, name: e.project.instanceName } : null,
      actor: e.actor,
      at: new Date(e.at),
    });
  },
});
