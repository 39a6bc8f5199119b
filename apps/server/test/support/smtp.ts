import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback that keeps what it receives: the console's mail leaves through nodemailer's SMTP client. */
export async function startSmtpReceiver(opts: { port?: number } = {}) {
  const received: string[] = [];
  const waiting: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      let message = '';
      stream.on('data', (chunk: Buffer) => (message += chunk.toString('utf8')));
      stream.on('end', () => {
        // Undo quoted-printable (soft line breaks, =3D) so the test reads the text as sent.
        received.push(message.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))));
        waiting.splice(0).forEach((wake) => wake());
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves once `count` messages have arrived: the condition, not a delay. */
    until: (count: number) => new Promise<void>((resolve) => (received.length >= count ? resolve() : waiting.push(() => received.length >= count && resolve()))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
