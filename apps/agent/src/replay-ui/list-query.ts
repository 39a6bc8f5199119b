import { HttpError } from '../http.ts';
import { type SessionFilter, parseFilter } from '../storage/query/filters.ts';
import { type DisplaySettings, type DurationUnit, type RangePreset, UNIT_SECONDS, isRangePreset, presetRange, wallClockToMs } from './display.ts';

/**
 * The Sessions page's form, as its GET query: what a person picks (a range preset, the duration
 * as operator, count and unit, 'has errors' as any/yes/no, metadata as key=value lines), turned
 * into the session API's filter and read by the API's own parser (storage/query/filters.ts), so a
 * rule on user ids, pages or cursors lives in one place. An empty field is no filter (a form sends
 * every field); an unknown or repeated field, or a value out of range, is a 400 naming it.
 */

export interface ListForm {
  range: RangePreset;
  from: string;
  to: string;
  op: '<' | '>';
  count: string;
  unit: DurationUnit;
  userId: string;
  page: string;
  errors: 'any' | 'yes' | 'no';
  meta: string;
}

const FIELDS = ['range', 'from', 'to', 'op', 'count', 'unit', 'userId', 'page', 'errors', 'meta', 'cursor'];
const MAX_FIELD = 4096;
/** The spec's default pagination (§9). */
export const PAGE_SIZE = 10;

const bad = (message: string) => new HttpError(400, message);

/** The form as the session settings open it: every range, their duration filter. */
export function defaultForm(display: DisplaySettings): ListForm {
  const { operator, count, unit } = display.durationFilter;
  return { range: 'any', from: '', to: '', op: operator, count: String(count), unit, userId: '', page: '', errors: 'any', meta: '' };
}

/** The form's values, as typed (to show them again, with an error or a result), unchecked beyond their kinds. */
export function readForm(params: URLSearchParams, display: DisplaySettings): ListForm {
  for (const name of new Set(params.keys())) {
    if (!FIELDS.includes(name)) throw bad(`Unknown field ${name}: use ${FIELDS.join(', ')}`);
    if (params.getAll(name).length > 1) throw bad(`${name} may be given once`);
    if ((params.get(name) ?? '').length > MAX_FIELD) throw bad(`${name} must be at most ${MAX_FIELD} characters`);
  }
  const form = defaultForm(display);
  const given = (name: string) => params.get(name)?.trim() ?? '';
  const range = given('range') || form.range;
  if (!isRangePreset(range)) throw bad('range must be one of the presets');
  const op = given('op') || form.op;
  if (op !== '<' && op !== '>') throw bad("The duration's operator must be < or >");
  const unit = given('unit') || form.unit;
  if (!Object.hasOwn(UNIT_SECONDS, unit)) throw bad("The duration's unit must be sec, min or hour");
  const errors = given('errors') || form.errors;
  if (errors !== 'any' && errors !== 'yes' && errors !== 'no') throw bad('Has errors must be any, yes or no');
  const count = params.has('count') ? given('count') : form.count;
  return { range, from: given('from'), to: given('to'), op, count, unit: unit as DurationUnit, userId: given('userId'), page: given('page'), errors, meta: params.get('meta') ?? '' };
}

/** The session API's query for the form at `now`: the range resolved in the settings' time zone. */
export function filterOf(form: ListForm, cursor: string | null, now: number, timezone: string): SessionFilter {
  const api = new URLSearchParams();
  const range = form.range === 'custom' ? customRange(form, timezone) : presetRange(form.range, now, timezone);
  if (range.from !== undefined) api.set('from', String(range.from));
  if (range.to !== undefined) api.set('to', String(range.to));
  if (form.count !== '') {
    if (!/^\d{1,9}$/.test(form.count)) throw bad("The duration's count must be a whole number, 0 or more");
    api.set('durationOp', form.op);
    api.set('durationSec', String(Number(form.count) * UNIT_SECONDS[form.unit]));
  }
  if (form.userId) api.set('userId', form.userId);
  if (form.page) api.set('page', form.page);
  if (form.errors !== 'any') api.set('hasErrors', String(form.errors === 'yes'));
  for (const line of form.meta
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean))
    api.append('meta', line);
  if (cursor) api.set('cursor', cursor);
  api.set('limit', String(PAGE_SIZE));
  return parseFilter(api);
}

function customRange(form: ListForm, timezone: string): { from?: number; to?: number } {
  if (!form.from && !form.to) throw bad('A custom range needs a start, an end, or both');
  return {
    from: form.from ? wallClockToMs(form.from, timezone, 'The start') : undefined,
    to: form.to ? wallClockToMs(form.to, timezone, 'The end') : undefined,
  };
}

/** The page's own query for the same form: for the next page's link. */
export function formQuery(form: ListForm, cursor?: string): string {
  const query = new URLSearchParams(Object.entries(form).filter(([, v]) => v !== ''));
  if (cursor) query.set('cursor', cursor);
  return query.toString();
}
