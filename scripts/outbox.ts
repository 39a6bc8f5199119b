import { askLocalConsole, consolePort, runScript } from './local-console';

/**
 * `npm run outbox [count]`: prints the mail the console has kept in its
 * outbox, newest first. The embedded database can be open in one process
 * only, so this asks the running server (loopback only) instead of opening it.
 */
interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  createdAt: number;
}

const count = Math.max(1, Number(process.argv[2] ?? 10) || 10);

async function main(): Promise<number> {
  const res = await askLocalConsole('/outbox.json', { headers: { accept: 'application/json' } });
  if (!res) return 1;
  if (res.status === 403) {
    console.error('The console refused: the outbox can only be read from the machine it runs on.');
    return 1;
  }
  if (!res.ok || !(res.headers.get('content-type') ?? '').includes('application/json')) {
    console.error(`The console at port ${consolePort} keeps no outbox: with SMTP_URL set, mail goes out through SMTP.`);
    return 1;
  }
  const { data } = (await res.json()) as { data: OutboxMail[] };
  if (data.length === 0) {
    console.log('The outbox is empty.');
    return 0;
  }
  for (const mail of data.slice(0, count)) {
    console.log(`── ${new Date(mail.createdAt).toISOString()}  to ${mail.to}`);
    console.log(`   ${mail.subject}\n`);
    console.log(mail.text.replace(/^/gm, '   '));
    console.log();
  }
  console.log(`${Math.min(count, data.length)} of ${data.length} shown; the page http://localhost:${consolePort}/outbox lists them all.`);
  return 0;
}

runScript(main);
