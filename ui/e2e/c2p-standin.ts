// A stand-in for 2C2P's redirect payment page (version 8.5) during the browser journeys, on
// 127.0.0.1 with a random port. Written apart from the shop's Rust code, it is a second
// implementation of the signature rule: it refuses a request whose `hash_value` is not the
// HMAC-SHA256 of the documented field order, so the journey also checks the shop's signing.
//   POST /payment                  the browser's signed form → a page with Pay, Pending, Fail and
//                                  Cancel buttons (400 when version, merchant, hash… are wrong)
//   POST /payment/{order_id}/{code} notifies the shop (result_url_2) with the signed answer, then
//                                  sends the browser back to result_url_1 with the same fields
//   POST /control/notify?order_id=…&code=… sends only the server notification (a late success)
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const C2P_MERCHANT_ID = 'JT01';
export const C2P_SECRET_KEY = 'e2e-2c2p-signing-key-7Qx';

const REQUEST_FIELDS = [
  'version', 'merchant_id', 'payment_description', 'order_id', 'invoice_no', 'currency', 'amount', 'customer_email', 'pay_category_id',
  'promotion', 'user_defined_1', 'user_defined_2', 'user_defined_3', 'user_defined_4', 'user_defined_5', 'result_url_1', 'result_url_2',
  'enable_store_card', 'stored_card_unique_id', 'request_3ds', 'recurring', 'order_prefix', 'recurring_amount', 'allow_accumulate',
  'max_accumulate_amount', 'recurring_interval', 'recurring_count', 'charge_next_date', 'charge_on_date', 'payment_option',
  'ipp_interest_type', 'payment_expiry', 'default_lang', 'statement_descriptor', 'use_storedcard_only', 'tokenize_without_authorization',
  'product', 'ipp_period_filter', 'sub_merchant_list', 'qr_type', 'custom_route_id', 'airline_transaction', 'airline_passenger_list',
  'address_list',
];
const RESPONSE_FIELDS = [
  'version', 'request_timestamp', 'merchant_id', 'order_id', 'invoice_no', 'currency', 'amount', 'transaction_ref', 'approval_code', 'eci',
  'transaction_datetime', 'payment_channel', 'payment_status', 'channel_response_code', 'channel_response_desc', 'masked_pan',
  'stored_card_unique_id', 'backend_invoice', 'paid_channel', 'paid_agent', 'recurring_unique_id', 'user_defined_1', 'user_defined_2',
  'user_defined_3', 'user_defined_4', 'user_defined_5', 'browser_info', 'ippPeriod', 'ippInterestType', 'ippInterestRate',
  'ippMerchantAbsorbRate', 'payment_scheme', 'process_by', 'sub_merchant_list',
];

type Fields = Record<string, string>;
export type C2pStandin = { url: string; close: () => Promise<void>; notifications: { orderId: string; code: string; status: number }[] };

const sign = (fields: Fields, order: string[]) => createHmac('sha256', C2P_SECRET_KEY).update(order.map((name) => fields[name] ?? '').join('')).digest('hex');
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function readForm(request: IncomingMessage): Promise<Fields> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 64 * 1024) request.destroy(new Error('body too large'));
    });
    request.on('end', () => resolve(Object.fromEntries(new URLSearchParams(body))));
    request.on('error', reject);
  });
}

function html(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(`<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>2C2P stand-in</title></head><body>${body}</body></html>`);
}

function problemOf(fields: Fields): string | null {
  if (fields.version !== '8.5') return 'version must be 8.5';
  if (fields.merchant_id !== C2P_MERCHANT_ID) return 'unknown merchant_id';
  if (fields.currency !== '764') return 'currency must be 764';
  if (!/^\d{12}$/.test(fields.amount ?? '')) return 'amount must be 12 digits';
  if (!fields.order_id || fields.order_id.length > 20) return 'order_id must be 1 to 20 characters';
  if (!fields.result_url_1 || !fields.result_url_2) return 'result URLs are required';
  if ((fields.hash_value ?? '').toLowerCase() !== sign(fields, REQUEST_FIELDS)) return 'hash_value does not match';
  return null;
}

