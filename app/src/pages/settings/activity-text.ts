import type { AuditEvent } from '#contract/audit-log.ts';
import { formatQuantity } from '#kit/format/format.ts';

type Detail = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const count = (value: unknown) => (typeof value === 'number' ? value : 0);

const writeBackModes: Record<string, string> = {
  all: 'every translation',
  verified_only: 'verified translations only',
};

/** What each kind of event says; `who` is the member it is about. */
const sentences: Record<string, (detail: Detail, who: string) => string> = {
  'space.connected': () => 'Connected the space',
  'language.added': (d) => `Added the language ${text(d.name)} (${text(d.code)})`,
  'language.edited': (d) => `Changed the language ${text(d.from)} to ${text(d.name)} (${text(d.code)})`,
  'language.deleted': (d) => `Removed the language ${text(d.code)}`,
  'language.datasource_dimension': (d) =>
    `Took ${text(d.code)}’s datasource entries from the dimension ${text(d.to)} instead of ${text(d.from)}`,
  'member.invited': (d, who) => `Invited ${who} as ${text(d.role)}`,
  'member.joined': (_, who) => `${who} joined`,
  'member.declined': (_, who) => `${who} declined the invitation`,
  'member.requested': (_, who) => `${who} asked to join`,
  'member.approved': (d, who) => `Let ${who} in as ${text(d.role)}`,
  'member.role_changed': (d, who) => `Changed ${who}’s role from ${text(d.from)} to ${text(d.to)}`,
  'member.revoked': (_, who) => `Removed ${who}`,
  'member.invitation_revoked': (_, who) => `Withdrew ${who}’s invitation`,
  'member.request_rejected': (_, who) => `Turned down ${who}’s request to join`,
  'token.replaced': () => 'Replaced the Storyblok token',
  'token.refused': () => 'Storyblok refused the space’s token',
  'settings.write_back_mode': (d) =>
    `Changed what is written to Storyblok to ${writeBackModes[text(d.to)] ?? text(d.to)}`,
  'settings.storyblok_requests_per_second': (d) =>
    d.to === null
      ? 'Removed the limit on requests to Storyblok'
      : `Limited requests to Storyblok to ${text(d.to)} a second`,
  'settings.auto_verify_min_score': (d) =>
    d.to === null
      ? 'Turned off verifying AI translations automatically'
      : `Set AI translations scoring ${text(d.to)} or more to be verified automatically`,
  'settings.style_guide': (d) => `Changed the style guide of ${text(d.code)}`,
  'settings.publish_requires': (d) =>
    `Changed what publishing needs to every key ${d.to === 'translated' ? 'translated' : 'verified'}`,
  'story.published': (d) =>
    `Published “${text(d.name)}” in ${Array.isArray(d.codes) ? d.codes.map(text).join(', ') : ''}`,
  'sync.started': (d) => `Started a sync (${text(d.trigger)})`,
  'ai_run.started': (d) =>
    `Started an AI translation of ${formatQuantity(count(d.keys), 'key', 'keys')} (${formatQuantity(count(d.words), 'word', 'words')})`,
  'glossary.term_added': () => 'Added a glossary term',
  'glossary.term_edited': () => 'Edited a glossary term',
  'glossary.term_deleted': () => 'Deleted a glossary term',
};

/** An event as a sentence of the activity list; an event this screen does not know yet is shown by its name. */
export function describeEvent(event: AuditEvent): string {
  const sentence = sentences[event.action];
  return sentence ? sentence(event.detail ?? {}, event.target_name ?? 'someone') : event.action;
}
