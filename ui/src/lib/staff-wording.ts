//! Staff wording from data: an activity line (action key + parameters) and a coin-ledger reason
//! worded in the viewer's language, with money as money (฿4,400, never "440000 satang"), and a
//! permission's readable name. Pure: the caller passes its translator, which answers the key
//! itself when the message set lacks it (then the stored English text stands).
//!
//! Lines written before the log kept parameters (`params`) are parsed when their details have
//! one of the two shapes that carried numbers ("1 items, total 440000 satang", "stock 5 → 12
//! (+7): reason"); any other old line shows its details as stored.
import { formatMoney, formatNumber } from './format';

export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** What the activity viewer shows of one line. */
export type WordedLine = { action: string; target: string; details: string };

type Line = { action: string; target?: string; details?: string; params?: Partial<Record<string, string>> };

/** `order placed` → `orderPlaced`, `failed sign-in (local)` → `failedSignInLocal`. */
export function actionKey(action: string): string {
  const words = action
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('');
}

function known(t: Translate, key: string, params?: Record<string, string | number>): string | null {
  const text = t(key, params);
  return text === key ? null : text;
}

/** The parameters of a line: stored ones, or read back from an older line's details. */
export function lineParams(line: Line): Partial<Record<string, string>> | null {
  if (line.params && Object.keys(line.params).length) return line.params;
  const details = line.details ?? '';
  if (line.action === 'order placed') {
    const old = /^(\d+) items?, total (-?\d+) satang$/.exec(details);
    if (old) return { items: old[1], totalSatang: old[2] };
  }
  if (line.action === 'stock adjusted') {
    const old = /^(?:(\S+) )?stock (\d+) → (\d+) \(([+-]?\d+)\)(?:: (.*))?$/.exec(details);
    if (old) return { code: old[1] ?? '', before: old[2], after: old[3], delta: old[4], reason: old[5] ?? '' };
  }
  return null;
}

/** Parameter values as the viewer reads them: `…Satang` as money, plain numbers grouped. */
function shown(params: Partial<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value = ''] of Object.entries(params)) {
    if (name.endsWith('Satang') && /^-?\d+$/.test(value)) out[name.slice(0, -'Satang'.length)] = formatMoney(Number(value));
    else if (/^[+-]?\d+$/.test(value) && name !== 'code' && name !== 'reference') {
      const n = Number(value);
      out[name] = `${value.startsWith('+') ? '+' : ''}${formatNumber(n)}`;
    } else out[name] = value;
  }
  return out;
}

/** `order K000002` → `คำสั่งซื้อ K000002`; an unknown kind stays as stored. */
export function targetText(target: string, t: Translate): string {
  const space = target.indexOf(' ');
  if (space < 1) return target;
  const kind = known(t, `admin.activity.kinds.${target.slice(0, space)}`);
  return kind ? `${kind} ${target.slice(space + 1)}` : target;
}

/** An activity line in the viewer's language. */
export function wordLine(line: Line, t: Translate): WordedLine {
  const key = actionKey(line.action);
  const action = known(t, `admin.activity.actions.${key}`) ?? line.action;
  const target = line.target ? targetText(line.target, t) : '';
  const params = lineParams(line);
  let details = line.details ?? '';
  if (params) {
    const values = shown(params);
    const worded = known(t, `admin.activity.details.${key}`, values);
    if (worded) {
      details = worded;
      if (values.code) details = `${values.code} · ${details}`;
      if (values.reason) details = `${details}: ${values.reason}`;
    }
  }
  return { action, target, details };
}

type Coin = { reason: string; orderId: number | null };

/** A coin-ledger reason in the viewer's language: the program's own reasons (which name an
 * order) are worded; a clerk's words stay as typed. */
export function coinReason(entry: Coin, t: Translate): string {
  if (entry.orderId === null) return entry.reason;
  const shapes: [RegExp, string][] = [
    [/^order (\S+) delivered$/, 'orderDelivered'],
    [/^order (\S+) cancelled: coins returned$/, 'orderCancelled'],
    [/^review of order (\S+)$/, 'orderReviewed'],
    [/^order (\S+)$/, 'orderSpent'],
  ];
  for (const [shape, key] of shapes) {
    const found = shape.exec(entry.reason);
    if (found) return known(t, `admin.customers.coinReasons.${key}`, { order: found[1] ?? '' }) ?? entry.reason;
  }
  return entry.reason;
}

/** The message key of a permission's name: 'orders.read' → 'admin.permissions.ordersRead'. */
export function permissionNameKey(permission: string): string {
  const [area = '', verb = ''] = permission.split('.');
  return `admin.permissions.${area}${verb.charAt(0).toUpperCase()}${verb.slice(1)}`;
}