function answerFor(request: Fields, code: string): Fields {
  const now = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  // 2C2P's layout for the transaction's date and time; the shop refuses any other.
  const datetime = new Date().toISOString().slice(0, 19).replace('T', ' ');
  const fields: Fields = {
    version: '8.5',
    request_timestamp: now,
    merchant_id: request.merchant_id!,
    order_id: request.order_id!,
    invoice_no: request.invoice_no ?? '',
    currency: request.currency!,
    amount: request.amount!,
    transaction_ref: `T${request.order_id!.replace(/\W/g, '').slice(-11)}`,
    approval_code: code === '000' ? '654321' : '',
    eci: '05',
    transaction_datetime: datetime,
    payment_channel: '001',
    payment_status: code,
    channel_response_code: code === '000' ? '00' : '05',
    channel_response_desc: code === '000' ? 'Approved' : code === '003' ? 'Cancelled by user' : code === '001' ? 'Pending' : 'Declined',
    masked_pan: '411111XXXXXX1111',
    process_by: 'VI',
  };
  for (const key of Object.keys(fields)) if (fields[key] === '') delete fields[key];
  fields.hash_value = sign(fields, RESPONSE_FIELDS);
  return fields;
}

export async function startC2pStandin(): Promise<C2pStandin> {
  const requests = new Map<string, Fields>();
  const notifications: C2pStandin['notifications'] = [];
  const notify = async (request: Fields, code: string) => {
    const fields = answerFor(request, code);
    const answer = await fetch(request.result_url_2!, { method: 'POST', body: new URLSearchParams(fields) });
    notifications.push({ orderId: request.order_id!, code, status: answer.status });
    return fields;
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    void (async () => {
      if (request.method === 'POST' && url.pathname === '/payment') {
        const fields = await readForm(request);
        const problem = problemOf(fields);
        if (problem) return html(response, 400, `<h1>Payment request refused</h1><p id="problem">${escapeHtml(problem)}</p>`);
        requests.set(fields.order_id!, fields);
        const amount = (Number(fields.amount) / 100).toFixed(2);
        const button = (code: string, label: string) =>
          `<form method="post" action="/payment/${encodeURIComponent(fields.order_id!)}/${code}"><button type="submit">${label}</button></form>`;
        return html(
          response,
          200,
          `<h1>2C2P stand-in</h1><p>Order <span id="order-id">${escapeHtml(fields.order_id!)}</span> · THB <span id="amount">${amount}</span> · lang <span id="lang">${escapeHtml(fields.default_lang ?? '')}</span></p>` +
            button('000', 'Pay') + button('001', 'Pending') + button('002', 'Fail') + button('003', 'Cancel'),
        );
      }
      const finish = /^\/payment\/([^/]+)\/(\d{3})$/.exec(url.pathname);
      if (request.method === 'POST' && finish) {
        await readForm(request);
        const stored = requests.get(decodeURIComponent(finish[1]!));
        if (!stored) return html(response, 404, '<h1>No such payment</h1>');
        const fields = await notify(stored, finish[2]!);
        const inputs = Object.entries(fields)
          .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
          .join('');
        return html(
          response,
          200,
          `<form id="back" method="post" action="${escapeHtml(stored.result_url_1!)}">${inputs}<button type="submit">Return to the shop</button></form><script>document.getElementById('back').submit()</script>`,
        );
      }
      if (request.method === 'POST' && url.pathname === '/control/notify') {
        await readForm(request);
        const stored = requests.get(url.searchParams.get('order_id') ?? '');
        if (!stored) return html(response, 404, 'no such payment');
        await notify(stored, url.searchParams.get('code') ?? '000');
        response.writeHead(204);
        return response.end();
      }
      html(response, 404, 'not found');
    })().catch((error: unknown) => {
      if (!response.headersSent) html(response, 500, escapeHtml(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    notifications,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
