/**
 * `npm run billing -- close-period <owner email | account id>`: closes the account's
 * running billing period now, as the end of the month would, issues its invoice and
 * charges it. The embedded database can be open in one process only, so this asks the
 * running console (from this machine only) instead of opening it.
 */
import { askLocalConsole, runScript } from './local-console';

const [command, account] = process.argv.slice(2);
const USAGE = 'Usage: npm run billing -- close-period <owner email | account id>';

async function main(): Promise<number> {
  if (command !== 'close-period' || !account) {
    console.error(USAGE);
    return 2;
  }
  const res = await askLocalConsole('/operator/billing/close-period', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-console-operator': 'close-period' },
    body: JSON.stringify({ account }),
  });
  if (!res) return 1;
  const body = (await res.json().catch(() => ({}))) as { data?: { accountId: string; closed: number; invoiced: number; paid: number; refused: number }; errors?: string[] };
  if (!res.ok || !body.data) {
    console.error(body.errors?.join(' ') ?? `The console answered ${res.status}.`);
    return 1;
  }
  const { accountId, closed, invoiced, paid, refused } = body.data;
  if (!closed) console.log(`Account ${accountId}: its running period began this instant; nothing to close.`);
  else if (!invoiced) console.log(`Account ${accountId}: period closed; nothing to pay, so no invoice.`);
  else
    console.log(
      `Account ${accountId}: period closed and invoiced; ${paid ? 'paid by the saved card' : refused ? 'the card was refused (the invoice stays open)' : 'no card on file (the invoice stays open)'}.`,
    );
  return 0;
}

runScript(main);
